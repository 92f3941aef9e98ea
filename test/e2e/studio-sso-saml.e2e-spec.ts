import { DataSource } from 'typeorm';
import { freePort } from '../helpers/free-port';
import { TestSamlIdp } from '../helpers/saml-idp';
import { SsoStudio, startSsoStudio } from '../helpers/sso-studio';
import type { StudioBrowser } from '../helpers/studio-browser';
import type { TestApp } from '../helpers/test-app';

describe('Vellum Studio: single sign-on through a SAML identity provider in Chromium', () => {
  let idp: TestSamlIdp;
  let sso: SsoStudio;
  let t: TestApp;
  let studio: StudioBrowser;

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    idp = new TestSamlIdp();
    await idp.serve({
      nameId: 'grace',
      attributes: { emailaddress: 'grace@corp.test' },
      audience: `${publicUrl}/auth/login/corp/metadata`,
      destination: `${publicUrl}/auth/login/corp/acs`,
    });
    sso = await startSsoStudio(port, (role) => ({
      AUTH_PROVIDERS: 'corp',
      AUTH_CORP_DRIVER: 'saml',
      AUTH_CORP_IDP_metadata: idp.metadata(),
      AUTH_CORP_LABEL: 'Corp SAML',
      AUTH_CORP_ALLOW_PUBLIC_REGISTRATION: 'true',
      AUTH_CORP_DEFAULT_ROLE_ID: role,
    }));
    ({ t, studio } = sso);
  });
  afterEach(async () => {
    await studio?.screenshot(expect.getState().currentTestName ?? 'test');
  });
  afterAll(async () => {
    await sso?.close();
    await idp?.close();
  });

  it("signs a new person in through the IdP's posted response and lands on the page they asked for", async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/users`);
    await page.waitForURL(/\/admin\/signin\?from=/);
    await page.getByRole('link', { name: 'Sign in with Corp SAML' }).click();
    await page.waitForURL(`${studio.baseUrl}/admin/users`);
    await page.getByText('grace@corp.test').first().waitFor();
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT provider, external_identifier FROM svc_users WHERE email = 'grace@corp.test'`);
    expect(row).toEqual({ provider: 'corp', external_identifier: 'grace' });
  });
});
