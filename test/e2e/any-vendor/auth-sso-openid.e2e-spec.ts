import { DataSource } from 'typeorm';
import { createRole, createUser, grant } from '../../factories/user.factory';
import { cookieValue } from '../../helpers/cookies';
import { expectError } from '../../helpers/expect-error';
import { signInAtProvider, startOidcProvider, TEST_CLIENT, TestOidcProvider } from '../../helpers/oidc-provider';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { provisionDatabase, TestDatabase } from '../../helpers/test-database';

const PUBLIC_URL = 'http://vellum.test';
const CALLBACKS = ['corp', 'closed', 'plain'].map((name) => `${PUBLIC_URL}/auth/login/${name}/callback`);
const PEOPLE = {
  alice: { email: 'alice@corp.test', given_name: 'Alice', family_name: 'Liddell' },
  bob: { email: 'bob@corp.test' },
  carol: { email: 'carol@corp.test' },
  dave: { email: 'dave@corp.test' },
  taken: { email: 'taken@corp.test' },
  erin: { email: 'erin@corp.test', groups: ['staff', 'editors'] },
};

function providersEnv(issuer: string, role: string, editor: string): Record<string, string> {
  const client = { CLIENT_ID: TEST_CLIENT.id, CLIENT_SECRET: TEST_CLIENT.secret };
  const env: Record<string, string> = { PUBLIC_URL, AUTH_PROVIDERS: 'corp,closed,plain' };
  const set = (name: string, values: Record<string, string>) => {
    for (const [k, v] of Object.entries({ ...client, ...values })) env[`AUTH_${name}_${k}`] = v;
  };
  set('CORP', {
    DRIVER: 'openid',
    ISSUER_URL: issuer,
    ALLOW_PUBLIC_REGISTRATION: 'true',
    DEFAULT_ROLE_ID: role,
    ICON: 'key',
    LABEL: 'Corp ID',
    REDIRECT_ALLOW_LIST: 'https://app.example.com/done',
    ROLE_MAPPING: `json:{"editors":"${editor}","nobody":"${role}"}`,
    PARAMS: 'json:{"ui_locales":"fr","state":"forged"}',
  });
  set('CLOSED', { DRIVER: 'openid', ISSUER_URL: issuer });
  set('PLAIN', {
    DRIVER: 'oauth2',
    AUTHORIZE_URL: `${issuer}/auth`,
    ACCESS_URL: `${issuer}/token`,
    PROFILE_URL: `${issuer}/me`,
    SCOPE: 'openid email',
    ALLOW_PUBLIC_REGISTRATION: 'true',
    DEFAULT_ROLE_ID: role,
    MODE: 'cookie',
  });
  return env;
}

describe('single sign-on: openid and oauth2 (docs/API.md, Single sign-on)', () => {
  let database: TestDatabase;
  let provider: TestOidcProvider;
  let t: TestApp;
  let role: string;
  let editor: string;

  beforeAll(async () => {
    database = await provisionDatabase();
    provider = await startOidcProvider(CALLBACKS, PEOPLE);
    // The default role must exist before the app that names it starts.
    const first = await createTestApp({ database });
    role = await createRole(first);
    await grant(first, role, 'svc_users', 'read');
    editor = await createRole(first);
    await grant(first, editor, 'svc_users', 'read');
    await createUser(first, { email: 'taken@corp.test', role });
    await first.close();
    t = await createTestApp({ database, env: providersEnv(provider.issuer, role, editor) });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
    await database?.drop();
  });

  /** Starts at Vellum, signs in at the provider as `login`, and brings the callback back to Vellum. */
  async function signIn(name: string, login: string, redirect?: string) {
    const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
    const start = await t.as('anonymous').get(`/auth/login/${name}${query}`);
    expect(start.status).toBe(302);
    const driver = name === 'plain' ? 'oauth2' : 'openid';
    const state = cookieValue(start, `${driver}.${name}`);
    expect(state).toBeDefined();
    const authUrl = new URL(start.headers.location);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toEqual(expect.any(String));
    const callback = new URL(await signInAtProvider(start.headers.location, login, `${PUBLIC_URL}/auth/login/`));
    return t.as('anonymous').get(`${callback.pathname}${callback.search}`).set('Cookie', `${driver}.${name}=${state}`);
  }

  const userRow = async (identifier: string) =>
    (
      await t.app
        .get(DataSource)
        .query(
          `SELECT provider, external_identifier, role, email, first_name FROM svc_users WHERE external_identifier = '${identifier}'`,
        )
    )[0];

  it('lists the providers and the default login as the reference does', async () => {
    const res = await t.as('anonymous').get('/auth');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { name: 'corp', driver: 'openid', icon: 'key', label: 'Corp ID' },
        { name: 'closed', driver: 'openid', icon: null, label: null },
        { name: 'plain', driver: 'oauth2', icon: null, label: null },
      ],
      disableDefault: false,
    });
  });

  it('openid: registers a new person with the default role and signs them in with a session cookie', async () => {
    const res = await signIn('corp', 'alice', '/admin/content');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/admin/content');
    const session = cookieValue(res, 'svc_session_token');
    expect(session).toBeDefined();
    expect(await userRow('alice')).toMatchObject({
      provider: 'corp',
      external_identifier: 'alice',
      role,
      email: 'alice@corp.test',
      first_name: 'Alice',
    });
    const me = await t.as('anonymous').get('/users/me').set('Cookie', `svc_session_token=${session}`);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'alice@corp.test', provider: 'corp' });
  });

  it('openid: without a redirect answers the tokens; refresh and logout work as for any user', async () => {
    const res = await signIn('corp', 'alice');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires: expect.any(Number),
    });
    const me = await t.as(res.body.data.access_token).get('/users/me?fields=external_identifier,role');
    expect(me.body.data).toEqual({ external_identifier: 'alice', role });
    const refreshed = await t
      .as('anonymous')
      .post('/auth/refresh')
      .send({ refresh_token: res.body.data.refresh_token });
    expect(refreshed.status).toBe(200);
    const out = await t.as('anonymous').post('/auth/logout').send({ refresh_token: refreshed.body.data.refresh_token });
    expect(out.status).toBe(204);
    await expectError(
      t.as('anonymous').post('/auth/refresh').send({ refresh_token: refreshed.body.data.refresh_token }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('openid: ROLE_MAPPING gives the role of the first mapped group, again at each sign-in', async () => {
    const first = await signIn('corp', 'erin');
    expect(first.status).toBe(200);
    expect(await userRow('erin')).toMatchObject({ provider: 'corp', role: editor });
    await t.app.get(DataSource).query(`UPDATE svc_users SET role = '${role}' WHERE external_identifier = 'erin'`);
    const again = await signIn('corp', 'erin');
    expect(again.status).toBe(200);
    expect(await userRow('erin')).toMatchObject({ role: editor });
    const me = await t.as(again.body.data.access_token).get('/users/me?fields=role');
    expect(me.body.data).toEqual({ role: editor });
  });

  it('openid: PARAMS adds to the authorization request but never replaces its state', async () => {
    const start = await t.as('anonymous').get('/auth/login/corp');
    const authUrl = new URL(start.headers.location);
    expect(authUrl.searchParams.get('ui_locales')).toBe('fr');
    expect(authUrl.searchParams.get('state')).not.toBe('forged');
    const plain = await t.as('anonymous').get('/auth/login/plain');
    expect(new URL(plain.headers.location).searchParams.get('ui_locales')).toBeNull();
  });

  it('form_post: a posted answer is sent on to the GET callback with its parameters (303)', async () => {
    const res = await t
      .as('anonymous')
      .post('/auth/login/corp/callback')
      .type('form')
      .send({ code: 'c1', state: 's1', iss: 'x y' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('./callback?code=c1&state=s1&iss=x+y');
    await expectError(
      t.as('anonymous').post('/auth/login/nobody/callback').type('form').send({ code: 'c1' }),
      404,
      'ROUTE_NOT_FOUND',
    );
  });

  it('openid: a redirect target on the allow list is allowed', async () => {
    const res = await signIn('corp', 'bob', 'https://app.example.com/done');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://app.example.com/done');
  });

  it("refuses a person unknown to a provider without public registration, with the reference's error", async () => {
    const res = await signIn('closed', 'carol', '/admin/login');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/admin/login?reason=INVALID_CREDENTIALS');
    expect(await userRow('carol')).toBeUndefined();
    await expectError(signIn('closed', 'carol'), 401, 'INVALID_CREDENTIALS');
  });

  it('refuses to take over the account of a password user with the same email', async () => {
    await expectError(signIn('corp', 'taken'), 403, 'INVALID_PROVIDER');
  });

  it('oauth2: registers the person by email (the identifier key) and sets the refresh cookie in cookie mode', async () => {
    const res = await signIn('plain', 'dave', '/admin/content');
    expect(res.status).toBe(302);
    const refresh = cookieValue(res, 'svc_refresh_token');
    expect(refresh).toBeDefined();
    expect(await userRow('dave@corp.test')).toMatchObject({ provider: 'plain', role, email: 'dave@corp.test' });
    const refreshed = await t
      .as('anonymous')
      .post('/auth/refresh')
      .set('Cookie', `svc_refresh_token=${refresh}`)
      .send({ mode: 'cookie' });
    expect(refreshed.status).toBe(200);
    const me = await t.as(refreshed.body.data.access_token).get('/users/me?fields=email');
    expect(me.body.data).toEqual({ email: 'dave@corp.test' });
  });

  it.each(['https://evil.example/steal', '//evil.example/steal', 'https://app.example.com/other'])(
    'refuses the redirect target %s',
    async (target) => {
      await expectError(
        t.as('anonymous').get(`/auth/login/corp?redirect=${encodeURIComponent(target)}`),
        400,
        'INVALID_PAYLOAD',
      );
    },
  );

  it.each(['redirect[a]=1', 'redirect[toString]=x'])(
    'refuses %s (not a URL) as a payload error, not a crash',
    async (query) => {
      await expectError(t.as('anonymous').get(`/auth/login/corp?${query}`), 400, 'INVALID_PAYLOAD');
    },
  );

  it('refuses a callback without the state cookie, and one whose code was not issued for it', async () => {
    await expectError(t.as('anonymous').get('/auth/login/corp/callback?code=x&state=y'), 401, 'INVALID_CREDENTIALS');
    const start = await t.as('anonymous').get('/auth/login/corp');
    const state = cookieValue(start, 'openid.corp');
    await expectError(
      t.as('anonymous').get('/auth/login/corp/callback?code=forged&state=wrong').set('Cookie', `openid.corp=${state}`),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('answers 404 for an unknown provider', async () => {
    await expectError(t.as('anonymous').get('/auth/login/nobody'), 404, 'ROUTE_NOT_FOUND');
    await expectError(
      t.as('anonymous').post('/auth/login/corp').send({ identifier: 'a', password: 'b' }),
      404,
      'ROUTE_NOT_FOUND',
    );
  });
});
