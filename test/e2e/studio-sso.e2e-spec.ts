import { DataSource } from 'typeorm';
import { freePort } from '../helpers/free-port';
import { startOidcProvider, TEST_CLIENT, TestOidcProvider } from '../helpers/oidc-provider';
import { SsoStudio, startSsoStudio } from '../helpers/sso-studio';
import { seriousViolations, StudioBrowser } from '../helpers/studio-browser';
import type { TestApp } from '../helpers/test-app';

function providerEnv(name: string, issuer: string, extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {
    DRIVER: 'openid',
    ISSUER_URL: issuer,
    CLIENT_ID: TEST_CLIENT.id,
    CLIENT_SECRET: TEST_CLIENT.secret,
    ...extra,
  };
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [`AUTH_${name}_${k}`, v]));
}

describe('Vellum Studio: single sign-on through an OpenID provider in Chromium', () => {
  let provider: TestOidcProvider;
  let sso: SsoStudio;
  let t: TestApp;
  let studio: StudioBrowser;

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider(
      ['corp', 'closed'].map((name) => `${publicUrl}/auth/login/${name}/callback`),
      { erin: { email: 'erin@corp.test', given_name: 'Erin' }, frank: { email: 'frank@corp.test' } },
    );
    sso = await startSsoStudio(port, (role) => ({
      AUTH_PROVIDERS: 'corp,closed',
      AUTH_DISABLE_DEFAULT: 'true',
      ...providerEnv('CORP', provider.issuer, {
        LABEL: 'Corp ID',
        ALLOW_PUBLIC_REGISTRATION: 'true',
        DEFAULT_ROLE_ID: role,
      }),
      ...providerEnv('CLOSED', provider.issuer, { LABEL: 'Closed ID' }),
    }));
    ({ t, studio } = sso);
  });
  afterEach(async () => {
    await studio?.screenshot(expect.getState().currentTestName ?? 'test');
  });
  afterAll(async () => {
    await sso?.close();
    await provider?.close();
  });

  /** Signs in as `login` on the provider's development pages, then consents if the provider asks (it remembers a grant). */
  async function atProvider(login: string): Promise<void> {
    const page = studio.page;
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();
    const back = page
      .waitForURL((url) => url.href.startsWith(studio.baseUrl))
      .then(
        () => false,
        () => false,
      );
    const asked = page
      .locator('input[name="prompt"][value="consent"]')
      .waitFor({ state: 'attached' })
      .then(
        () => true,
        () => false,
      );
    if (await Promise.race([back, asked])) await page.locator('button[type="submit"]').click();
  }

  it('shows a button per provider and no password form when AUTH_DISABLE_DEFAULT is on', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await page.getByRole('link', { name: 'Sign in with Corp ID' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in with Closed ID' }).count()).toBe(1);
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Forgot password?').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('signs a new person in through the provider and lands on the page they asked for', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/users`);
    await page.waitForURL(/\/admin\/signin\?from=/);
    await page.getByRole('link', { name: 'Sign in with Corp ID' }).click();
    await atProvider('erin');
    await page.waitForURL(`${studio.baseUrl}/admin/users`);
    await page.getByText('erin@corp.test').first().waitFor();
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT provider, external_identifier FROM svc_users WHERE email = 'erin@corp.test'`);
    expect(row).toEqual({ provider: 'corp', external_identifier: 'erin' });
  });

  it("comes back to the sign-in page with the reason when the provider's person has no account", async () => {
    const page = await studio.newPage();
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await page.getByRole('link', { name: 'Sign in with Closed ID' }).click();
    await atProvider('frank');
    await page.waitForURL(/\/admin\/signin\?reason=INVALID_CREDENTIALS/);
    await page.getByRole('alert').filter({ hasText: 'no account for you' }).waitFor();
  });
});
