import { createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { setLoginAttempts } from '../../helpers/login-attempts';
import { sources, Sources } from '../../helpers/sources';
import { createTestApp, TestApp } from '../../helpers/test-app';

/** Long, as in production: the test moves the app's clock past it instead of waiting. */
const LOCKOUT_MS = 15 * 60_000;

/** Sign-in lockout per account and source (API.md): a stranger elsewhere cannot lock the owner out. */
describe('failed sign-ins counted per account and source', () => {
  let t: TestApp;
  let src: Sources;
  const login = (from: string, email: string, password: string) => src.post(from, '/auth/login', { email, password });
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_LOCKOUT_DURATION: `${LOCKOUT_MS}ms`, AUTH_LOGIN_IP_ATTEMPTS: '8' } });
    await setLoginAttempts(t, 3);
    src = await sources(t.server);
  });
  afterAll(async () => {
    src.close();
    await t.close();
  });

  it("locks the account for the stranger's source only: the owner still signs in from theirs", async () => {
    const user = await createUser(t);
    const [stranger, owner] = ['127.0.0.2', '127.0.0.3'];
    for (let i = 0; i < 3; i++) await expectError(login(stranger, user.email, 'wrong'), 401, 'INVALID_CREDENTIALS');
    await expectError(login(stranger, user.email, user.password), 401, 'INVALID_CREDENTIALS');
    expect((await login(owner, user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 2; i++) await expectError(login(owner, user.email, 'wrong'), 401, 'INVALID_CREDENTIALS');
    expect((await login(owner, user.email, user.password)).status).toBe(200);
    t.clock.advance(LOCKOUT_MS + 1);
    expect((await login(stranger, user.email, user.password)).status).toBe(200);
  });

  it('answers 429 REQUESTS_EXCEEDED to a source past AUTH_LOGIN_IP_ATTEMPTS failures over any accounts, right passwords included', async () => {
    const from = '127.0.0.4';
    const users = [await createUser(t), await createUser(t), await createUser(t)];
    for (const user of users)
      for (let i = 0; i < 2; i++) await expectError(login(from, user.email, 'wrong'), 401, 'INVALID_CREDENTIALS');
    for (let i = 0; i < 2; i++)
      await expectError(login(from, 'nobody@example.com', 'wrong'), 401, 'INVALID_CREDENTIALS');
    const res = await expectError(login(from, users[0].email, users[0].password), 429, 'REQUESTS_EXCEEDED');
    expect(res.body.errors[0].extensions).toEqual({ code: 'REQUESTS_EXCEEDED', limit: 8, reset: expect.any(String) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(Math.ceil(LOCKOUT_MS / 1000));
    expect((await login('127.0.0.5', users[0].email, users[0].password)).status).toBe(200);
    t.clock.advance(LOCKOUT_MS + 1);
    expect((await login(from, users[1].email, users[1].password)).status).toBe(200);
  });
});
