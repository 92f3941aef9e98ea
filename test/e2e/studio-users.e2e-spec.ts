import { generateSync } from 'otplib';
import { createRole, createUser } from '../factories/user.factory';
import { startSmtpSink, SmtpSink } from '../helpers/smtp-sink';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('Vellum Studio: users in Chromium', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let studio: StudioBrowser;
  let editors: string;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: smtp.env });
    editors = await createRole(t, { name: 'Editors' });
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));
  afterAll(() => smtp.close());

  it('invites a user by email with a role: the mail goes out and the user is listed as invited', async () => {
    const page = studio.page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByLabel('Email to invite').fill('new.editor@example.com');
    await page.getByLabel('Role of the invited user').selectOption({ label: 'Editors' });
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByRole('status').filter({ hasText: 'Invitation sent to new.editor@example.com.' }).waitFor();
    expect((await smtp.waitFor('new.editor@example.com')).html).toMatch(/accept-invite\?token=/);
    const row = page.getByRole('row').filter({ hasText: 'new.editor@example.com' });
    await row.getByRole('cell', { name: 'invited' }).waitFor();
    await row.getByRole('cell', { name: 'Editors' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const [user] = (await t.as('admin').get('/users?filter[email][_eq]=new.editor@example.com')).body.data;
    expect(user).toMatchObject({ status: 'invited', role: editors });
  });

  it('suspends a user, who can no longer sign in, and resets their two-factor', async () => {
    const page = studio.page;
    const user = await createUser(t, editors);
    const { secret } = (
      await t.as(user.token).post('/users/me/tfa/generate').send({ password: user.password }).expect(200)
    ).body.data;
    await t
      .as(user.token)
      .post('/users/me/tfa/enable')
      .send({ secret, otp: generateSync({ secret }) })
      .expect(204);
    await page.goto(`${studio.baseUrl}/admin/users/${user.id}`);
    await page.getByRole('heading', { name: user.email }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Reset two-factor' }).click();
    await page.getByRole('status').filter({ hasText: 'Two-factor sign-in is off' }).waitFor();
    await t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password }).expect(200);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Status').selectOption('suspended');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await t.as('admin').get(`/users/${user.id}`)).body.data).toMatchObject({
      first_name: 'Ada',
      status: 'suspended',
    });
    expect(
      (await t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password })).status,
    ).toBe(401);
  });
});
