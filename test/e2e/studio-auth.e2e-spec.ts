import type { Email } from 'postal-mime';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { createRole, createUser } from '../factories/user.factory';
import { endTestPage, freePort, launchStudioBrowser, listenOnLoopback, seriousA11yViolations, StudioBrowser } from '../helpers/studio-browser';
import { startSmtpSink, SmtpSink } from '../helpers/smtp-sink';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** The link of a mail's HTML part, as a mail client would follow it. */
function mailLink(mail: Email): string {
  const href = /href="([^"]+)"/.exec(mail.html ?? '')?.[1];
  if (!href) throw new Error(`no link in the mail: ${mail.html}`);
  return href.replace(/&amp;/g, '&');
}

describe('Vellum Studio: signing in, passwords and invites in a real browser', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let studio: StudioBrowser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      env: { ...smtp.env, PUBLIC_URL: base },
    });
    await listenOnLoopback(t.server, port);
    studio = await launchStudioBrowser();
  });
  beforeEach(async () => {
    page = await studio.newPage();
  });
  afterEach(() => endTestPage(page, 'studio-auth'));
  afterAll(async () => {
    await studio?.close();
    await t?.close();
    await smtp?.close();
  });

  async function signIn(email: string, password: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function expectAccessible(): Promise<void> {
    expect(await seriousA11yViolations(page)).toEqual([]);
  }

  it('sends a signed-out deep link to sign-in, shows a refused password, returns after signing in, and signs out', async () => {
    await page.goto(`${base}/admin/content`);
    await page.waitForURL(`${base}/admin/login?redirect=%2Fadmin%2Fcontent`);
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await expectAccessible();

    await signIn(ADMIN_EMAIL, 'not-the-password');
    await expect(page.getByRole('alert').innerText()).resolves.toContain('Invalid user credentials.');

    await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(`${base}/admin/content`);
    await page.getByText(ADMIN_EMAIL).waitFor();
    await expect(page.getByRole('heading', { name: 'Content' }).isVisible()).resolves.toBe(true);
    await expectAccessible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/admin/login`);
    await page.goto(`${base}/admin/content`);
    await page.waitForURL(/\/admin\/login\?redirect=/);
  });

  it('asks for the one-time code of a user with two-factor sign-in', async () => {
    const user = await createUser(t);
    const token = await t.login(user.email, user.password);
    const { secret } = (await t.as(token).post('/users/me/tfa/generate').send({ password: user.password })).body.data;
    expect((await t.as(token).post('/users/me/tfa/enable').send({ secret, otp: generateSync({ secret }) })).status).toBe(204);

    await page.goto(`${base}/admin/login`);
    await signIn(user.email, user.password);
    await page.getByLabel('One-time code').fill(generateSync({ secret }));
    await expectAccessible();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/admin/content`);
    await page.getByText(user.email).waitFor();
  });

  it('resets a forgotten password from the mailed link, with the policy message and a used-link message', async () => {
    const user = await createUser(t);
    await page.goto(`${base}/admin/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').innerText()).resolves.toContain('a mail with a link to set a new password is on its way');
    await expectAccessible();

    const link = mailLink(await smtp.waitFor(user.email));
    expect(link.startsWith(`${base}/admin/reset-password?token=`)).toBe(true);
    expect((await t.as('admin').patch('/settings').send({ auth_password_policy: '/^.{20,}$/' })).status).toBe(200);
    try {
      await page.goto(link);
      await setNewPassword('too-short-1');
      await expect(page.getByRole('alert').innerText()).resolves.toContain("Provided password doesn't match password policy.");
      await setNewPassword('a-long-enough-new-password');
      await expect(page.getByRole('status').innerText()).resolves.toContain('Your password is changed');
      await expectAccessible();
    } finally {
      await t.as('admin').patch('/settings').send({ auth_password_policy: null });
    }

    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(user.email, 'a-long-enough-new-password');
    await page.waitForURL(`${base}/admin/content`);

    await page.goto(link);
    await setNewPassword('yet-another-password-123');
    await expect(page.getByRole('alert').innerText()).resolves.toContain('This reset link has expired or was already used.');
    await expectAccessible();
  });

  async function setNewPassword(password: string): Promise<void> {
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: /Set password|Accept and sign in/ }).click();
  }

  it('lets an invited user choose a password from the mailed link and signs them in', async () => {
    const email = `${uniq('invitee')}@example.com`;
    const role = await createRole(t);
    expect((await t.as('admin').post('/users/invite').send({ email, role })).status).toBe(204);
    const link = mailLink(await smtp.waitFor(email));
    expect(link.startsWith(`${base}/admin/accept-invite?token=`)).toBe(true);

    await page.goto(link);
    await expect(page.getByText(`Choose a password for ${email}.`).isVisible()).resolves.toBe(true);
    await expectAccessible();
    await setNewPassword('invitee-password-1');
    await page.waitForURL(`${base}/admin/content`);
    await page.getByText(email).waitFor();
    // A role without schema access: the API's refusal is a sentence, not a blank page.
    await expect(page.getByRole('alert').innerText()).resolves.toContain('Your role may not list the collections');
    expect((await t.as('anonymous').post('/auth/login').send({ email, password: 'invitee-password-1' })).status).toBe(200);
  });
});
