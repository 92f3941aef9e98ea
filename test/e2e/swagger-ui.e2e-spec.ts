import type { Browser } from 'playwright-core';
import { startSwaggerUiApp, SwaggerUi } from '../helpers/swagger-ui';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TestApp } from '../helpers/test-app';

describe('Swagger UI at /docs in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let ui: SwaggerUi;
  let baseUrl: string;
  beforeAll(async () => {
    ({ t, baseUrl, browser } = await startSwaggerUiApp());
    ui = new SwaggerUi(await browser.newPage(), baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('logs in through try-it-out, authorizes with the bearer token and reads GET /users/me', async () => {
    await ui.open();

    const login = await ui.tryOut('login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(login.status).toBe('200');
    const token = (JSON.parse(login.text) as { data: { access_token: string } }).data.access_token;
    expect(token).toEqual(expect.any(String));

    // The dialog has a form per security scheme (bearerAuth, accessTokenQuery, sessionCookie): the bearer one.
    await ui.authorize(token);

    const me = await ui.tryOut('readMe');
    expect(me.status).toBe('200');
    expect((JSON.parse(me.text) as { data: { email: string; password: string } }).data).toMatchObject({
      email: ADMIN_EMAIL,
      password: '**********',
    });

    // /files declares the token too: the admin lists the (empty) library, where no token was 403.
    const files = await ui.tryOut('readFiles');
    expect(files.status).toBe('200');
    expect(JSON.parse(files.text)).toEqual({ data: [] });
  });

  it('without authorizing, GET /users/me answers 401 in the UI', async () => {
    // A new page is a new browser context: no authorization persisted from the previous test.
    const fresh = await browser.newPage();
    try {
      const anonymous = new SwaggerUi(fresh, baseUrl);
      await anonymous.open();
      const me = await anonymous.tryOut('readMe');
      expect(me.status).toBe('401');
      expect(JSON.parse(me.text)).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'INVALID_CREDENTIALS' } }],
      });
    } finally {
      await fresh.close();
    }
  });
});
