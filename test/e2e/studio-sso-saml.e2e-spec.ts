import { DataSource } from 'typeorm';
import { createRole, grant } from '../factories/user.factory';
import { freePort } from '../helpers/free-port';
import { TestSamlIdp } from '../helpers/saml-idp';
import { startStudioBrowser, StudioBrowser } from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';
import { provisionDatabase, TestDatabase } from '../helpers/test-database';

describe('Vellum Studio: single sign-on through a SAML identity provider in Chromium', () => {
  let database: TestDatabase;
  let idp: TestSamlIdp;
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
    database = await provisionDatabase();
    const first = await createTestApp({ database });
    const role = await createRole(first);
    await grant(first, role, 'svc_users', 'read');
    await first.close();
    t = await createTestApp({
      database,
      env: {
        PUBLIC_URL: publicUrl,
        AUTH_PROVIDERS: 'corp',
        AUTH_CORP_DRIVER: 'saml',
        AUTH_CORP_IDP_metadata: idp.metadata(),
        AUTH_CORP_LABEL: 'Corp SAML',
        AUTH_CORP_ALLOW_PUBLIC_REGISTRATION: 'true',
        AUTH_CORP_DEFAULT_ROLE_ID: role,
      },
    });
    studio = await startStudioBrowser(t, port);
  });
  afterEach(async () => {
    await studio?.screenshot(expect.getState().currentTestName ?? 'test');
  });
  afterAll(async () => {
    await studio?.close();
    await t?.close();
    await idp?.close();
    await database?.drop();
  });

  it('signs a new person in through the IdP\'s posted response and lands on the page they asked for', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/users`);
    await page.waitForURL(/\/admin\/signin\?from=/);
    await page.getByRole('link', { name: 'Sign in with Corp SAML' }).click();
    await page.waitForURL(`${studio.baseUrl}/admin/users`);
    await page.getByText('grace@corp.test').first().waitFor();
    const [row] = await t.app.get(DataSource).query(`SELECT provider, external_identifier FROM svc_users WHERE email = 'grace@corp.test'`);
    expect(row).toEqual({ provider: 'corp', external_identifier: 'grace' });
  });
});
