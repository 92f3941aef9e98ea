import { generateSync } from 'otplib';
import { createCollection } from '../factories/collection.factory';
import { createRole, createUser } from '../factories/user.factory';
import { seriousViolations, startStudioBrowser, StudioBrowser } from '../helpers/studio-browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';

describe('Vellum Studio: two-factor sign-in, keyboard use, network failures and session renewal in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    // A short session: a page reloaded without renewing it would be signed out within seconds.
    t = await createTestApp({ env: { SESSION_COOKIE_TTL: '8s' } });
    await createCollection(t, 'notes', [{ field: 'text', type: 'string' }]);
    await t
      .as('admin')
      .post('/items/notes')
      .send([{ text: 'remember the milk' }])
      .expect(200);
    studio = await startStudioBrowser(t);
  });
  afterEach(async () => {
    await studio.screenshot(expect.getState().currentTestName ?? 'test');
  });
  afterAll(async () => {
    await studio?.close();
    await t.close();
  });

  it('signs in with the keyboard alone and reaches the content by Tab and Enter', async () => {
    const page = await studio.newPage();
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await page.getByLabel('Email', { exact: true }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_EMAIL);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByText(ADMIN_EMAIL).waitFor();
    const link = page.getByRole('link', { name: 'notes' });
    const focused = () =>
      link.evaluate(
        (el) => el === (el as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement,
      );
    // Past the navigation's toggle, the header's notifications and the sections' links (Content, Files, Users, Roles, Policies, Activity, Settings, Data model, Schema moves, Your account) to the first collection.
    for (let i = 0; i < 13 && !(await focused()); i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe(true);
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: /^1 item$/ })
      .waitFor();
  });

  it('asks for the one-time code of a user with two-factor on, and signs them in with it', async () => {
    // App access lets the user read their own row, whose email the Studio shows once signed in; a user
    // without a role reads only their id (API.md), as with the reference.
    const user = await createUser(t, await createRole(t));
    const { secret } = (
      await t.as(user.token).post('/users/me/tfa/generate').send({ password: user.password }).expect(200)
    ).body.data;
    await t
      .as(user.token)
      .post('/users/me/tfa/enable')
      .send({ secret, otp: generateSync({ secret }) })
      .expect(204);
    const page = await studio.newPage();
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await studio.signIn(user.email, user.password);
    const otp = page.getByLabel('One-time code');
    await otp.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await otp.fill('000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await otp.fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(user.email).waitFor();
  });

  it('says when the server cannot be reached and loads the page on retry', async () => {
    const page = await studio.newPage();
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await studio.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByText(ADMIN_EMAIL).waitFor();
    await page.route('**/items/notes?**', (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: 'notes' }).click();
    await page.getByRole('alert').filter({ hasText: 'The server cannot be reached' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute('**/items/notes?**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('link', { name: 'remember the milk' }).waitFor();
  });

  it('keeps renewing the session after a page reload, past the session lifetime', async () => {
    const page = await studio.newPage();
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await studio.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByText(ADMIN_EMAIL).waitFor();
    await page.reload();
    await page.getByText(ADMIN_EMAIL).waitFor();
    await page.waitForTimeout(12_000);
    await page.getByRole('link', { name: 'notes' }).click();
    await page.getByRole('link', { name: 'remember the milk' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/content\/notes$/);
  }, 30_000);
});
