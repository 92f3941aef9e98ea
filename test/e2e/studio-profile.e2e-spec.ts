import { generateSync } from 'otplib';
import { createRole, createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { seriousViolations, startStudioBrowser, StudioBrowser, studioHooks } from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

describe("Vellum Studio: the signed-in user's own account in Chromium", () => {
  let t: TestApp;
  let studio: StudioBrowser;
  let user: { email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t, await createRole(t));
    studio = await startStudioBrowser(t);
    await studio.page.goto(`${studio.baseUrl}/admin/signin`);
    await studio.signIn(user.email, user.password);
    await studio.page.getByText(user.email).waitFor();
  });
  studioHooks(() => ({ studio, t }));
  const login = (password: string, otp?: string) =>
    t.as('anonymous').post('/auth/login').send({ email: user.email, password, otp });

  it('changes the password, which the API then takes instead of the old one', async () => {
    const page = studio.page;
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByLabel('New password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password is changed.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await login('a-brand-new-password').expect(200);
    await expectError(login(user.password), 401, 'INVALID_CREDENTIALS');
    user.password = 'a-brand-new-password';
  });

  it('sets up two-factor sign-in from the QR code and its first code, then turns it off', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/profile`);
    await page.getByLabel('Your password, to set up two-factor sign-in').fill(user.password);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code of your two-factor secret' });
    await page.waitForFunction(
      (img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0,
      await qr.elementHandle(),
    );
    const secret = (await page.locator('code').innerText()).trim();
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Turn two-factor sign-in on' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Code from your authenticator app').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Turn two-factor sign-in on' }).click();
    await page.getByRole('status').filter({ hasText: 'Two-factor sign-in is on.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expectError(login(user.password), 401, 'INVALID_OTP');
    await login(user.password, generateSync({ secret })).expect(200);

    await page.getByLabel('Code from your authenticator app').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Turn two-factor sign-in off' }).click();
    await page.getByRole('status').filter({ hasText: 'Two-factor sign-in is off.' }).waitFor();
    await login(user.password).expect(200);
  });
});
