import { createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { setLoginAttempts } from '../../helpers/login-attempts';
import { rawClient } from '../../helpers/raw-http';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';

/** Long, as in production: the test moves the app's clock past it instead of waiting. */
const LOCKOUT_MS = 15 * 60_000;

function login(t: TestApp, email: string, password: string) {
  return t.as('anonymous').post('/auth/login').send({ email, password });
}

describe('failed-login lockout (memory store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_LOCKOUT_DURATION: `${LOCKOUT_MS}ms` } });
    await setLoginAttempts(t, 3);
  });
  afterAll(() => t.close());

  it('locks the account after auth_login_attempts failures, until AUTH_LOCKOUT_DURATION has passed', async () => {
    const user = await createUser(t);
    const bystander = await createUser(t);
    for (let i = 0; i < 3; i++) await expectError(login(t, user.email, 'wrong'), 401, 'INVALID_CREDENTIALS');
    await expectError(login(t, user.email, user.password), 401, 'INVALID_CREDENTIALS');
    expect((await login(t, bystander.email, bystander.password)).status).toBe(200);
    t.clock.advance(LOCKOUT_MS - 60_000);
    await expectError(login(t, user.email, user.password), 401, 'INVALID_CREDENTIALS');
    t.clock.advance(60_000 + 1);
    expect((await login(t, user.email, user.password)).status).toBe(200);
  });

  it('starts counting again after a successful login', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 2; i++) await expectError(login(t, user.email, 'wrong'), 401, 'INVALID_CREDENTIALS');
    expect((await login(t, user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 2; i++) await expectError(login(t, user.email, 'wrong'), 401, 'INVALID_CREDENTIALS');
    expect((await login(t, user.email, user.password)).status).toBe(200);
  });

  it('does not lock at all when auth_login_attempts is null', async () => {
    await setLoginAttempts(t, null);
    try {
      const user = await createUser(t);
      for (let i = 0; i < 5; i++) await expectError(login(t, user.email, 'wrong'), 401, 'INVALID_CREDENTIALS');
      expect((await login(t, user.email, user.password)).status).toBe(200);
    } finally {
      await setLoginAttempts(t, 3);
    }
  });
});

describe('failed-login lockout shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS: 'redis://127.0.0.1:6379',
      RATE_LIMITER_STORE: 'redis',
      CACHE_NAMESPACE: uniq('vellum_test'),
      AUTH_LOCKOUT_DURATION: '1m',
    };
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database });
    await setLoginAttempts(a, 2);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('locks the account on every instance', async () => {
    const user = await createUser(a);
    await expectError(login(a, user.email, 'wrong'), 401, 'INVALID_CREDENTIALS');
    await expectError(login(b, user.email, 'wrong'), 401, 'INVALID_CREDENTIALS');
    await expectError(login(a, user.email, user.password), 401, 'INVALID_CREDENTIALS');
    await expectError(login(b, user.email, user.password), 401, 'INVALID_CREDENTIALS');
  });
});

describe('per-IP rate limiter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMITER_ENABLED: 'true', RATE_LIMITER_POINTS: '5', RATE_LIMITER_DURATION: '2' },
    });
  });
  afterAll(() => t.close());

  it('answers 429 REQUESTS_EXCEEDED with Retry-After once the points are used, and recovers', async () => {
    // A window of its own: the admin's sign-in at start counted in the current one.
    t.clock.advance(2000);
    for (let i = 0; i < 5; i++) expect((await t.as('anonymous').get('/server/info')).status).toBe(200);
    const res = await expectError(t.as('anonymous').get('/server/info'), 429, 'REQUESTS_EXCEEDED');
    expect(res.body.errors[0].extensions).toEqual({ code: 'REQUESTS_EXCEEDED', limit: 5, reset: expect.any(String) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect((await t.as('anonymous').get('/server/ping')).status).toBe(200);
    t.clock.advance(Number(res.headers['retry-after']) * 1000);
    expect((await t.as('anonymous').get('/server/info')).status).toBe(200);
  });
});

describe('per-IP rate limiter shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS: 'redis://127.0.0.1:6379',
      RATE_LIMITER_STORE: 'redis',
      CACHE_NAMESPACE: uniq('vellum_test'),
      RATE_LIMITER_ENABLED: 'true',
      RATE_LIMITER_POINTS: '4',
      RATE_LIMITER_DURATION: '3',
    };
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('counts the requests of every instance together', async () => {
    // From an address of its own, which the admins' sign-ins at start did not count against.
    const [fromA, fromB] = [await rawClient(a.server), await rawClient(b.server)];
    const info = (via: typeof fromA) => via.send({ method: 'GET', path: '/server/info', from: '127.0.0.7' });
    try {
      for (const via of [fromA, fromB, fromA, fromB]) expect((await info(via)).status).toBe(200);
      await expectError(info(fromB), 429, 'REQUESTS_EXCEEDED');
      await expectError(info(fromA), 429, 'REQUESTS_EXCEEDED');
    } finally {
      fromA.close();
      fromB.close();
    }
  });
});

describe('rate limiter off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets many requests through', async () => {
    for (let i = 0; i < 60; i++) expect((await t.as('anonymous').get('/server/info')).status).toBe(200);
  });
});
