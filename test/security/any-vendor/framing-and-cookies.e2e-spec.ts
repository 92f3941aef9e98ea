import type { Response } from 'supertest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../../helpers/test-app';

/** The Set-Cookie line of `name`, or undefined. */
function setCookie(res: Response, name: string): string | undefined {
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return lines.find((line) => line.startsWith(`${name}=`));
}

/** Whether the answer forbids every other site to frame it, by both headers browsers know. */
function expectNotFrameable(res: Response): void {
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['content-security-policy']).toMatch(/(^|;\s*)frame-ancestors 'none'(;|$)/);
}

/** The Studio and Swagger UI cannot be framed by another site (clickjacking); auth cookies are Secure behind https. */
describe('framing of HTML pages and Secure cookies', () => {
  describe('with PUBLIC_URL on http (the default, http://localhost)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it.each(['/admin/', '/admin/content/articles', '/admin/login'])('the Studio at %s', async (path) => {
      const res = await t.as('anonymous').get(path);
      expect([res.status, res.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/html/)]);
      expectNotFrameable(res);
    });

    it('the Studio redirect and its scripts', async () => {
      const redirect = await t.as('anonymous').get('/admin');
      expect(redirect.status).toBe(302);
      expectNotFrameable(redirect);
      const script = /src="(\/admin\/assets\/[^"]+\.js)"/.exec((await t.as('anonymous').get('/admin/')).text)?.[1];
      expect(script).toBeDefined();
      expectNotFrameable(await t.as('anonymous').get(script!));
    });

    it('Swagger UI at /docs', async () => {
      const res = await t.as('anonymous').get('/docs');
      expect([res.status, res.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/html/)]);
      expectNotFrameable(res);
    });

    it('API answers are left as they were', async () => {
      const res = await t.as('anonymous').get('/server/ping');
      expect([res.headers['x-frame-options'], res.headers['content-security-policy']]).toEqual([undefined, undefined]);
    });

    it('cookies are not Secure, so the Studio works on http://localhost', async () => {
      for (const mode of ['session', 'cookie']) {
        const res = await t
          .as('anonymous')
          .post('/auth/login')
          .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode });
        const line = setCookie(res, mode === 'session' ? 'svc_session_token' : 'svc_refresh_token');
        expect(line).toBeDefined();
        expect(line).not.toMatch(/; Secure/);
      }
    });
  });

  describe('with PUBLIC_URL on https', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { PUBLIC_URL: 'https://cms.example.test' } });
    });
    afterAll(() => t.close());

    it('the session and refresh cookies are Secure when set, refreshed and cleared', async () => {
      const session = await t
        .as('anonymous')
        .post('/auth/login')
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' });
      expect(setCookie(session, 'svc_session_token')).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
      const login = await t
        .as('anonymous')
        .post('/auth/login')
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'cookie' });
      const refresh = setCookie(login, 'svc_refresh_token')!;
      expect(refresh).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
      const cookie = refresh.split(';')[0];
      const refreshed = await t.as('anonymous').post('/auth/refresh').set('Cookie', cookie).send({ mode: 'cookie' });
      expect(setCookie(refreshed, 'svc_refresh_token')).toMatch(/; Secure;/);
      const newCookie = setCookie(refreshed, 'svc_refresh_token')!.split(';')[0];
      const logout = await t.as('anonymous').post('/auth/logout').set('Cookie', newCookie).send({ mode: 'cookie' });
      expect(setCookie(logout, 'svc_refresh_token')).toMatch(/; Secure;/);
    });
  });

  describe('with PUBLIC_URL on https and SESSION_COOKIE_SECURE=false', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { PUBLIC_URL: 'https://cms.example.test', SESSION_COOKIE_SECURE: 'false' } });
    });
    afterAll(() => t.close());

    it('the explicit setting wins for its cookie only', async () => {
      const session = await t
        .as('anonymous')
        .post('/auth/login')
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' });
      expect(setCookie(session, 'svc_session_token')).not.toMatch(/; Secure/);
      const login = await t
        .as('anonymous')
        .post('/auth/login')
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'cookie' });
      expect(setCookie(login, 'svc_refresh_token')).toMatch(/; Secure;/);
    });
  });
});
