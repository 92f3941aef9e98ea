import { Browser, chromium, Page } from 'playwright-core';
import { freePort } from '../helpers/free-port';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';

/** Debian's chromium (`apt-get install -y chromium`), driven headless as a user would click through /docs. */
const CHROMIUM = '/usr/bin/chromium';

describe('Swagger UI at /docs in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;
  beforeAll(async () => {
    // Try-it-out calls the document's server, PUBLIC_URL: the address the app is served at, as deployed.
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { PUBLIC_URL: baseUrl } });
    await t.app.listen(port, '127.0.0.1');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  /** Opens an operation, presses "Try it out", optionally types a JSON body, executes, returns the response body text. */
  async function tryOut(operationId: string, body?: object): Promise<{ status: string; text: string }> {
    const operation = page.locator(`[id$="-${operationId}"]`);
    await operation.locator('.opblock-summary').first().click();
    await operation.locator('button.try-out__btn').click();
    if (body) await operation.locator('textarea.body-param__text').fill(JSON.stringify(body));
    await operation.locator('button.execute').click();
    const response = operation.locator('.live-responses-table .response').first();
    await response.waitFor();
    return {
      status: (await response.locator('.response-col_status').innerText()).trim(),
      text: await response.locator('.response-col_description pre').first().innerText(),
    };
  }

  it('logs in through try-it-out, authorizes with the bearer token and reads GET /users/me', async () => {
    await page.goto(`${baseUrl}/docs`);
    await page.locator('.swagger-ui .information-container').waitFor();

    const login = await tryOut('login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.status).toBe('200');
    const token = (JSON.parse(login.text) as { data: { access_token: string } }).data.access_token;
    expect(token).toEqual(expect.any(String));

    await page.locator('button.btn.authorize').first().click();
    // The dialog has a form per security scheme (bearerAuth, accessTokenQuery, sessionCookie): the bearer one.
    const dialog = page.locator('.dialog-ux .modal-ux');
    const bearer = dialog.locator('form').filter({ hasText: 'bearerAuth' });
    await bearer.locator('input').first().fill(token);
    await bearer.locator('button.modal-btn.auth.authorize').click();
    await dialog.locator('button.btn-done').first().click();

    const me = await tryOut('readMe');
    expect(me.status).toBe('200');
    expect((JSON.parse(me.text) as { data: { email: string; password: string } }).data).toMatchObject({
      email: ADMIN_EMAIL,
      password: '**********',
    });

    // /files declares the token too: the admin lists the (empty) library, where no token was 403.
    const files = await tryOut('readFiles');
    expect(files.status).toBe('200');
    expect(JSON.parse(files.text)).toEqual({ data: [] });
  });

  it('without authorizing, GET /users/me answers 401 in the UI', async () => {
    // A new page is a new browser context: no authorization persisted from the previous test.
    const fresh = await browser.newPage();
    try {
      page = fresh;
      await page.goto(`${baseUrl}/docs`);
      await page.locator('.swagger-ui .information-container').waitFor();
      const me = await tryOut('readMe');
      expect(me.status).toBe('401');
      expect(JSON.parse(me.text)).toEqual({ errors: [{ message: expect.any(String), extensions: { code: 'INVALID_CREDENTIALS' } }] });
    } finally {
      await fresh.close();
    }
  });
});
