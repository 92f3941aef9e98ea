import { startSmtpSink, SmtpSink } from '../helpers/smtp-sink';
import { linkIn, seriousViolations, startStudioBrowser, StudioBrowser } from '../helpers/studio-browser';
import { createRole, createUser } from '../factories/user.factory';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';

describe('Vellum Studio: signing in, password reset and invites in Chromium', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let studio: StudioBrowser;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: smtp.env });
    studio = await startStudioBrowser(t);
  });
  afterEach(async () => {
    await studio.screenshot(expect.getState().currentTestName ?? 'test');
  });
  afterAll(async () => {
    await studio?.close();
    await t.close();
    await smtp.close();
  });

  it('serves the app with cache headers fit for hashed assets and falls back to it on deep links', async () => {
    const index = await fetch(`${studio.baseUrl}/admin/content/anything/deep`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const asset = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)![1];
    const js = await fetch(`${studio.baseUrl}${asset}`);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${studio.baseUrl}/admin/assets/missing.js`)).status).toBe(404);
  });

  it('sends a signed-out visitor to sign-in, refuses a wrong password, then brings them back to the deep link', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/svc_missing`);
    await page.getByRole('heading', { name: 'Vellum Studio' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await studio.signIn(ADMIN_EMAIL, 'wrong-password');
    await page.getByRole('alert').waitFor();
    await studio.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(`${studio.baseUrl}/admin/content/svc_missing`);
    await page.getByText(ADMIN_EMAIL).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Vellum Studio' }).waitFor();
    await page.goto(`${studio.baseUrl}/admin/content`);
    await page.waitForURL(/\/admin\/signin\?from=/);
  });

  it('tells a user whose role has no app access why no collection is listed', async () => {
    const user = await createUser(t, { role: await createRole(t, { app_access: false }) });
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content`);
    await studio.signIn(user.email, user.password);
    await page.getByRole('alert').filter({ hasText: 'Your role has no app access' }).waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Vellum Studio' }).waitFor();
  });

  it('mails a reset link from "forgot password"; the link sets a new password that signs in, and is spent afterwards', async () => {
    const email = 'reset-me@example.com';
    await t.as('admin').post('/users').send({ email, password: 'old-password-1', role: null }).expect(200);
    const page = await studio.newPage();
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await page.getByText('Forgot password?').click();
    await page.getByLabel('Email for the reset link').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'reset link is on its way' }).waitFor();
    const link = linkIn((await smtp.waitFor(email)).html ?? '', studio.baseUrl, '/admin/reset-password');
    await page.goto(link);
    expect(await seriousViolations(page)).toEqual([]);
    await t.as('admin').patch('/settings').send({ auth_password_policy: '^.{20,}$' }).expect(200);
    await page.getByLabel('New password', { exact: true }).fill('too-short');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('alert').waitFor();
    await t.as('admin').patch('/settings').send({ auth_password_policy: null }).expect(200);
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    expect((await t.as('anonymous').post('/auth/login').send({ email, password: 'new-password-2' })).status).toBe(200);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-password-3');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
  });

  it('opens the mailed invite link, sets the password and lands signed in', async () => {
    const email = 'invitee@example.com';
    const role = (await t.as('admin').post('/roles').send({ name: 'Invitees', app_access: true }).expect(200)).body.data
      .id;
    await t.as('admin').post('/users/invite').send({ email, role }).expect(204);
    const link = linkIn((await smtp.waitFor(email)).html ?? '', studio.baseUrl, '/admin/accept-invite');
    const page = await studio.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    await page.getByLabel('New password', { exact: true }).press('Tab');
    await page.getByLabel('New password', { exact: true }).fill('invited-password-1');
    await page.keyboard.press('Enter');
    await page.getByText(email).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const user = (await t.as('admin').get(`/users?filter[email][_eq]=${email}`)).body.data[0];
    expect(user.status).toBe('active');
  });
});
