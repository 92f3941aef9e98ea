import { authProvidersConfig } from './auth-providers-config';

function read(env: NodeJS.ProcessEnv) {
  const problems: string[] = [];
  const providers = authProvidersConfig(env, problems);
  return { providers, problems };
}

const OPENID = {
  AUTH_PROVIDERS: 'corp',
  AUTH_CORP_DRIVER: 'openid',
  AUTH_CORP_CLIENT_ID: 'vellum',
  AUTH_CORP_CLIENT_SECRET: 's3cret',
  AUTH_CORP_ISSUER_URL: 'https://id.example.com',
};

describe(authProvidersConfig.name, () => {
  it('has no provider without AUTH_PROVIDERS', () => {
    expect(read({})).toEqual({ providers: [], problems: [] });
  });

  it('reads a provider with its defaults and camel-cased driver options', () => {
    const { providers, problems } = read({
      ...OPENID,
      AUTH_CORP_USER_ATTRIBUTE_X: 'y',
      AUTH_CORP_CLIENT_SECRET_FILE: '/run/x',
    });
    expect(problems).toEqual([]);
    expect(providers).toEqual([
      {
        name: 'corp',
        driver: 'openid',
        icon: null,
        label: null,
        mode: 'session',
        allowPublicRegistration: false,
        defaultRoleId: null,
        redirectAllowList: null,
        options: {
          clientId: 'vellum',
          clientSecret: 's3cret',
          issuerUrl: 'https://id.example.com',
          userAttributeX: 'y',
        },
      },
    ]);
  });

  it('reads the shared options', () => {
    const { providers } = read({
      ...OPENID,
      AUTH_CORP_ICON: 'key',
      AUTH_CORP_LABEL: 'Corp ID',
      AUTH_CORP_MODE: 'cookie',
      AUTH_CORP_ALLOW_PUBLIC_REGISTRATION: 'true',
      AUTH_CORP_DEFAULT_ROLE_ID: 'r1',
      AUTH_CORP_REDIRECT_ALLOW_LIST: 'https://a.example.com/x, https://b.example.com',
    });
    expect(providers[0]).toMatchObject({
      icon: 'key',
      label: 'Corp ID',
      mode: 'cookie',
      allowPublicRegistration: true,
      defaultRoleId: 'r1',
      redirectAllowList: ['https://a.example.com/x', 'https://b.example.com'],
    });
  });

  it.each([
    [{ AUTH_PROVIDERS: 'corp' }, 'AUTH_CORP_DRIVER: must be one of openid, oauth2, ldap'],
    [{ AUTH_PROVIDERS: 'corp', AUTH_CORP_DRIVER: 'saml' }, 'AUTH_CORP_IDP_metadata: required for the saml driver'],
    [
      { AUTH_PROVIDERS: 'corp', AUTH_CORP_DRIVER: 'saml', AUTH_CORP_IDP_metadata: '<x' },
      'AUTH_CORP_IDP_metadata: the IdP metadata is not well-formed XML',
    ],
    [
      { AUTH_PROVIDERS: 'corp', AUTH_CORP_DRIVER: 'saml', AUTH_CORP_IDP_METADATA: '<x/>', AUTH_CORP_SP_metadata: '<x' },
      'AUTH_CORP_IDP_METADATA: the IdP metadata has no EntityDescriptor',
    ],
    [{ ...OPENID, AUTH_CORP_ISSUER_URL: undefined }, 'AUTH_CORP_ISSUER_URL: required for the openid driver'],
    [{ ...OPENID, AUTH_CORP_ISSUER_URL: 'id.example.com' }, 'AUTH_CORP_ISSUER_URL: must be an http(s) URL'],
    [{ ...OPENID, AUTH_CORP_MODE: 'jwt' }, 'AUTH_CORP_MODE: must be json, cookie or session'],
    [{ ...OPENID, AUTH_CORP_ROLE_MAPPING: '{"dev":1}' }, 'AUTH_CORP_ROLE_MAPPING: every group must map to a role id'],
    [
      { ...OPENID, AUTH_CORP_ALLOW_PUBLIC_REGISTRATION: 'yes' },
      'AUTH_CORP_ALLOW_PUBLIC_REGISTRATION: must be "true" or "false"',
    ],
    [{ AUTH_PROVIDERS: 'corp', AUTH_CORP_DRIVER: 'oauth2' }, 'AUTH_CORP_PROFILE_URL: required for the oauth2 driver'],
    [{ AUTH_PROVIDERS: 'dir', AUTH_DIR_DRIVER: 'ldap' }, 'AUTH_DIR_BIND_PASSWORD: required for the ldap driver'],
    [{ AUTH_PROVIDERS: 'a b' }, 'AUTH_PROVIDERS: "a b" is not a provider name'],
    [{ AUTH_PROVIDERS: 'default' }, 'AUTH_PROVIDERS: "default" is not a provider name'],
    [{ ...OPENID, AUTH_PROVIDERS: 'corp,CORP' }, 'AUTH_PROVIDERS: "CORP" is listed twice'],
  ])('refuses %j', (env, problem) => {
    expect(read(env).problems.join('\n')).toContain(problem);
  });
});
