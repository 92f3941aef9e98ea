import { generateSync } from 'otplib';
import { DataSource } from 'typeorm';
import { createRole, grant } from '../../factories/user.factory';
import { cookieValue } from '../../helpers/cookies';
import { expectError } from '../../helpers/expect-error';
import { LDAP_ADMIN, LDAP_SUFFIX, startSlapd, TestSlapd } from '../../helpers/slapd';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { provisionDatabase, TestDatabase } from '../../helpers/test-database';

const PEOPLE = `ou=people,${LDAP_SUFFIX}`;

function person(cn: string, password: string, mail: string, given: string): string {
  return [
    `dn: cn=${cn},${PEOPLE}`,
    'objectClass: inetOrgPerson',
    `cn: ${cn}`,
    `uid: ${cn}`,
    `sn: ${cn}-surname`,
    `givenName: ${given}`,
    `mail: ${mail}`,
    `userPassword: ${password}`,
    '',
  ].join('\n');
}

const LDIF = [
  [`dn: ${LDAP_SUFFIX}`, 'objectClass: dcObject', 'objectClass: organization', 'o: Example', 'dc: example', ''].join(
    '\n',
  ),
  [`dn: ${PEOPLE}`, 'objectClass: organizationalUnit', 'ou: people', ''].join('\n'),
  [`dn: ou=groups,${LDAP_SUFFIX}`, 'objectClass: organizationalUnit', 'ou: groups', ''].join('\n'),
  person('jdoe', 'jdoe-password', 'jdoe@example.com', 'John'),
  person('msmith', 'msmith-password', 'msmith@example.com', 'Mary'),
  person('alex', 'alex-password', 'alex@example.com', 'Alex'),
  person('sam', 'sam-password', 'sam@example.com', 'Sam'),
  [
    `dn: cn=Editors,ou=groups,${LDAP_SUFFIX}`,
    'objectClass: groupOfNames',
    'cn: Editors',
    `member: cn=jdoe,${PEOPLE}`,
    '',
  ].join('\n'),
].join('\n');

/** An ldap provider over TLS to the same directory: the self-signed certificate is trusted only through CLIENT_TLS_CA. */
function tlsProvider(name: string, url: string, tls: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  const options = {
    DRIVER: 'ldap',
    CLIENT_URL: url,
    BIND_DN: LDAP_ADMIN.dn,
    BIND_PASSWORD: LDAP_ADMIN.password,
    USER_DN: PEOPLE,
    ...tls,
  };
  for (const [key, value] of Object.entries(options)) env[`AUTH_${name}_${key}`] = value;
  return env;
}

describe('single sign-on: ldap (docs/API.md, Single sign-on)', () => {
  let database: TestDatabase;
  let slapd: TestSlapd;
  let t: TestApp;
  let editors: string;
  let fallback: string;

  beforeAll(async () => {
    slapd = await startSlapd(LDIF);
    database = await provisionDatabase();
    // The roles must exist before the app that names the default one starts.
    const first = await createTestApp({ database });
    editors = await createRole(first, { name: 'editors' });
    fallback = await createRole(first);
    for (const role of [editors, fallback]) await grant(first, role, 'svc_users', 'read');
    await first.close();
    t = await createTestApp({
      database,
      env: {
        AUTH_PROVIDERS: 'directory,secure,starttls,untrusted,starttls_untrusted',
        AUTH_DIRECTORY_DRIVER: 'ldap',
        AUTH_DIRECTORY_CLIENT_URL: slapd.url,
        AUTH_DIRECTORY_BIND_DN: LDAP_ADMIN.dn,
        AUTH_DIRECTORY_BIND_PASSWORD: LDAP_ADMIN.password,
        AUTH_DIRECTORY_USER_DN: PEOPLE,
        AUTH_DIRECTORY_GROUP_DN: `ou=groups,${LDAP_SUFFIX}`,
        AUTH_DIRECTORY_DEFAULT_ROLE_ID: fallback,
        ...tlsProvider('SECURE', slapd.tls.url, { CLIENT_TLS_CA: slapd.tls.ca }),
        ...tlsProvider('STARTTLS', slapd.url, { CLIENT_TLS_CA: slapd.tls.ca, CLIENT_STARTTLS: 'true' }),
        ...tlsProvider('UNTRUSTED', slapd.tls.url, {}),
        ...tlsProvider('STARTTLS_UNTRUSTED', slapd.url, { CLIENT_STARTTLS: 'true' }),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await slapd?.stop();
  });

  const login = (body: Record<string, unknown>) => t.as('anonymous').post('/auth/login/directory').send(body);
  const userRow = async (dn: string) =>
    (
      await t.app
        .get(DataSource)
        .query(
          `SELECT provider, external_identifier, role, email, first_name FROM svc_users WHERE external_identifier = '${dn}'`,
        )
    )[0];

  it('signs a directory person in, registered with the role their group maps to, for an authorized read', async () => {
    const res = await login({ identifier: 'jdoe', password: 'jdoe-password' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires: expect.any(Number),
    });
    expect(await userRow(`cn=jdoe,${PEOPLE}`)).toMatchObject({
      provider: 'directory',
      role: editors,
      email: 'jdoe@example.com',
      first_name: 'John',
    });
    const me = await t.as(res.body.data.access_token).get('/users/me?fields=email,provider,role');
    expect(me.body.data).toEqual({ email: 'jdoe@example.com', provider: 'directory', role: editors });
  });

  it('gives a person in no mapped group the default role, and answers in cookie mode', async () => {
    const res = await login({ identifier: 'msmith', password: 'msmith-password', mode: 'cookie' });
    expect(res.status).toBe(200);
    const refresh = cookieValue(res, 'svc_refresh_token');
    expect(refresh).toBeDefined();
    expect(await userRow(`cn=msmith,${PEOPLE}`)).toMatchObject({ provider: 'directory', role: fallback });
    const refreshed = await t
      .as('anonymous')
      .post('/auth/refresh')
      .set('Cookie', `svc_refresh_token=${refresh}`)
      .send({ mode: 'cookie' });
    expect(refreshed.status).toBe(200);
  });

  it('refuses a wrong password, an unknown person and a filter in the identifier, registering nobody', async () => {
    await expectError(login({ identifier: 'jdoe', password: 'wrong' }), 401, 'INVALID_CREDENTIALS');
    await expectError(login({ identifier: 'nobody', password: 'x' }), 401, 'INVALID_CREDENTIALS');
    await expectError(login({ identifier: '*', password: 'jdoe-password' }), 401, 'INVALID_CREDENTIALS');
    await expectError(login({ identifier: 'jdoe)(cn=*', password: 'jdoe-password' }), 401, 'INVALID_CREDENTIALS');
    expect(await userRow(`cn=nobody,${PEOPLE}`)).toBeUndefined();
  });

  it('asks a directory user with two-factor authentication for their code, as a password user', async () => {
    const first = await login({ identifier: 'msmith', password: 'msmith-password' });
    const token = first.body.data.access_token as string;
    const generated = await t.as(token).post('/users/me/tfa/generate').send({});
    expect(generated.status).toBe(200);
    const { secret } = generated.body.data as { secret: string };
    expect(
      (
        await t
          .as(token)
          .post('/users/me/tfa/enable')
          .send({ secret, otp: generateSync({ secret }) })
      ).status,
    ).toBe(204);
    await expectError(login({ identifier: 'msmith', password: 'msmith-password' }), 401, 'INVALID_OTP');
    const res = await login({ identifier: 'msmith', password: 'msmith-password', otp: generateSync({ secret }) });
    expect(res.status).toBe(200);
  });

  it('refuses an empty password before asking the directory (an anonymous bind would succeed)', async () => {
    await expectError(login({ identifier: 'jdoe', password: '' }), 400, 'INVALID_PAYLOAD');
  });

  it('is not a redirect provider, and password users cannot sign in through it', async () => {
    await expectError(t.as('anonymous').get('/auth/login/directory'), 404, 'ROUTE_NOT_FOUND');
    await expectError(login({ identifier: 'admin', password: 'admin-password-1' }), 401, 'INVALID_CREDENTIALS');
  });

  it("signs in over ldaps and over STARTTLS with the directory's own CA; without it the certificate is refused (503)", async () => {
    const secure = await t
      .as('anonymous')
      .post('/auth/login/secure')
      .send({ identifier: 'alex', password: 'alex-password' });
    expect(secure.status).toBe(200);
    expect(await userRow(`cn=alex,${PEOPLE}`)).toMatchObject({ provider: 'secure', email: 'alex@example.com' });
    await expectError(
      t.as('anonymous').post('/auth/login/secure').send({ identifier: 'alex', password: 'wrong' }),
      401,
      'INVALID_CREDENTIALS',
    );
    const starttls = await t
      .as('anonymous')
      .post('/auth/login/starttls')
      .send({ identifier: 'sam', password: 'sam-password' });
    expect(starttls.status).toBe(200);
    expect(await userRow(`cn=sam,${PEOPLE}`)).toMatchObject({ provider: 'starttls' });
    for (const untrusted of ['untrusted', 'starttls_untrusted']) {
      await expectError(
        t.as('anonymous').post(`/auth/login/${untrusted}`).send({ identifier: 'sam', password: 'sam-password' }),
        503,
        'SERVICE_UNAVAILABLE',
      );
    }
  });
});
