import { DataSource } from 'typeorm';
import { createUser } from '../factories/user.factory';
import { clearsCookie, cookieValue } from '../helpers/cookies';
import { expectError } from '../helpers/expect-error';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';

const GRACE_MS = 1500;

describe('POST /auth/refresh and /auth/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_REFRESH_GRACE_PERIOD: `${GRACE_MS}ms` } });
  });
  afterAll(() => t.close());

  const login = (mode: 'json' | 'cookie' | 'session', email = ADMIN_EMAIL, password = ADMIN_PASSWORD) =>
    t.as('anonymous').post('/auth/login').send({ email, password, mode });

  describe('json mode', () => {
    it('rotates the refresh token: the new one works, the old one is refused', async () => {
      const first = (await login('json')).body.data.refresh_token;
      const res = await t.as('anonymous').post('/auth/refresh').send({ refresh_token: first });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: { expires: 900000, access_token: expect.any(String), refresh_token: expect.any(String) },
      });
      expect(res.body.data.refresh_token).not.toBe(first);
      await expectError(
        t.as('anonymous').post('/auth/refresh').send({ refresh_token: first }),
        401,
        'INVALID_CREDENTIALS',
      );
      const again = await t
        .as('anonymous')
        .post('/auth/refresh')
        .send({ refresh_token: res.body.data.refresh_token, mode: 'json' });
      expect(again.status).toBe(200);
      expect((await t.as(again.body.data.access_token).get('/users/me')).status).toBe(200);
    });

    it('refuses an unknown refresh token', () =>
      expectError(t.as('anonymous').post('/auth/refresh').send({ refresh_token: 'nope' }), 401, 'INVALID_CREDENTIALS'));

    it('refuses a refresh for a suspended user with USER_SUSPENDED and drops the session', async () => {
      const user = await createUser(t);
      const token = (await login('json', user.email, user.password)).body.data.refresh_token;
      await t.app.get(DataSource).query(`UPDATE svc_users SET status = 'suspended' WHERE id = '${user.id}'`);
      await expectError(t.as('anonymous').post('/auth/refresh').send({ refresh_token: token }), 401, 'USER_SUSPENDED');
      await expectError(
        t.as('anonymous').post('/auth/refresh').send({ refresh_token: token }),
        401,
        'INVALID_CREDENTIALS',
      );
    });

    it('logs out with 204 and records it; the refresh token is dead afterwards', async () => {
      const user = await createUser(t);
      const token = (await login('json', user.email, user.password)).body.data.refresh_token;
      const res = await t.as('anonymous').post('/auth/logout').send({ refresh_token: token });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      await expectError(
        t.as('anonymous').post('/auth/refresh').send({ refresh_token: token }),
        401,
        'INVALID_CREDENTIALS',
      );
      const ds = t.app.get(DataSource);
      const rows = await ds.query(`SELECT action FROM svc_activity WHERE item = '${user.id}' ORDER BY id`);
      // The administrator's creation of the user, then the user's own sign-in and sign-out.
      expect(rows.map((r: { action: string }) => r.action)).toEqual(['create', 'login', 'logout']);
    });

    it('accepts a logout with an unknown token', async () => {
      expect((await t.as('anonymous').post('/auth/logout').send({ refresh_token: 'unknown' })).status).toBe(204);
    });
  });

  describe('cookie mode', () => {
    it('is the default without a body token, and rotates the cookie', async () => {
      const first = cookieValue(await login('cookie'), 'svc_refresh_token');
      const res = await t.as('anonymous').post('/auth/refresh').set('Cookie', `svc_refresh_token=${first}`).send({});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { expires: 900000, access_token: expect.any(String) } });
      const second = cookieValue(res, 'svc_refresh_token');
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      await expectError(
        t.as('anonymous').post('/auth/refresh').set('Cookie', `svc_refresh_token=${first}`).send({ mode: 'cookie' }),
        401,
        'INVALID_CREDENTIALS',
      );
    });

    it('answers 400 when there is no token at all', async () => {
      await expectError(t.as('anonymous').post('/auth/refresh').send({}), 400, 'INVALID_PAYLOAD');
      await expectError(t.as('anonymous').post('/auth/logout').send({}), 400, 'INVALID_PAYLOAD');
    });

    it('logs out from the cookie and clears it', async () => {
      const token = cookieValue(await login('cookie'), 'svc_refresh_token');
      const res = await t.as('anonymous').post('/auth/logout').set('Cookie', `svc_refresh_token=${token}`).send({});
      expect(res.status).toBe(204);
      expect(clearsCookie(res, 'svc_refresh_token')).toBe(true);
      await expectError(
        t.as('anonymous').post('/auth/refresh').set('Cookie', `svc_refresh_token=${token}`).send({}),
        401,
        'INVALID_CREDENTIALS',
      );
    });
  });

  describe('session mode', () => {
    it('rotates the session cookie; concurrent refreshes inside the grace window get the same next token', async () => {
      const cookie = `svc_session_token=${cookieValue(await login('session'), 'svc_session_token')}`;
      const [a, b] = await Promise.all([
        t.as('anonymous').post('/auth/refresh').set('Cookie', cookie).send({ mode: 'session' }),
        t.as('anonymous').post('/auth/refresh').set('Cookie', cookie).send({ mode: 'session' }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body).toEqual({ data: { expires: 86400000 } });
      const next = cookieValue(a, 'svc_session_token') as string;
      const sessionOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).session;
      expect(sessionOf(cookieValue(b, 'svc_session_token') as string)).toBe(sessionOf(next));
      expect(sessionOf(next)).not.toBe(sessionOf(cookie.split('=')[1]));
      expect((await t.as('anonymous').get('/users/me').set('Cookie', `svc_session_token=${next}`)).status).toBe(200);

      // Past the window even where the column keeps whole seconds.
      t.clock.advance(GRACE_MS + 1000);
      await expectError(
        t.as('anonymous').post('/auth/refresh').set('Cookie', cookie).send({ mode: 'session' }),
        401,
        'INVALID_CREDENTIALS',
      );
      const later = await t
        .as('anonymous')
        .post('/auth/refresh')
        .set('Cookie', `svc_session_token=${next}`)
        .send({ mode: 'session' });
      expect(later.status).toBe(200);
    });

    it('kills the session-mode token at logout and clears the cookie', async () => {
      const user = await createUser(t);
      const jwt = cookieValue(await login('session', user.email, user.password), 'svc_session_token') as string;
      const cookie = `svc_session_token=${jwt}`;
      expect((await t.as('anonymous').get('/users/me').set('Cookie', cookie)).status).toBe(200);

      const res = await t.as('anonymous').post('/auth/logout').set('Cookie', cookie).send({ mode: 'session' });
      expect(res.status).toBe(204);
      expect(clearsCookie(res, 'svc_session_token')).toBe(true);

      const after = await expectError(
        t.as('anonymous').get('/users/me').set('Cookie', cookie),
        401,
        'INVALID_CREDENTIALS',
      );
      expect(clearsCookie(after, 'svc_session_token')).toBe(true);
      await expectError(t.as(jwt).get('/users/me'), 401, 'INVALID_CREDENTIALS');
    });

    it('ends sessions when the user is suspended', async () => {
      const user = await createUser(t);
      const cookie = `svc_session_token=${cookieValue(await login('session', user.email, user.password), 'svc_session_token')}`;
      await t.as('admin').patch(`/users/${user.id}`).send({ status: 'suspended' });
      await expectError(t.as('anonymous').get('/users/me').set('Cookie', cookie), 401, 'INVALID_CREDENTIALS');
    });
  });
});
