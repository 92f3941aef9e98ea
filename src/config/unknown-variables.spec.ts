import { knownVariables, unknownVariables } from './unknown-variables';

describe(unknownVariables.name, () => {
  it.each([
    ['CORS_ORIGN', 'CORS_ORIGIN', 'CORS_ORIGN is not a Vellum variable and is ignored; did you mean CORS_ORIGIN?'],
    ['CACHE_TLL', 'CACHE_TTL', 'CACHE_TLL is not a Vellum variable and is ignored; did you mean CACHE_TTL?'],
    ['EMAIL_SMTP_PASS', 'EMAIL_SMTP_HOST', undefined],
    ['DB_PASWORD', 'DB_PASSWORD', 'DB_PASWORD is not a Vellum variable and is ignored; did you mean DB_PASSWORD?'],
    ['REDIS_', 'REDIS', undefined],
    ['STORAGE_LOCATION', 'STORAGE_LOCATIONS', undefined],
    ['AUTH_LOCKOUT_DURATON', 'AUTH_LOCKOUT_DURATION', undefined],
    [
      'LOG_STYLE',
      'LOG_LEVEL',
      'LOG_STYLE is not a Vellum variable and is ignored; the nearest known variable is LOG_LEVEL',
    ],
    [
      'CACHE_AUTO_PURGE',
      'CACHE_STORE',
      'CACHE_AUTO_PURGE is not a Vellum variable and is ignored; the nearest known variable is CACHE_STORE',
    ],
  ])('warns about %s, naming %s', (name, nearest, message) => {
    const [found] = unknownVariables({ [name]: 'x' });
    expect(found).toMatchObject({ name, nearest });
    if (message) expect(found.message).toBe(message);
  });

  it.each([
    ['a known variable', 'CORS_ORIGIN'],
    ["a known variable's file form", 'DB_PASSWORD_FILE'],
    ['a variable of another program', 'PATH'],
    ['a Node.js variable', 'NODE_OPTIONS'],
    ['a desktop session variable', 'SESSION_MANAGER'],
    ['a database driver option', 'DB_SSL__REJECT_UNAUTHORIZED'],
    ['a database driver option', 'DB_CONNECTION_STRING'],
    ['a Redis option', 'REDIS_HOST'],
    ['a Redis option', 'REDIS_DB'],
    ['an option of a storage location', 'STORAGE_CLOUD_SECRET'],
    ['an option of a storage location', 'STORAGE_S3_FORCE_PATH_STYLE'],
    ['an auth provider option', 'AUTH_GOOGLE_CLIENT_ID'],
    ['an auth setting the operator names', 'AUTH_PROVIDERS'],
  ])('says nothing about %s (%s)', (_label, name) => {
    expect(unknownVariables({ [name]: 'x' })).toEqual([]);
  });

  it('ignores variables that are unset, and lists the rest by name', () => {
    expect(unknownVariables({ CORS_ORIGN: undefined })).toEqual([]);
    expect(unknownVariables({ LOG_STYLE: 'raw', CORS_ORIGN: 'x', PORT: '1' }).map((u) => u.name)).toEqual([
      'CORS_ORIGN',
      'LOG_STYLE',
    ]);
  });

  it("knows the schema's variables", () => {
    expect(knownVariables()).toEqual(
      expect.arrayContaining([
        'PORT',
        'DB_PASSWORD',
        'CORS_ORIGIN',
        'ASSETS_TRANSFORM_TIMEOUT',
        'WEBSOCKETS_GRAPHQL_CONN_LIMIT',
      ]),
    );
  });
});
