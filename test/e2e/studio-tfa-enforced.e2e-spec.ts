import { generateSync } from 'otplib';
import { createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { seriousViolations, startStudioBrowser, StudioBrowser, studioHooks } from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

/** A policy that enforces two-factor sign-in: the Studio has its users set it up before anything else. */
describe('Vellum Studio: enforced two-factor sign-in in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  let policy: string;
  beforeAll(async () => {
    t = await createTestApp();
    policy = (
      await t.as('admin').post('/policies').send({ name: 'Careful', app_access: true, enforce_tfa: true }).expect(200)
    ).body.data.id;
    studio = await startStudioBrowser(t);
  });
  studioHooks(() => ({ studio, t }));

  const gate = () => studio.page.getByRole('heading', { name: 'Set up two-factor sign-in' });

  it('sends a user of such a policy to the two-factor setup from every page until it is on, then to the page they asked for', async () => {
    const user = await createUser(t, { role: null, policies: [{ policy }] });
    const page = await studio.newPage();
    await page.goto(`${studio.baseUrl}/admin/activity`);
    await studio.signIn(user.email, user.password);
    await gate().waitFor();
    expect(await page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${studio.baseUrl}/admin/profile`);
    await gate().waitFor();

    await page.getByLabel('Your password, to set up two-factor sign-in').fill(user.password);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await page.locator('code').innerText()).trim();
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Turn two-factor sign-in on' }).click();
    await page.getByRole('alert').waitFor();
    await gate().waitFor();
    await page.getByLabel('Code from your authenticator app').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Turn two-factor sign-in on' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    expect(await gate().count()).toBe(0);
    const login = (otp?: string) =>
      t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password, otp });
    await expectError(login(), 401, 'INVALID_OTP');
    await login(generateSync({ secret })).expect(200);
  });

  it('lets a user whose policies do not enforce it straight in', async () => {
    const user = await createUser(t, {
      role: null,
      policies: [
        {
          policy: (await t.as('admin').post('/policies').send({ name: 'Relaxed', app_access: true }).expect(200)).body
            .data.id,
        },
      ],
    });
    const page = await studio.newPage();
    await page.goto(`${studio.baseUrl}/admin/activity`);
    await studio.signIn(user.email, user.password);
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    expect(await gate().count()).toBe(0);
  });

  it('no longer sends the user there once the policy stops enforcing it', async () => {
    const user = await createUser(t, { role: null, policies: [{ policy }] });
    const page = await studio.newPage();
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await studio.signIn(user.email, user.password);
    await gate().waitFor();
    await t.as('admin').patch(`/policies/${policy}`).send({ enforce_tfa: false }).expect(200);
    await page.reload();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    expect(await gate().count()).toBe(0);
  });
});
