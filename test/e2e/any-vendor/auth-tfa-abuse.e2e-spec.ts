import { generateSync } from 'otplib';
import { createUser, CreatedUser, enableTfa } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { setLoginAttempts } from '../../helpers/login-attempts';
import { sources, Sources } from '../../helpers/sources';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';

type TfaUser = CreatedUser & { secret: string };

async function userWithTfa(t: TestApp): Promise<TfaUser> {
  const user = await createUser(t);
  return { ...user, secret: await enableTfa(t, user) };
}

/** The code of the time step `steps` away from now (30-second steps). */
function codeAt(secret: string, steps: number): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

describe('two-factor sign-in resists replay and the password oracle', () => {
  let t: TestApp;
  let src: Sources;
  const login = (from: string, user: TfaUser, otp?: string) =>
    src.post(from, '/auth/login', { email: user.email, password: user.password, otp });
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_LOGIN_IP_ATTEMPTS: '6' } });
    await setLoginAttempts(t, 3);
    src = await sources(t.server);
  });
  afterAll(async () => {
    src.close();
    await t.close();
  });

  it('accepts a one-time code once: the same code again, or one of an earlier step, is INVALID_OTP', async () => {
    const user = await userWithTfa(t);
    const code = codeAt(user.secret, 0);
    expect((await login('127.0.0.2', user, code)).status).toBe(200);
    await expectError(login('127.0.0.2', user, code), 401, 'INVALID_OTP');
    await expectError(login('127.0.0.3', user, code), 401, 'INVALID_OTP');
    await expectError(login('127.0.0.3', user, codeAt(user.secret, -1)), 401, 'INVALID_OTP');
    const next = codeAt(user.secret, 1);
    expect((await login('127.0.0.3', user, next)).status).toBe(200);
    await expectError(login('127.0.0.3', user, next), 401, 'INVALID_OTP');
  });

  it('counts a right password without a code as a failed attempt, so the oracle locks like guessing', async () => {
    const user = await userWithTfa(t);
    for (let i = 0; i < 3; i++) await expectError(login('127.0.0.4', user), 401, 'INVALID_OTP');
    // Locked for this source: the right password says nothing more, even with a right code.
    await expectError(login('127.0.0.4', user), 401, 'INVALID_CREDENTIALS');
    await expectError(login('127.0.0.4', user, codeAt(user.secret, 0)), 401, 'INVALID_CREDENTIALS');
    expect((await login('127.0.0.5', user, codeAt(user.secret, 0))).status).toBe(200);
  });

  it('counts wrong codes as failed attempts', async () => {
    const user = await userWithTfa(t);
    for (let i = 0; i < 3; i++) await expectError(login('127.0.0.6', user, '000000'), 401, 'INVALID_OTP');
    await expectError(login('127.0.0.6', user), 401, 'INVALID_CREDENTIALS');
  });

  it('counts INVALID_OTP answers towards the per-source limit', async () => {
    const users = [await userWithTfa(t), await userWithTfa(t), await userWithTfa(t)];
    for (const user of users)
      for (let i = 0; i < 2; i++) await expectError(login('127.0.0.7', user), 401, 'INVALID_OTP');
    await expectError(login('127.0.0.7', users[0], codeAt(users[0].secret, 0)), 429, 'REQUESTS_EXCEEDED');
  });
});

describe('one-time codes used once across instances (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS: 'redis://127.0.0.1:6379', RATE_LIMITER_STORE: 'redis', CACHE_NAMESPACE: uniq('vellum_test') };
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('refuses on one instance the code another accepted', async () => {
    const user = await userWithTfa(a);
    const body = { email: user.email, password: user.password, otp: codeAt(user.secret, 0) };
    expect((await a.as('anonymous').post('/auth/login').send(body)).status).toBe(200);
    await expectError(b.as('anonymous').post('/auth/login').send(body), 401, 'INVALID_OTP');
    await expectError(
      b
        .as('anonymous')
        .post('/auth/login')
        .send({ ...body, otp: codeAt(user.secret, -1) }),
      401,
      'INVALID_OTP',
    );
  });
});
