import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './load-config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (e) {
    return (e as ConfigError).problems;
  }
}

describe(loadConfig.name, () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8055,
      db: {
        client: 'sqlite',
        filename: './data/vellum.db',
        migrate: true,
        acquireTimeout: 5000,
        statementTimeout: 60_000,
        startupRetryTimeout: 60_000,
      },
      admin: { email: 'admin@example.com' },
      auth: {
        accessTokenTtl: 900_000,
        refreshTokenTtl: 604_800_000,
        sessionCookieTtl: 86_400_000,
        loginStallTime: 500,
      },
      query: { limitDefault: 100 },
      maxPayloadSize: 1024 * 1024,
      shutdownTimeout: 1000,
      redisTimeouts: { command: 500, connect: 2000 },
      storage: { locations: [{ name: 'local', driver: 'local', options: { root: './uploads' } }] },
    });
    expect(config.secret).toHaveLength(64);
    expect(Object.isFrozen(config.db)).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DB_CLIENT: 'oracle' }, 'DB_CLIENT'],
    [{ DB_CLIENT: 'mysql' }, 'DB_DATABASE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ ACCESS_TOKEN_TTL: 'soon' }, 'ACCESS_TOKEN_TTL'],
    [{ MAX_PAYLOAD_SIZE: 'big' }, 'MAX_PAYLOAD_SIZE'],
    [{ CACHE_ENABLED: 'yes' }, 'CACHE_ENABLED'],
    [{ CACHE_STORE: 'redis' }, 'REDIS'],
    [{ NODE_ENV: 'production' }, 'SECRET'],
    [{ NODE_ENV: 'production', SECRET: 'short' }, 'SECRET'],
    [{ STORAGE_LOCATIONS: 'cloud', STORAGE_CLOUD_DRIVER: 'ftp' }, 'STORAGE_CLOUD_DRIVER'],
    [{ STORAGE_LOCATIONS: 'cloud', STORAGE_CLOUD_DRIVER: 's3' }, 'STORAGE_CLOUD_BUCKET'],
    [{ IMPORT_MAX_CONCURRENCY: '0' }, 'IMPORT_MAX_CONCURRENCY'],
    [{ IMPORT_MAX_CONCURRENCY: 'many' }, 'IMPORT_MAX_CONCURRENCY'],
    [{ IMPORT_CONCURRENT_MAX: '-1' }, 'IMPORT_CONCURRENT_MAX'],
    [{ IMPORT_TIMEOUT: 'forever' }, 'IMPORT_TIMEOUT'],
    [{ DB_ACQUIRE_TIMEOUT: 'soon' }, 'DB_ACQUIRE_TIMEOUT'],
    [{ DB_STATEMENT_TIMEOUT: '-1' }, 'DB_STATEMENT_TIMEOUT'],
    [{ DB_STARTUP_RETRY_TIMEOUT: '1m' }, 'DB_STARTUP_RETRY_TIMEOUT'],
    [{ DB_STARTUP_RETRY_TIMEOUT: '-1' }, 'DB_STARTUP_RETRY_TIMEOUT'],
    [{ SERVER_SHUTDOWN_TIMEOUT: '1s' }, 'SERVER_SHUTDOWN_TIMEOUT'],
    [{ REDIS_COMMAND_TIMEOUT: 'soon' }, 'REDIS_COMMAND_TIMEOUT'],
    [{ REDIS_CONNECT_TIMEOUT: '-5' }, 'REDIS_CONNECT_TIMEOUT'],
    [{ WEBSOCKETS_GRAPHQL_AUTH: 'open' }, 'WEBSOCKETS_GRAPHQL_AUTH'],
    [{ WEBSOCKETS_GRAPHQL_PATH: 'graphql' }, 'WEBSOCKETS_GRAPHQL_PATH'],
    [{ WEBSOCKETS_GRAPHQL_CONN_LIMIT: 'lots' }, 'WEBSOCKETS_GRAPHQL_CONN_LIMIT'],
    [{ WEBSOCKETS_REST_PATH: '/graphql' }, 'WEBSOCKETS_GRAPHQL_PATH'],
    [{ HASH_MAX_CONCURRENT: '0' }, 'HASH_MAX_CONCURRENT'],
    [{ HASH_MAX_CONCURRENT_PER_CALLER: 'one' }, 'HASH_MAX_CONCURRENT_PER_CALLER'],
    [{ HASH_MAX_QUEUE: '-1' }, 'HASH_MAX_QUEUE'],
    [{ HASH_MAX_QUEUE_PER_CALLER: '-1' }, 'HASH_MAX_QUEUE_PER_CALLER'],
    [{ GRAPHQL_MAX_DEPTH: 'deep' }, 'GRAPHQL_MAX_DEPTH'],
    [{ GRAPHQL_QUERY_TOKEN_LIMIT: '0' }, 'GRAPHQL_QUERY_TOKEN_LIMIT'],
    [{ GRAPHQL_MAX_ALIASES: '1.5' }, 'GRAPHQL_MAX_ALIASES'],
    [{ WEBSOCKETS_MAX_PAYLOAD: 'huge' }, 'WEBSOCKETS_MAX_PAYLOAD'],
    [{ WEBSOCKETS_PRE_AUTH_MAX_PAYLOAD: '-4kb' }, 'WEBSOCKETS_PRE_AUTH_MAX_PAYLOAD'],
    [{ TUS_ENABLED: 'on' }, 'TUS_ENABLED'],
    [{ TUS_CHUNK_SIZE: 'large' }, 'TUS_CHUNK_SIZE'],
    [{ TUS_UPLOAD_EXPIRATION: 'later' }, 'TUS_UPLOAD_EXPIRATION'],
    [{ TUS_CLEANUP_SCHEDULE: 'hourly' }, 'TUS_CLEANUP_SCHEDULE'],
    [{ TUS_CLEANUP_SCHEDULE: '61 * * * *' }, 'TUS_CLEANUP_SCHEDULE'],
  ])('refuses %j naming %s', (env, variable) => {
    const problems = problemsOf(env);
    expect(problems.some((p) => p.startsWith(variable))).toBe(true);
  });

  it.each<[NodeJS.ProcessEnv, boolean, boolean]>([
    [{}, false, false],
    [{ PUBLIC_URL: 'http://localhost:8055' }, false, false],
    [{ PUBLIC_URL: 'https://cms.example.com' }, true, true],
    [{ PUBLIC_URL: 'HTTPS://cms.example.com/' }, true, true],
    [{ PUBLIC_URL: 'https://cms.example.com', SESSION_COOKIE_SECURE: 'false' }, true, false],
    [{ PUBLIC_URL: 'http://cms.example.com', REFRESH_TOKEN_COOKIE_SECURE: 'true' }, true, false],
  ])('auth cookies for %j: refresh Secure %s, session Secure %s', (env, refresh, session) => {
    const { auth } = loadConfig(env);
    expect([auth.refreshCookie.secure, auth.sessionCookie.secure]).toEqual([refresh, session]);
  });

  it('reads the resumable-upload settings, off by default as on the reference platform', () => {
    expect(loadConfig({}).files.tus).toEqual({
      enabled: false,
      chunkSize: 8 * 1024 * 1024,
      expiration: 600_000,
      cleanupSchedule: '0 * * * *',
    });
    expect(
      loadConfig({
        TUS_ENABLED: 'true',
        TUS_CHUNK_SIZE: '1mb',
        TUS_UPLOAD_EXPIRATION: '1h',
        TUS_CLEANUP_SCHEDULE: '*/5 * * * *',
      }).files.tus,
    ).toEqual({ enabled: true, chunkSize: 1024 * 1024, expiration: 3_600_000, cleanupSchedule: '*/5 * * * *' });
  });

  it('lists every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y' })).toHaveLength(2);
  });

  it.each([
    ['sqlite3', 'sqlite'],
    ['pg', 'postgres'],
    ['mariadb', 'mariadb'],
  ])('accepts DB_CLIENT alias %s as %s', (alias, client) => {
    expect(loadConfig({ DB_CLIENT: alias, DB_DATABASE: 'x' }).db.client).toBe(client);
  });

  it('accepts a long production SECRET', () => {
    expect(loadConfig({ NODE_ENV: 'production', SECRET: 'x'.repeat(32) }).secret).toBe('x'.repeat(32));
  });

  it.each([
    ['2mb', 2 * 1024 * 1024],
    ['512kb', 512 * 1024],
    ['100', 100],
  ])('parses MAX_PAYLOAD_SIZE %s', (raw, expected) => {
    expect(loadConfig({ MAX_PAYLOAD_SIZE: raw }).maxPayloadSize).toBe(expected);
  });

  it.each([
    [{}, { maxConcurrentImports: 20, importTimeout: 3_600_000 }],
    [
      { IMPORT_MAX_CONCURRENCY: '3', IMPORT_TIMEOUT: '90s' },
      { maxConcurrentImports: 3, importTimeout: 90_000 },
    ],
    [
      { IMPORT_CONCURRENT_MAX: '4', IMPORT_TIMEOUT: '2500' },
      { maxConcurrentImports: 4, importTimeout: 2_500 },
    ],
    [{ IMPORT_MAX_CONCURRENCY: '2', IMPORT_CONCURRENT_MAX: '4' }, { maxConcurrentImports: 2 }],
  ])('reads the import limits of %j', (env, expected) => {
    expect(loadConfig(env).importExport).toMatchObject(expected);
  });

  it('collects every STORAGE_<NAME>_* option of each location', () => {
    const config = loadConfig({
      STORAGE_LOCATIONS: 'local,s3',
      STORAGE_S3_DRIVER: 's3',
      STORAGE_S3_BUCKET: 'b',
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:4568',
    });
    expect(config.storage.locations[1]).toEqual({
      name: 's3',
      driver: 's3',
      options: { driver: 's3', bucket: 'b', endpoint: 'http://127.0.0.1:4568' },
    });
  });

  it.each([
    [{}, { enabled: true, path: '/graphql', auth: 'handshake', authTimeout: 10_000, connLimit: Infinity }],
    [
      {
        WEBSOCKETS_GRAPHQL_ENABLED: 'false',
        WEBSOCKETS_GRAPHQL_PATH: '/gql',
        WEBSOCKETS_GRAPHQL_AUTH: 'strict',
        WEBSOCKETS_GRAPHQL_AUTH_TIMEOUT: '2.5',
        WEBSOCKETS_GRAPHQL_CONN_LIMIT: '20',
      },
      { enabled: false, path: '/gql', auth: 'strict', authTimeout: 2_500, connLimit: 20 },
    ],
    [
      { WEBSOCKETS_REST_PATH: '/ws', WEBSOCKETS_REST_AUTH: 'public' },
      { path: '/graphql', auth: 'handshake' },
    ],
    [
      { WEBSOCKETS_REST_ENABLED: 'false', WEBSOCKETS_REST_PATH: '/graphql' },
      { enabled: true, path: '/graphql' },
    ],
  ])('reads the GraphQL socket of %j apart from the REST one', (env, expected) => {
    expect(loadConfig(env).websockets.graphql).toMatchObject(expected);
  });

  it.each([
    [{}, { maxConcurrent: 2, maxConcurrentPerCaller: 1, maxQueue: 64, maxQueuePerCaller: 8 }],
    [
      {
        HASH_MAX_CONCURRENT: '8',
        HASH_MAX_CONCURRENT_PER_CALLER: '3',
        HASH_MAX_QUEUE: '0',
        HASH_MAX_QUEUE_PER_CALLER: '2',
      },
      { maxConcurrent: 8, maxConcurrentPerCaller: 3, maxQueue: 0, maxQueuePerCaller: 2 },
    ],
  ])('reads the hashing limits of %j', (env, expected) => {
    expect(loadConfig(env).hash).toMatchObject(expected);
  });

  it.each([
    [{}, { tokenLimit: 5000, maxDepth: 25, maxFields: 2000, maxAliases: 100, maxHashingFields: 2 }],
    [
      {
        GRAPHQL_QUERY_TOKEN_LIMIT: '900',
        GRAPHQL_MAX_DEPTH: '7',
        GRAPHQL_MAX_FIELDS: '50',
        GRAPHQL_MAX_ALIASES: '0',
        GRAPHQL_MAX_HASHING_FIELDS: '3',
      },
      { tokenLimit: 900, maxDepth: 7, maxFields: 50, maxAliases: 0, maxHashingFields: 3 },
    ],
  ])('reads the GraphQL document limits of %j', (env, expected) => {
    expect(loadConfig(env).graphql).toEqual(expected);
  });

  it.each([
    [{}, { maxPayload: 256 * 1024, preAuthMaxPayload: 8 * 1024 }],
    [
      { WEBSOCKETS_MAX_PAYLOAD: '1mb', WEBSOCKETS_PRE_AUTH_MAX_PAYLOAD: '2kb' },
      { maxPayload: 1024 * 1024, preAuthMaxPayload: 2048 },
    ],
  ])('reads the WebSocket message limits of %j', (env, expected) => {
    expect(loadConfig(env).websockets).toMatchObject(expected);
  });

  it.each([
    [{ DB_STARTUP_RETRY_TIMEOUT: '0' }, { db: { startupRetryTimeout: 0 } }],
    [{ DB_STARTUP_RETRY_TIMEOUT: '2.5' }, { db: { startupRetryTimeout: 2500 } }],
    [{ SERVER_SHUTDOWN_TIMEOUT: '15000' }, { shutdownTimeout: 15_000 }],
    [{ REDIS_COMMAND_TIMEOUT: '250', REDIS_CONNECT_TIMEOUT: '5s' }, { redisTimeouts: { command: 250, connect: 5000 } }],
  ])('reads the failure bounds of %j', (env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });
});

const secretsDir = mkdtempSync(join(tmpdir(), 'vellum-secrets-'));
function secretFile(name: string, content: string): string {
  const path = join(secretsDir, name);
  writeFileSync(path, content);
  return path;
}

describe('<NAME>_FILE variables (file-variables.ts)', () => {
  it.each([
    ['SECRET', (c: ReturnType<typeof loadConfig>) => c.secret, 'a-secret-read-from-a-file-0123456789'],
    ['DB_PASSWORD', (c: ReturnType<typeof loadConfig>) => c.db.password, 'db pass with spaces '],
    ['ADMIN_PASSWORD', (c: ReturnType<typeof loadConfig>) => c.admin.password, 'admin-password'],
    ['EMAIL_SMTP_PASSWORD', (c: ReturnType<typeof loadConfig>) => c.email.smtp.password, 'smtp'],
    ['REDIS', (c: ReturnType<typeof loadConfig>) => c.redis, 'redis://:pw@cache:6379'],
    ['METRICS_TOKENS', (c: ReturnType<typeof loadConfig>) => c.metrics.tokens.join('|'), 'one,two'],
  ])('reads %s from the file, without its trailing newline', (name, read, value) => {
    const config = loadConfig({ [`${name}_FILE`]: secretFile(name, `${value}\n`) });
    expect(read(config)).toBe(value.replace(',', '|'));
  });

  it('reads a storage location key chosen by the operator, and CRLF endings go too', () => {
    const key = secretFile('s3-key', 'AKIA-from-file\r\n');
    const config = loadConfig({
      STORAGE_LOCATIONS: 'cloud',
      STORAGE_CLOUD_DRIVER: 's3',
      STORAGE_CLOUD_BUCKET: 'b',
      STORAGE_CLOUD_KEY_FILE: key,
    });
    expect(config.storage.locations[0].options.key).toBe('AKIA-from-file');
  });

  it('refuses a variable set both ways, naming both and showing neither value', () => {
    const problems = problemsOf({ DB_PASSWORD: 'inline-value', DB_PASSWORD_FILE: secretFile('pw', 'file-value') });
    expect(problems).toEqual(['DB_PASSWORD: set either DB_PASSWORD or DB_PASSWORD_FILE, not both']);
  });

  it('refuses a file that cannot be read, naming the variable and the path', () => {
    const missing = join(secretsDir, 'missing');
    expect(problemsOf({ SECRET_FILE: missing })).toEqual([`SECRET_FILE: cannot read ${missing} (ENOENT)`]);
  });

  it("leaves other programs' *_FILE variables alone", () => {
    expect(
      problemsOf({ SSL_CERT_FILE: join(secretsDir, 'missing'), NODE_EXTRA_CA_CERTS_FILE: join(secretsDir, 'missing') }),
    ).toEqual([]);
  });

  it('validates what a file holds like any other value', () => {
    expect(problemsOf({ PORT_FILE: secretFile('port', 'eighty\n') })).toEqual([expect.stringMatching(/^PORT:/)]);
  });
});
