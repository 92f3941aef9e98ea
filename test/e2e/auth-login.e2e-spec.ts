import * as jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { tokenHash } from '../../src/modules/tokens/token-hash';
import { createUser, grant } from '../factories/user.factory';
import { cookieValue, setCookieLine } from '../helpers/cookies';
import { expectError } from '../helpers/expect-error';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';

describe('POST /auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('json mode (default) answers expires in ms, an access token and a refresh token', async () => {
    const res = await t.as('anonymous').post('/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { expires: 900000, access_token: expect.any(String), refresh_token: expect.any(String) },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    const me = await t.as(res.body.data.access_token).get('/users/me');
    expect(me.body.data.email).toBe(ADMIN_EMAIL);
  });

  it('cookie mode puts the refresh token in an httpOnly cookie, not in the body', async () => {
    const res = await t
      .as('anonymous')
      .post('/auth/login')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'cookie' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { expires: 900000, access_token: expect.any(String) } });
    const line = setCookieLine(res, 'svc_refresh_token');
    expect(line).toMatch(/; Max-Age=604800;/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).not.toMatch(/; Secure/);
  });

  it('session mode puts the access token in the session cookie and answers only expires', async () => {
    const res = await t
      .as('anonymous')
      .post('/auth/login')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { expires: 86400000 } });
    expect(setCookieLine(res, 'svc_session_token')).toMatch(
      /; Max-Age=86400; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/,
    );
    const me = await t
      .as('anonymous')
      .get('/users/me')
      .set('Cookie', `svc_session_token=${cookieValue(res, 'svc_session_token')}`);
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(ADMIN_EMAIL);
  });

  it('stores the session with its token hashed and records a login activity row', async () => {
    const user = await createUser(t);
    const res = await t
      .as('anonymous')
      .post('/auth/login')
      .set('User-Agent', 'login-test')
      .send({ email: user.email, password: user.password });
    const ds = t.app.get(DataSource);
    const sessions = await ds.query(`SELECT ${q(ds, 'token')} FROM svc_sessions WHERE ${q(ds, 'user')} = '${user.id}'`);
    expect(sessions).toEqual([{ token: tokenHash(res.body.data.refresh_token) }]);
    const activity = await ds.query(
      `SELECT action, collection, item, user_agent FROM svc_activity WHERE ${q(ds, 'user')} = '${user.id}' AND action = 'login'`,
    );
    expect(activity).toEqual([{ action: 'login', collection: 'svc_users', item: user.id, user_agent: 'login-test' }]);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const wrong = await expectError(
      t.as('anonymous').post('/auth/login').send({ email: ADMIN_EMAIL, password: 'nope' }),
      401,
      'INVALID_CREDENTIALS',
    );
    const unknown = await expectError(
      t.as('anonymous').post('/auth/login').send({ email: 'nobody@example.com', password: 'nope' }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(wrong.body).toEqual(unknown.body);
  });

  it.each(['suspended', 'invited', 'draft', 'archived'])('refuses a %s user', async (status) => {
    const user = await createUser(t, { status });
    await expectError(
      t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('matches the email case-insensitively', async () => {
    const res = await t
      .as('anonymous')
      .post('/auth/login')
      .send({ email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a malformed email', { email: 'not-an-email', password: 'x' }],
    ['no password', { email: ADMIN_EMAIL }],
    ['no email', { password: ADMIN_PASSWORD }],
    ['an empty password', { email: ADMIN_EMAIL, password: '' }],
    ['an empty body', {}],
    ['an unknown mode', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'jwt' }],
  ])('refuses %s with 400', (_label, body) =>
    expectError(t.as('anonymous').post('/auth/login').send(body), 400, 'INVALID_PAYLOAD'),
  );

  it.each([
    ['a malformed email', { email: 'not-an-email', password: 'x' }, 'Invalid payload. "email" must be a valid email.'],
    ['a missing password', { email: ADMIN_EMAIL }, 'Invalid payload. "password" is required.'],
  ])('words the refusal of %s as the reference does, which its clients show', async (_label, body, message) => {
    const res = await expectError(t.as('anonymous').post('/auth/login').send(body), 400, 'INVALID_PAYLOAD');
    expect(res.body.errors[0].message).toBe(message);
  });
});

describe('GET /auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists no external providers, with the default login enabled', async () => {
    const res = await t.as('anonymous').get('/auth');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], disableDefault: false });
  });
});

describe('presenting the access token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('accepts ?access_token=', async () => {
    const res = await t.as('anonymous').get(`/users/me?access_token=${t.adminToken}`);
    expect(res.status).toBe(200);
  });

  it('refuses a query token and a header token together with 400', () =>
    expectError(t.as('admin').get(`/users/me?access_token=${t.adminToken}`), 400, 'INVALID_PAYLOAD'));

  it('answers an expired token with 401 TOKEN_EXPIRED', async () => {
    const { id, role, app_access, admin_access, iss } = jwt.decode(t.adminToken) as jwt.JwtPayload;
    const expired = jwt.sign(
      { id, role, app_access, admin_access, iss, exp: Math.floor(Date.now() / 1000) - 5 },
      t.config.secret,
    );
    await expectError(t.as(expired).get('/users/me'), 401, 'TOKEN_EXPIRED');
  });

  it('answers a forged token with 403 INVALID_TOKEN', async () => {
    const { id, role, app_access, admin_access, iss } = jwt.decode(t.adminToken) as jwt.JwtPayload;
    const forged = jwt.sign({ id, role, app_access, admin_access, iss }, 'another-secret-another-secret-another', {
      expiresIn: 60,
    });
    await expectError(t.as(forged).get('/users/me'), 403, 'INVALID_TOKEN');
  });

  it.each([
    ['a user id that is no UUID', { id: "' OR 1=1 --" }],
    ['a role that is an array', { role: ['x'] }],
    ['a role that is an object', { role: { a: 1 } }],
    ['a session that is no string', { session: ['x'] }],
  ])('answers a correctly signed token with %s with 403 INVALID_TOKEN, on every vendor', async (_label, claims) => {
    const { id, role, app_access, admin_access, iss } = jwt.decode(t.adminToken) as jwt.JwtPayload;
    const odd = jwt.sign({ id, role, app_access, admin_access, iss, ...claims }, t.config.secret, { expiresIn: 60 });
    await expectError(t.as(odd).get('/files'), 403, 'INVALID_TOKEN');
    await expectError(t.as('anonymous').get(`/users/me?access_token=${odd}`), 403, 'INVALID_TOKEN');
  });

  it('answers an unknown static token with 401 INVALID_CREDENTIALS', () =>
    expectError(t.as('no-such-static-token').get('/users/me'), 401, 'INVALID_CREDENTIALS'));

  it('accepts a static token set on the user, stored only as a hash', async () => {
    const user = await createUser(t);
    // App access reads the own row without its token; a rule of the role's own reads it, concealed.
    await grant(t, user.role, 'svc_users', 'read', { permissions: { id: { _eq: '$CURRENT_USER' } } });
    const set = await t.as('admin').patch(`/users/${user.id}`).send({ token: 'my-static-token-1234' });
    expect(set.body.data.token).toBe('my-static-token-1234');
    const me = await t.as('my-static-token-1234').get('/users/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: user.id, token: '**********' });
    const ds = t.app.get(DataSource);
    const [row] = await ds.query(`SELECT token FROM svc_users WHERE id = '${user.id}'`);
    expect(row.token).toBe(tokenHash('my-static-token-1234'));
  });

  it('stops accepting a static token once the user is suspended', async () => {
    const user = await createUser(t, { token: 'static-token-of-suspended' });
    expect((await t.as('static-token-of-suspended').get('/users/me')).status).toBe(200);
    await t.as('admin').patch(`/users/${user.id}`).send({ status: 'suspended' });
    await expectError(t.as('static-token-of-suspended').get('/users/me'), 401, 'INVALID_CREDENTIALS');
  });
});

describe('login cookie attributes from configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        REFRESH_TOKEN_COOKIE_SECURE: 'true',
        REFRESH_TOKEN_COOKIE_SAME_SITE: 'strict',
        REFRESH_TOKEN_COOKIE_DOMAIN: 'example.test',
        REFRESH_TOKEN_TTL: '2h',
        SESSION_COOKIE_SECURE: 'true',
        SESSION_COOKIE_SAME_SITE: 'none',
        SESSION_COOKIE_TTL: '30m',
      },
    });
  });
  afterAll(() => t.close());

  it('sets Secure, SameSite, Domain and Max-Age on the refresh cookie', async () => {
    const res = await t
      .as('anonymous')
      .post('/auth/login')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'cookie' });
    const line = setCookieLine(res, 'svc_refresh_token');
    expect(line).toMatch(/; Max-Age=7200;/);
    expect(line).toMatch(/; Domain=example.test;/);
    expect(line).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
  });

  it('sets them on the session cookie and answers the session TTL', async () => {
    const res = await t
      .as('anonymous')
      .post('/auth/login')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' });
    expect(res.body).toEqual({ data: { expires: 1800000 } });
    const line = setCookieLine(res, 'svc_session_token');
    expect(line).toMatch(/; Max-Age=1800;/);
    expect(line).toMatch(/; HttpOnly; Secure; SameSite=None$/);
  });
});

describe('LOGIN_STALL_TIME', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_STALL_TIME: '400' } });
  });
  afterAll(() => t.close());

  it.each([
    ['an unknown email', { email: 'nobody@example.com', password: 'x' }, 401],
    ['a wrong password', { email: ADMIN_EMAIL, password: 'wrong' }, 401],
    ['a success', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, 200],
  ])('pads %s to at least the stall time', async (_label, body, status) => {
    const started = Date.now();
    const res = await t.as('anonymous').post('/auth/login').send(body);
    expect(res.status).toBe(status);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});

/** Quotes an identifier that is a reserved word on some vendors (`user`, `token`). */
function q(ds: DataSource, name: string): string {
  return ds.driver.escape(name);
}
