import { generateSync } from 'otplib';
import { createRole, createUser, CreatedUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('two-factor login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A user with TFA switched on through the API, and their secret. */
  async function userWithTfa(): Promise<CreatedUser & { token: string; secret: string }> {
    const user = await createUser(t);
    const token = await t.login(user.email, user.password);
    const generated = await t.as(token).post('/users/me/tfa/generate').send({ password: user.password });
    expect(generated.status).toBe(200);
    const { secret, otpauth_url } = generated.body.data;
    expect(otpauth_url).toBe(`otpauth://totp/Vellum:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Vellum`);
    const enabled = await t
      .as(token)
      .post('/users/me/tfa/enable')
      .send({ secret, otp: generateSync({ secret }) });
    expect(enabled.status).toBe(204);
    return { ...user, token, secret };
  }

  it('asks for the code, refuses a wrong one, and logs in with a real TOTP code', async () => {
    const user = await userWithTfa();
    const login = (otp?: string) =>
      t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password, otp });
    await expectError(login(), 401, 'INVALID_OTP');
    await expectError(login('000000'), 401, 'INVALID_OTP');
    await expectError(login('abc'), 401, 'INVALID_OTP');
    const res = await login(generateSync({ secret: user.secret }));
    expect(res.status).toBe(200);
    expect(res.body.data.access_token).toEqual(expect.any(String));
  });

  it('still answers INVALID_CREDENTIALS, not INVALID_OTP, for a wrong password', async () => {
    const user = await userWithTfa();
    await expectError(
      t.as('anonymous').post('/auth/login').send({ email: user.email, password: 'wrong' }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('shows tfa_secret concealed once enabled', async () => {
    const user = await userWithTfa();
    expect((await t.as(user.token).get('/users/me')).body.data.tfa_secret).toBe('**********');
  });

  it('refuses generate with a wrong password, and when TFA is already on', async () => {
    const user = await createUser(t);
    const token = await t.login(user.email, user.password);
    await expectError(
      t.as(token).post('/users/me/tfa/generate').send({ password: 'wrong' }),
      401,
      'INVALID_CREDENTIALS',
    );
    const withTfa = await userWithTfa();
    await expectError(
      t.as(withTfa.token).post('/users/me/tfa/generate').send({ password: withTfa.password }),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('refuses enable with a wrong code, leaving TFA off', async () => {
    const user = await createUser(t);
    const token = await t.login(user.email, user.password);
    const { secret } = (await t.as(token).post('/users/me/tfa/generate').send({ password: user.password })).body.data;
    await expectError(t.as(token).post('/users/me/tfa/enable').send({ secret, otp: '000000' }), 400, 'INVALID_PAYLOAD');
    expect((await t.as(token).get('/users/me')).body.data.tfa_secret).toBeNull();
  });

  it('disables TFA with a current code, not with a wrong one', async () => {
    const user = await userWithTfa();
    await expectError(t.as(user.token).post('/users/me/tfa/disable').send({ otp: '000000' }), 400, 'INVALID_PAYLOAD');
    expect(
      (
        await t
          .as(user.token)
          .post('/users/me/tfa/disable')
          .send({ otp: generateSync({ secret: user.secret }) })
      ).status,
    ).toBe(204);
    expect(
      (await t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password })).status,
    ).toBe(200);
  });

  it('lets an admin disable TFA for a user, and nobody else', async () => {
    const user = await userWithTfa();
    const other = await createUser(t);
    const otherToken = await t.login(other.email, other.password);
    await expectError(t.as(otherToken).post(`/users/${user.id}/tfa/disable`), 403, 'FORBIDDEN');
    expect((await t.as('admin').post(`/users/${user.id}/tfa/disable`)).status).toBe(204);
    expect(
      (await t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password })).status,
    ).toBe(200);
  });

  it('flags the access token with enforce_tfa while a user of an enforcing role has no TFA', async () => {
    const user = await createUser(t, { role: await createRole(t, { enforce_tfa: true }) });
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const before = await t.login(user.email, user.password);
    expect(claims(before).enforce_tfa).toBe(true);
    const { secret } = (await t.as(before).post('/users/me/tfa/generate').send({ password: user.password })).body.data;
    await t
      .as(before)
      .post('/users/me/tfa/enable')
      .send({ secret, otp: generateSync({ secret }) });
    const after = await t
      .as('anonymous')
      .post('/auth/login')
      .send({ email: user.email, password: user.password, otp: generateSync({ secret }) });
    expect(claims(after.body.data.access_token).enforce_tfa).toBeUndefined();
    expect(claims(t.adminToken).enforce_tfa).toBeUndefined();
  });

  it('needs a user behind the token', async () => {
    await expectError(
      t.as('anonymous').post('/users/me/tfa/generate').send({ password: 'x' }),
      401,
      'INVALID_CREDENTIALS',
    );
    await expectError(t.as('anonymous').get('/users/me'), 401, 'INVALID_CREDENTIALS');
  });
});
