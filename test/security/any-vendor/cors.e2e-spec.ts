import { cookieValue } from '../../helpers/cookies';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../../helpers/test-app';

const APP = 'https://app.example.com';
const preflight = (t: TestApp, origin: string, path = '/users/me') =>
  t
    .as('anonymous')
    .options(path)
    .set('Origin', origin)
    .set('Access-Control-Request-Method', 'PATCH')
    .set('Access-Control-Request-Headers', 'authorization,content-type');

/** A tus upload's creation, as a cross-origin tus client sends it. */
const tusCreation = (t: TestApp, origin: string) =>
  t
    .as('admin')
    .post('/files/tus')
    .set('Origin', origin)
    .set({
      'Tus-Resumable': '1.0.0',
      'Upload-Length': '10',
      'Upload-Metadata': `filename ${Buffer.from('a.txt').toString('base64')}`,
    });
const corsHeaders = (headers: Record<string, string>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

/** CORS with the reference platform's CORS_* variables, through the `cors` middleware. */
describe('CORS', () => {
  describe('by default', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TUS_ENABLED: 'true' } });
    });
    afterAll(() => t.close());

    it('is disabled: no Access-Control-* header on a preflight or a read', async () => {
      const answers = [await preflight(t, APP), await t.as('anonymous').get('/server/ping').set('Origin', APP)];
      for (const res of answers) expect(corsHeaders(res.headers)).toEqual([]);
    });

    it('is disabled for resumable uploads too, which the tus library would answer for any origin', async () => {
      const res = await tusCreation(t, 'https://evil.example');
      expect([res.status, res.text]).toEqual([201, '']);
      expect(corsHeaders(res.headers)).toEqual([]);
    });
  });

  describe('with CORS_ENABLED and a list of origins', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          CORS_ENABLED: 'true',
          CORS_ORIGIN: `${APP},regex:^https://[a-z]+\\.example\\.org$`,
          TUS_ENABLED: 'true',
        },
      });
    });
    afterAll(() => t.close());

    it("shows an allowed origin a resumable upload's headers, and another origin nothing the tus library adds", async () => {
      const allowed = await tusCreation(t, APP);
      expect(allowed.status).toBe(201);
      expect(allowed.headers['access-control-allow-origin']).toBe(APP);
      expect(allowed.headers['access-control-expose-headers'].split(', ')).toEqual(
        expect.arrayContaining(['Content-Range', 'Location', 'Upload-Offset', 'Directus-File-Id']),
      );
      const refused = await tusCreation(t, 'https://evil.example');
      expect(refused.status).toBe(201);
      // What the cors middleware sends every origin, as on any route; no allowed origin, nothing of tus's.
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      expect(refused.headers['access-control-expose-headers']).toBe('Content-Range');
    });

    it('answers a preflight from an allowed origin with the reference defaults', async () => {
      const res = await preflight(t, APP);
      expect(res.status).toBe(204);
      expect(res.headers).toMatchObject({
        'access-control-allow-origin': APP,
        'access-control-allow-methods': 'GET,POST,PATCH,DELETE',
        'access-control-allow-headers': 'Content-Type,Authorization',
        'access-control-allow-credentials': 'true',
        'access-control-max-age': '18000',
      });
      expect(res.headers.vary).toMatch(/Origin/);
    });

    it.each([APP, 'https://cms.example.org'])('gives %s Access-Control-Allow-Origin on a GET', async (origin) => {
      const res = await t.as('anonymous').get('/server/ping').set('Origin', origin);
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    });

    it.each(['https://evil.example.com', 'https://cms.example.org.evil.com', 'http://app.example.com'])(
      'gives %s no allowed origin',
      async (origin) => {
        for (const res of [
          await preflight(t, origin),
          await t.as('anonymous').get('/server/ping').set('Origin', origin),
        ]) {
          expect(res.headers['access-control-allow-origin']).toBeUndefined();
        }
      },
    );

    it('lets an allowed origin sign in with a session cookie and send it back', async () => {
      const login = await t
        .as('anonymous')
        .post('/auth/login')
        .set('Origin', APP)
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' });
      expect(login.status).toBe(200);
      expect(login.headers['access-control-allow-origin']).toBe(APP);
      expect(login.headers['access-control-allow-credentials']).toBe('true');
      const session = cookieValue(login, 'svc_session_token');
      expect(session).toEqual(expect.any(String));

      const me = await t
        .as('anonymous')
        .get('/users/me')
        .set('Origin', APP)
        .set('Cookie', `svc_session_token=${session}`);
      expect(me.status).toBe(200);
      expect(me.body.data.email).toBe(ADMIN_EMAIL);
      expect(me.headers).toMatchObject({
        'access-control-allow-origin': APP,
        'access-control-allow-credentials': 'true',
      });
    });

    it('keeps the CORS headers on an error answer', async () => {
      const res = await t.as('anonymous').get('/users/me').set('Origin', APP);
      expect(res.status).toBe(401);
      expect(res.headers['access-control-allow-origin']).toBe(APP);
    });
  });

  describe('with every CORS_* variable set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          CORS_ENABLED: 'true',
          CORS_ORIGIN: 'true',
          CORS_METHODS: 'GET,POST',
          CORS_ALLOWED_HEADERS: 'Authorization,X-Custom',
          CORS_EXPOSED_HEADERS: 'X-Request-Id,Content-Range',
          CORS_CREDENTIALS: 'false',
          CORS_MAX_AGE: '60',
        },
      });
    });
    afterAll(() => t.close());

    it('reflects any origin and sends the configured headers, without credentials', async () => {
      const origin = 'https://anywhere.example.net';
      const res = await preflight(t, origin);
      expect(res.status).toBe(204);
      expect(res.headers).toMatchObject({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET,POST',
        'access-control-allow-headers': 'Authorization,X-Custom',
        'access-control-max-age': '60',
      });
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      const read = await t.as('anonymous').get('/server/ping').set('Origin', origin);
      expect(read.headers['access-control-expose-headers']).toBe('X-Request-Id,Content-Range');
    });
  });
});
