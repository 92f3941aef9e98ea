import { DataSource } from 'typeorm';
import { createRole, grant } from '../../factories/user.factory';
import { cookieValue } from '../../helpers/cookies';
import { expectError } from '../../helpers/expect-error';
import { AssertionSpec, IDP_SSO_URL, TestSamlIdp } from '../../helpers/saml-idp';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { provisionDatabase, TestDatabase } from '../../helpers/test-database';

const PUBLIC_URL = 'http://vellum.test';
const SP_ENTITY = 'https://vellum.test/sp';
const ACS = `${PUBLIC_URL}/auth/login/corp/acs`;
const SP_METADATA =
  `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${SP_ENTITY}"><SPSSODescriptor WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
  `<AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ACS}" index="0"/></SPSSODescriptor></EntityDescriptor>`;

describe('single sign-on: saml (docs/API.md, Single sign-on)', () => {
  let database: TestDatabase;
  let idp: TestSamlIdp;
  let t: TestApp;
  let role: string;

  beforeAll(async () => {
    database = await provisionDatabase();
    idp = new TestSamlIdp();
    const first = await createTestApp({ database });
    role = await createRole(first);
    await grant(first, role, 'svc_users', 'read');
    await first.close();
    const env: Record<string, string> = { PUBLIC_URL, AUTH_PROVIDERS: 'corp,closed' };
    Object.assign(env, {
      AUTH_CORP_DRIVER: 'saml',
      AUTH_CORP_IDP_metadata: idp.metadata(),
      AUTH_CORP_SP_metadata: SP_METADATA,
      AUTH_CORP_ALLOW_PUBLIC_REGISTRATION: 'true',
      AUTH_CORP_DEFAULT_ROLE_ID: role,
      AUTH_CORP_LABEL: 'Corp SAML',
      AUTH_CORP_REDIRECT_ALLOW_LIST: 'https://app.example.com/done',
      AUTH_CLOSED_DRIVER: 'saml',
      AUTH_CLOSED_IDP_metadata: idp.metadata(),
      AUTH_CLOSED_SP_metadata: '',
    });
    t = await createTestApp({ database, env });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
    await database?.drop();
  });

  const userRow = async (identifier: string) =>
    (
      await t.app
        .get(DataSource)
        .query(
          `SELECT provider, external_identifier, role, email, first_name FROM svc_users WHERE external_identifier = '${identifier}'`,
        )
    )[0];

  /** Starts at Vellum and answers the AuthnRequest it sends the browser with, as the IdP would. */
  async function respond(spec: Partial<AssertionSpec> & { nameId: string }, provider = 'corp', redirect?: string) {
    const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
    const start = await t.as('anonymous').get(`/auth/login/${provider}${query}`);
    expect(start.status).toBe(302);
    const audience = provider === 'corp' ? SP_ENTITY : `${PUBLIC_URL}/auth/login/${provider}/metadata`;
    const destination = `${PUBLIC_URL}/auth/login/${provider}/acs`;
    return {
      response: idp.response({ inResponseTo: idp.requestId(start.headers.location), audience, destination, ...spec }),
      relayState: new URL(start.headers.location).searchParams.get('RelayState'),
    };
  }

  const post = (provider: string, form: Record<string, string>) =>
    t.as('anonymous').post(`/auth/login/${provider}/acs`).type('form').send(form);

  it('lists the saml provider, also for the Studio (a redirect sign-in)', async () => {
    const res = await t.as('anonymous').get('/auth?sessionOnly');
    expect(res.body.data).toEqual([
      { name: 'corp', driver: 'saml', icon: null, label: 'Corp SAML' },
      { name: 'closed', driver: 'saml', icon: null, label: null },
    ]);
  });

  it('serves the SP metadata: as configured, or derived from PUBLIC_URL when empty', async () => {
    const res = await t.as('anonymous').get('/auth/login/corp/metadata');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.text).toBe(SP_METADATA);
    const derived = await t.as('anonymous').get('/auth/login/closed/metadata');
    expect(derived.text).toContain(`entityID="${PUBLIC_URL}/auth/login/closed/metadata"`);
    expect(derived.text).toContain(`Location="${PUBLIC_URL}/auth/login/closed/acs"`);
  });

  it('sends the browser to the IdP with the redirect target as RelayState', async () => {
    const res = await t.as('anonymous').get('/auth/login/corp?redirect=%2Fadmin%2Fcontent');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe(IDP_SSO_URL);
    expect(location.searchParams.get('RelayState')).toBe('/admin/content');
    expect(idp.requestId(res.headers.location)).toEqual(expect.any(String));
  });

  it.each(['https://evil.example/steal', '//evil.example/steal'])(
    'refuses the redirect target %s, at the start and at the ACS',
    async (target) => {
      await expectError(
        t.as('anonymous').get(`/auth/login/corp?redirect=${encodeURIComponent(target)}`),
        400,
        'INVALID_PAYLOAD',
      );
      const { response } = await respond({ nameId: 'mallory' });
      await expectError(post('corp', { SAMLResponse: response, RelayState: target }), 400, 'INVALID_PAYLOAD');
      expect(await userRow('mallory')).toBeUndefined();
    },
  );

  it('registers a new person with the default role, sets the session cookie and redirects to the RelayState', async () => {
    const { response, relayState } = await respond(
      { nameId: 'Alice', attributes: { emailaddress: 'alice@corp.test', givenname: 'Alice' } },
      'corp',
      '/admin/content',
    );
    const res = await post('corp', { SAMLResponse: response, RelayState: relayState! });
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
    const me = await t
      .as('anonymous')
      .get('/users/me?fields=email,provider')
      .set('Cookie', `svc_session_token=${session}`);
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({ email: 'alice@corp.test', provider: 'corp' });
  });

  it('without a RelayState answers the tokens, which authorize reads; the same response again is refused', async () => {
    const { response } = await respond({ nameId: 'alice' });
    const res = await post('corp', { SAMLResponse: response });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires: expect.any(Number),
    });
    const me = await t.as(res.body.data.access_token).get('/users/me?fields=external_identifier,role');
    expect(me.body.data).toEqual({ external_identifier: 'alice', role });
    await expectError(post('corp', { SAMLResponse: response }), 401, 'INVALID_CREDENTIALS');
  });

  it("refuses a person unknown to a provider without public registration, with the reference's error", async () => {
    const { response, relayState } = await respond({ nameId: 'carol' }, 'closed', '/admin/login');
    const res = await post('closed', { SAMLResponse: response, RelayState: relayState! });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/admin/login?reason=INVALID_CREDENTIALS');
    expect(await userRow('carol')).toBeUndefined();
  });

  it.each<[string, Partial<AssertionSpec>]>([
    ['an unsigned response', { signedBy: 'none' }],
    ['a response signed by another key', { signedBy: 'other' }],
    ['a response whose assertion only is signed', { responseSigned: false }],
    ['an assertion for another SP', { audience: 'https://other-sp.test' }],
    ['a response for another ACS', { destination: 'https://other-sp.test/acs' }],
    ['an expired assertion', { validForMinutes: -5 }],
  ])('refuses %s and creates no user', async (_, spec) => {
    const { response } = await respond({ nameId: 'eve', ...spec });
    await expectError(post('corp', { SAMLResponse: response }), 401, 'INVALID_CREDENTIALS');
    expect(await userRow('eve')).toBeUndefined();
  });

  it('refuses a signed response changed after signing, and an answer to a request Vellum never sent', async () => {
    const start = await t.as('anonymous').get('/auth/login/corp');
    const spec = { inResponseTo: idp.requestId(start.headers.location), audience: SP_ENTITY, destination: ACS };
    const tampered = idp.responseXml({ ...spec, nameId: 'bob' }).replace('>bob<', '>admin<');
    await expectError(
      post('corp', { SAMLResponse: Buffer.from(tampered).toString('base64') }),
      401,
      'INVALID_CREDENTIALS',
    );
    await expectError(
      post('corp', { SAMLResponse: idp.response({ ...spec, nameId: 'bob', inResponseTo: '_never-sent' }) }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(await userRow('admin')).toBeUndefined();
    expect(await userRow('bob')).toBeUndefined();
  });

  it('refuses a response with a DOCTYPE (entity expansion, external entities)', async () => {
    const { response } = await respond({ nameId: 'eve' });
    const xml = `<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${Buffer.from(response, 'base64').toString('utf8')}`;
    await expectError(post('corp', { SAMLResponse: Buffer.from(xml).toString('base64') }), 401, 'INVALID_CREDENTIALS');
  });

  it('answers a missing response and a body that is no form as errors, an unknown provider as 404', async () => {
    await expectError(post('corp', {}), 401, 'INVALID_CREDENTIALS');
    await expectError(post('corp', { SAMLResponse: 'not base64 xml' }), 401, 'INVALID_CREDENTIALS');
    await expectError(
      t.as('anonymous').post('/auth/login/corp/acs').send({ SAMLResponse: 'x' }),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(t.as('anonymous').get('/auth/login/nobody/metadata'), 404, 'ROUTE_NOT_FOUND');
    await expectError(post('nobody', { SAMLResponse: 'x' }), 404, 'ROUTE_NOT_FOUND');
  });
});
