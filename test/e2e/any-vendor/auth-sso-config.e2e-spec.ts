import { expectError } from '../../helpers/expect-error';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../../helpers/test-app';

const ENV = {
  AUTH_DISABLE_DEFAULT: 'true',
  AUTH_PROVIDERS: 'corp,directory',
  AUTH_CORP_DRIVER: 'oauth2',
  AUTH_CORP_CLIENT_ID: 'vellum',
  AUTH_CORP_CLIENT_SECRET: 'secret',
  AUTH_CORP_AUTHORIZE_URL: 'https://id.example.com/authorize',
  AUTH_CORP_ACCESS_URL: 'https://id.example.com/token',
  AUTH_CORP_PROFILE_URL: 'https://id.example.com/me',
  AUTH_DIRECTORY_DRIVER: 'ldap',
  AUTH_DIRECTORY_CLIENT_URL: 'ldap://127.0.0.1:1',
  AUTH_DIRECTORY_BIND_DN: 'cn=admin,dc=example,dc=com',
  AUTH_DIRECTORY_BIND_PASSWORD: 'secret',
  AUTH_DIRECTORY_USER_DN: 'ou=people,dc=example,dc=com',
  AUTH_DIRECTORY_LABEL: 'Directory',
};

describe('AUTH_PROVIDERS and AUTH_DISABLE_DEFAULT (docs/API.md, Single sign-on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
  });
  afterAll(() => t.close());

  it('GET /auth lists every provider and says the default login is off', async () => {
    const res = await t.as('anonymous').get('/auth');
    expect(res.body).toEqual({
      data: [
        { name: 'corp', driver: 'oauth2', icon: null, label: null },
        { name: 'directory', driver: 'ldap', icon: null, label: 'Directory' },
      ],
      disableDefault: true,
    });
  });

  it('GET /auth?sessionOnly lists only the providers that sign in by redirect', async () => {
    const res = await t.as('anonymous').get('/auth?sessionOnly');
    expect(res.body.data).toEqual([{ name: 'corp', driver: 'oauth2', icon: null, label: null }]);
  });

  it('has no email/password sign-in, in REST or GraphQL', async () => {
    await expectError(
      t.as('anonymous').post('/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      404,
      'ROUTE_NOT_FOUND',
    );
    const query = `mutation { auth_login(email: "${ADMIN_EMAIL}", password: "${ADMIN_PASSWORD}") { access_token } }`;
    const res = await t.as('anonymous').post('/graphql/system').send({ query });
    expect(res.body.errors[0].extensions.code).toBe('INVALID_PROVIDER');
  });

  it('starts the oauth2 flow at the configured authorization URL with PKCE', async () => {
    const res = await t.as('anonymous').get('/auth/login/corp');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.location);
    expect(`${url.origin}${url.pathname}`).toBe('https://id.example.com/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'vellum',
      response_type: 'code',
      scope: 'email',
      code_challenge_method: 'S256',
      redirect_uri: `${t.config.publicUrl}/auth/login/corp/callback`,
    });
  });

  it('answers 503 when the LDAP directory cannot be reached, 400 for a body without identifier', async () => {
    await expectError(
      t.as('anonymous').post('/auth/login/directory').send({ identifier: 'jdoe', password: 'x' }),
      503,
      'SERVICE_UNAVAILABLE',
    );
    await expectError(t.as('anonymous').post('/auth/login/directory').send({ password: 'x' }), 400, 'INVALID_PAYLOAD');
  });
});
