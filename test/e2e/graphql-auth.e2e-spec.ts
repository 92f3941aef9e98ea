import { generateSync } from 'otplib';
import { createUser } from '../factories/user.factory';
import { cookieValue, setCookieLine } from '../helpers/cookies';
import { expectError } from '../helpers/expect-error';
import { startSmtpSink, SmtpSink } from '../helpers/smtp-sink';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';

describe('POST /graphql/system: auth and TFA mutations', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: smtp.env });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const gql = (query: string, variables?: Record<string, unknown>, token?: string) =>
    t
      .as(token ?? 'anonymous')
      .post('/graphql/system')
      .send({ query, variables });

  const LOGIN = `mutation ($email: String!, $password: String!, $mode: auth_mode, $otp: String) {
    auth_login(email: $email, password: $password, mode: $mode, otp: $otp) { access_token refresh_token expires }
  }`;
  const REFRESH = `mutation ($token: String, $mode: auth_mode) { auth_refresh(refresh_token: $token, mode: $mode) { access_token refresh_token expires } }`;

  it('auth_login answers tokens with expires as a string', async () => {
    const res = await gql(LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { auth_login: { access_token: expect.any(String), refresh_token: expect.any(String), expires: '900000' } },
    });
    expect((await t.as(res.body.data.auth_login.access_token).get('/users/me')).status).toBe(200);
  });

  it('auth_login errors carry the REST codes', async () => {
    const res = await gql(LOGIN, { email: ADMIN_EMAIL, password: 'wrong' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ auth_login: null });
    expect(res.body.errors).toEqual([
      {
        message: 'Invalid user credentials.',
        extensions: { code: 'INVALID_CREDENTIALS' },
        locations: expect.any(Array),
        path: ['auth_login'],
      },
    ]);
  });

  it.each([
    ['an empty email', { email: '', password: ADMIN_PASSWORD }],
    ['an empty password', { email: ADMIN_EMAIL, password: '' }],
  ])('auth_login answers %s with INVALID_CREDENTIALS, like a wrong password', async (_label, args) => {
    const res = await gql(LOGIN, args);
    expect(res.body.data).toEqual({ auth_login: null });
    expect(res.body.errors.map((e: { extensions: unknown }) => e.extensions)).toEqual([
      { code: 'INVALID_CREDENTIALS' },
    ]);
  });

  it('auth_login in session mode sets the session cookie and returns no tokens', async () => {
    const res = await gql(LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' });
    expect(res.body.data.auth_login).toEqual({ access_token: null, refresh_token: null, expires: '86400000' });
    expect(setCookieLine(res, 'svc_session_token')).toMatch(/HttpOnly/);
  });

  it('auth_refresh defaults to json and rotates; the old token then fails', async () => {
    const first = (await gql(LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).body.data.auth_login
      .refresh_token;
    const res = await gql(REFRESH, { token: first });
    expect(res.body.data.auth_refresh).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires: '900000',
    });
    expect(res.body.data.auth_refresh.refresh_token).not.toBe(first);
    const reused = await gql(REFRESH, { token: first });
    expect(reused.body.errors[0].extensions.code).toBe('INVALID_CREDENTIALS');
  });

  it('auth_refresh in cookie mode reads and rotates the refresh cookie', async () => {
    const login = await gql(LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'cookie' });
    const cookie = cookieValue(login, 'svc_refresh_token');
    const res = await t
      .as('anonymous')
      .post('/graphql/system')
      .set('Cookie', `svc_refresh_token=${cookie}`)
      .send({ query: REFRESH, variables: { mode: 'cookie' } });
    expect(res.body.data.auth_refresh).toEqual({
      access_token: expect.any(String),
      refresh_token: null,
      expires: '900000',
    });
    expect(cookieValue(res, 'svc_refresh_token')).not.toBe(cookie);
  });

  it('auth_logout ends the session', async () => {
    const token = (await gql(LOGIN, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).body.data.auth_login
      .refresh_token;
    const res = await gql(`mutation ($token: String) { auth_logout(refresh_token: $token) }`, { token });
    expect(res.body).toEqual({ data: { auth_logout: true } });
    expect((await gql(REFRESH, { token })).body.errors[0].extensions.code).toBe('INVALID_CREDENTIALS');
    const missing = await gql(`mutation { auth_logout }`);
    expect(missing.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
  });

  it('auth_password_request and auth_password_reset change the password through the mailed token', async () => {
    const user = await createUser(t);
    const unknown = await gql(`mutation { auth_password_request(email: "nobody@example.com") }`);
    expect(unknown.body).toEqual({ data: { auth_password_request: true } });
    const requested = await gql(`mutation ($email: String!) { auth_password_request(email: $email) }`, {
      email: user.email,
    });
    expect(requested.body).toEqual({ data: { auth_password_request: true } });
    const href = /href="([^"]+)"/.exec((await smtp.waitFor(user.email)).html ?? '')?.[1] as string;
    const token = new URL(href.replace(/&amp;/g, '&')).searchParams.get('token') as string;
    const RESET = `mutation ($token: String!, $password: String!) { auth_password_reset(token: $token, password: $password) }`;
    expect((await gql(RESET, { token, password: 'graphql-new-password' })).body).toEqual({
      data: { auth_password_reset: true },
    });
    expect((await gql(RESET, { token, password: 'another-password' })).body.errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await gql(LOGIN, { email: user.email, password: 'graphql-new-password' })).body.data.auth_login.access_token,
    ).toEqual(expect.any(String));
  });

  it('users_me_tfa_generate, _enable and _disable manage TFA with real codes', async () => {
    const user = await createUser(t);
    const token = await t.login(user.email, user.password);
    const generated = await gql(
      `mutation ($pw: String!) { users_me_tfa_generate(password: $pw) { secret otpauth_url } }`,
      { pw: user.password },
      token,
    );
    const { secret, otpauth_url } = generated.body.data.users_me_tfa_generate;
    expect(otpauth_url).toContain(`secret=${secret}`);

    const ENABLE = `mutation ($otp: String!, $secret: String!) { users_me_tfa_enable(otp: $otp, secret: $secret) }`;
    expect((await gql(ENABLE, { otp: '000000', secret }, token)).body.errors[0].extensions.code).toBe(
      'INVALID_PAYLOAD',
    );
    expect((await gql(ENABLE, { otp: generateSync({ secret }), secret }, token)).body).toEqual({
      data: { users_me_tfa_enable: true },
    });

    expect((await gql(LOGIN, { email: user.email, password: user.password })).body.errors[0].extensions.code).toBe(
      'INVALID_OTP',
    );
    const withOtp = await gql(LOGIN, { email: user.email, password: user.password, otp: generateSync({ secret }) });
    expect(withOtp.body.data.auth_login.access_token).toEqual(expect.any(String));

    const DISABLE = `mutation ($otp: String!) { users_me_tfa_disable(otp: $otp) }`;
    expect((await gql(DISABLE, { otp: generateSync({ secret }) }, token)).body).toEqual({
      data: { users_me_tfa_disable: true },
    });
    expect(
      (await gql(LOGIN, { email: user.email, password: user.password })).body.data.auth_login.access_token,
    ).toEqual(expect.any(String));
  });

  it('refuses TFA mutations without a user', async () => {
    const res = await gql(`mutation { users_me_tfa_generate(password: "x") { secret } }`);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_CREDENTIALS');
  });

  it('answers a document that does not parse or validate with 400 GRAPHQL_VALIDATION', async () => {
    await expectError(gql('mutation {'), 400, 'GRAPHQL_VALIDATION');
    await expectError(gql('mutation { no_such_mutation }'), 400, 'GRAPHQL_VALIDATION');
    await expectError(t.as('anonymous').post('/graphql/system').send({}), 400, 'INVALID_PAYLOAD');
  });

  it('reports bad variables with GRAPHQL_VALIDATION', async () => {
    const res = await gql(LOGIN, { email: ADMIN_EMAIL });
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION');
  });

  it('answers the placeholder query', async () => {
    expect((await gql('{ server_ping }')).body).toEqual({ data: { server_ping: 'pong' } });
  });
});
