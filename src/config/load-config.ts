import { randomBytes } from 'node:crypto';
import bytes from 'bytes';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import ms from 'ms';
import { version } from '../../package.json';
import { AppConfig, CookieConfig, DbVendorClient, StorageLocationConfig } from './app-config';
import { authProvidersConfig } from './auth-providers-config';
import { corsConfig } from './cors-config';
import { cronProblem } from './cron';
import { EnvSchema } from './env.schema';
import { resolveFileVariables } from './file-variables';
import { metricsConfig } from './metrics-config';
import { knownVariables, unknownVariables } from './unknown-variables';
import { redisUrl } from './redis-url';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

/** A production SECRET must resist brute force on the JWT signature. */
const MIN_PRODUCTION_SECRET_LENGTH = 32;

const DEFAULT_METADATA_ALLOW_LIST =
  'ifd0.Make,ifd0.Model,exif.FNumber,exif.ExposureTime,exif.FocalLength,exif.ISOSpeedRatings';

function csv(value: string | undefined, fallback: string[] = []): string[] {
  if (value === undefined || value.trim() === '') return fallback;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function flag(value: string | undefined, fallback: boolean): boolean {
  return value === undefined ? fallback : value === 'true';
}

function duration(value: string | undefined, fallback: string): number {
  const raw = value ?? fallback;
  return /^\d+$/.test(raw) ? Number(raw) : ms(raw as ms.StringValue);
}

function size(value: string | undefined): number | undefined {
  return value === undefined ? undefined : (bytes.parse(value) ?? undefined);
}

function normaliseClient(client: string | undefined): DbVendorClient {
  if (client === undefined || client === 'sqlite3') return 'sqlite';
  if (client === 'pg') return 'postgres';
  return client as DbVendorClient;
}

function describe(errors: ValidationError[]): string[] {
  return errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
}

function cookie(env: NodeJS.ProcessEnv, prefix: string, name: string): CookieConfig {
  const sameSite = env[`${prefix}_SAME_SITE`];
  return {
    name,
    // Served over https, a cookie sent over plain http could be read on the way; http://localhost needs it plain.
    secure: flag(env[`${prefix}_SECURE`], /^https:/i.test(env.PUBLIC_URL ?? '')),
    // API.md 1.3: an empty SameSite variable falls back to strict.
    sameSite: sameSite === undefined ? 'lax' : sameSite === '' ? 'strict' : (sameSite as CookieConfig['sameSite']),
    domain: env[`${prefix}_DOMAIN`] || undefined,
  };
}

function storageLocations(env: NodeJS.ProcessEnv, problems: string[]): StorageLocationConfig[] {
  return csv(env.STORAGE_LOCATIONS, ['local']).map((name) => {
    const prefix = `STORAGE_${name.toUpperCase()}_`;
    const options: Record<string, string> = {};
    for (const [key, value] of Object.entries(env)) {
      if (key.startsWith(prefix) && value !== undefined) options[key.slice(prefix.length).toLowerCase()] = value;
    }
    const driver = options.driver ?? 'local';
    if (driver !== 'local' && driver !== 's3') problems.push(`${prefix}DRIVER: must be "local" or "s3"`);
    if (driver === 's3' && !options.bucket) problems.push(`${prefix}BUCKET: required for the s3 driver`);
    if (driver === 'local' && !options.root) options.root = './uploads';
    return { name, driver: driver as 'local' | 's3', options };
  });
}

/**
 * Validates the environment (`<NAME>_FILE` variables read first, file-variables.ts) once and returns the
 * frozen configuration. Throws a ConfigError listing every bad variable by name; nothing else in Vellum
 * reads process.env.
 */
export function loadConfig(given: NodeJS.ProcessEnv): AppConfig {
  const fileProblems: string[] = [];
  const env = resolveFileVariables(given, knownVariables(), fileProblems);
  const parsed = plainToInstance(EnvSchema, env, { exposeDefaultValues: false });
  const problems = [
    ...fileProblems,
    ...describe(validateSync(parsed, { whitelist: false, forbidUnknownValues: false })),
  ];
  const nodeEnv = (env.NODE_ENV ?? 'development') as AppConfig['nodeEnv'];

  if (nodeEnv === 'production' && (env.SECRET ?? '').length < MIN_PRODUCTION_SECRET_LENGTH) {
    problems.push(`SECRET: required in production, at least ${MIN_PRODUCTION_SECRET_LENGTH} characters`);
  }
  const client = normaliseClient(env.DB_CLIENT);
  if (client !== 'sqlite' && !env.DB_DATABASE) problems.push(`DB_DATABASE: required for DB_CLIENT=${client}`);
  if (env.CACHE_STORE === 'redis' && !redisUrl(env))
    problems.push('REDIS: required when CACHE_STORE=redis (or REDIS_HOST)');
  // One upgrade path serves one socket (UpgradeRoutes); the defaults differ, a setting may not.
  const bothSockets = flag(env.WEBSOCKETS_REST_ENABLED, true) && flag(env.WEBSOCKETS_GRAPHQL_ENABLED, true);
  if (bothSockets && (env.WEBSOCKETS_GRAPHQL_PATH ?? '/graphql') === (env.WEBSOCKETS_REST_PATH ?? '/websocket')) {
    problems.push('WEBSOCKETS_GRAPHQL_PATH: must differ from WEBSOCKETS_REST_PATH');
  }
  const tusScheduleProblem =
    env.TUS_CLEANUP_SCHEDULE === undefined ? null : cronProblem('TUS_CLEANUP_SCHEDULE', env.TUS_CLEANUP_SCHEDULE);
  if (tusScheduleProblem) problems.push(tusScheduleProblem);
  const locations = storageLocations(env, problems);
  const cors = corsConfig(env, parsed, problems);
  const metrics = metricsConfig(env, problems);
  const providers = authProvidersConfig(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const config: AppConfig = {
    ...serverConfig(env, parsed, nodeEnv),
    db: dbConfig(env, parsed, client),
    // Development without SECRET: a random one per process, so tokens die with the process.
    secret: env.SECRET ?? randomBytes(32).toString('hex'),
    admin: { email: env.ADMIN_EMAIL ?? 'admin@example.com', password: env.ADMIN_PASSWORD },
    auth: { ...authConfig(env, parsed), providers, disableDefault: flag(env.AUTH_DISABLE_DEFAULT, false) },
    email: emailConfig(env, parsed),
    storage: { locations },
    files: filesConfig(env),
    assets: Object.fromEntries(
      Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('ASSETS_') && e[1] !== undefined),
    ),
    ...servicesConfig(env, parsed),
    cors,
    metrics,
    query: queryConfig(parsed),
    hash: hashConfig(parsed),
    graphql: graphqlConfig(parsed),
    importExport: importExportConfig(env, parsed),
    websockets: websocketsConfig(env, parsed),
    unknownVariables: unknownVariables(env),
  };
  return deepFreeze(config);
}

type Env = NodeJS.ProcessEnv;

function serverConfig(env: Env, parsed: EnvSchema, nodeEnv: AppConfig['nodeEnv']) {
  return {
    nodeEnv,
    version,
    host: env.HOST ?? '0.0.0.0',
    port: parsed.PORT ?? 8055,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${parsed.PORT ?? 8055}`).replace(/\/+$/, ''),
    logLevel: (env.LOG_LEVEL ?? 'info') as AppConfig['logLevel'],
    logFormat: (env.LOG_FORMAT ?? 'auto') as AppConfig['logFormat'],
    maxPayloadSize: size(env.MAX_PAYLOAD_SIZE) ?? 1024 * 1024,
    // The reference platform's default: a supervisor's own grace period (docker stop: 10 s) stays above it.
    shutdownTimeout: parsed.SERVER_SHUTDOWN_TIMEOUT ?? 1000,
    rootRedirect: rootRedirect(env.ROOT_REDIRECT),
  };
}

/** As the reference reads ROOT_REDIRECT: unset is `./admin`, `false` or empty is no redirect. */
function rootRedirect(value: string | undefined): string | null {
  if (value === undefined) return './admin';
  return value === '' || value === 'false' ? null : value;
}

function dbConfig(env: Env, parsed: EnvSchema, client: DbVendorClient): AppConfig['db'] {
  const defaultPort = client === 'postgres' ? 5432 : client === 'sqlite' ? undefined : 3306;
  return {
    client,
    filename: env.DB_FILENAME ?? './data/vellum.db',
    host: env.DB_HOST ?? '127.0.0.1',
    port: parsed.DB_PORT ?? defaultPort,
    database: env.DB_DATABASE ?? '',
    user: env.DB_USER,
    password: env.DB_PASSWORD,
    migrate: flag(env.DB_MIGRATE, true),
    acquireTimeout: duration(env.DB_ACQUIRE_TIMEOUT, '5s'),
    statementTimeout: duration(env.DB_STATEMENT_TIMEOUT, '60s'),
    // A database started alongside (docker compose, a first MariaDB initialisation) takes tens of seconds.
    startupRetryTimeout: (parsed.DB_STARTUP_RETRY_TIMEOUT ?? 60) * 1000,
    excludeTables:
      env.DB_EXCLUDE_TABLES === undefined ? ['spatial_ref_sys', 'sysdiagrams'] : csv(env.DB_EXCLUDE_TABLES),
  };
}

function authConfig(env: Env, parsed: EnvSchema): Omit<AppConfig['auth'], 'providers' | 'disableDefault'> {
  return {
    accessTokenTtl: duration(env.ACCESS_TOKEN_TTL, '15m'),
    refreshTokenTtl: duration(env.REFRESH_TOKEN_TTL, '7d'),
    sessionCookieTtl: duration(env.SESSION_COOKIE_TTL, '1d'),
    sessionRefreshGracePeriod: duration(env.SESSION_REFRESH_GRACE_PERIOD, '10s'),
    passwordResetTokenTtl: duration(env.PASSWORD_RESET_TOKEN_TTL, '1d'),
    userInviteTokenTtl: duration(env.USER_INVITE_TOKEN_TTL, '7d'),
    lockoutDuration: duration(env.AUTH_LOCKOUT_DURATION, '15m'),
    loginStallTime: parsed.LOGIN_STALL_TIME ?? 500,
    loginIpAttempts: parsed.AUTH_LOGIN_IP_ATTEMPTS ?? 100,
    mailPerAddress: {
      points: parsed.AUTH_MAIL_ADDRESS_POINTS ?? 3,
      duration: duration(env.AUTH_MAIL_ADDRESS_DURATION, '1h'),
    },
    mailPerIp: { points: parsed.AUTH_MAIL_IP_POINTS ?? 10, duration: duration(env.AUTH_MAIL_IP_DURATION, '1m') },
    refreshCookie: cookie(env, 'REFRESH_TOKEN_COOKIE', 'svc_refresh_token'),
    sessionCookie: cookie(env, 'SESSION_COOKIE', 'svc_session_token'),
    passwordResetUrlAllowList: csv(env.PASSWORD_RESET_URL_ALLOW_LIST),
    userInviteUrlAllowList: csv(env.USER_INVITE_URL_ALLOW_LIST),
  };
}

function emailConfig(env: Env, parsed: EnvSchema): AppConfig['email'] {
  return {
    transport: (env.EMAIL_TRANSPORT ?? 'log') as 'log' | 'smtp',
    from: env.EMAIL_FROM ?? 'no-reply@example.com',
    smtp: {
      host: env.EMAIL_SMTP_HOST,
      port: parsed.EMAIL_SMTP_PORT,
      user: env.EMAIL_SMTP_USER,
      password: env.EMAIL_SMTP_PASSWORD,
      secure: flag(env.EMAIL_SMTP_SECURE, false),
      ignoreTls: flag(env.EMAIL_SMTP_IGNORE_TLS, false),
    },
  };
}

function filesConfig(env: Env): AppConfig['files'] {
  return {
    maxUploadSize: size(env.FILES_MAX_UPLOAD_SIZE),
    mimeTypeAllowList: csv(env.FILES_MIME_TYPE_ALLOW_LIST, ['*/*']),
    metadataAllowList: csv(env.FILE_METADATA_ALLOW_LIST ?? DEFAULT_METADATA_ALLOW_LIST),
    importIpDenyList: csv(env.IMPORT_IP_DENY_LIST, ['0.0.0.0', '169.254.169.254']),
    tus: {
      enabled: flag(env.TUS_ENABLED, false),
      chunkSize: size(env.TUS_CHUNK_SIZE ?? '8mb')!,
      expiration: duration(env.TUS_UPLOAD_EXPIRATION, '10m'),
      cleanupSchedule: env.TUS_CLEANUP_SCHEDULE ?? '0 * * * *',
    },
  };
}

function servicesConfig(
  env: Env,
  parsed: EnvSchema,
): Pick<AppConfig, 'cache' | 'redis' | 'redisTimeouts' | 'rateLimiter'> {
  return {
    cache: {
      enabled: flag(env.CACHE_ENABLED, false),
      store: (env.CACHE_STORE ?? 'memory') as 'memory' | 'redis',
      ttl: duration(env.CACHE_TTL, '5m'),
      namespace: env.CACHE_NAMESPACE ?? 'vellum',
      statusHeader: env.CACHE_STATUS_HEADER || null,
      countTtl: duration(env.CACHE_COUNT_TTL, '10s'),
      schema: flag(env.CACHE_SCHEMA, true),
      schemaCheckInterval: duration(env.CACHE_SCHEMA_CHECK_INTERVAL, '5s'),
    },
    redis: redisUrl(env),
    redisTimeouts: {
      command: duration(env.REDIS_COMMAND_TIMEOUT, '500'),
      connect: duration(env.REDIS_CONNECT_TIMEOUT, '2000'),
    },
    rateLimiter: {
      enabled: flag(env.RATE_LIMITER_ENABLED, false),
      points: parsed.RATE_LIMITER_POINTS ?? 50,
      duration: parsed.RATE_LIMITER_DURATION ?? 1,
      store: (env.RATE_LIMITER_STORE ?? 'memory') as 'memory' | 'redis',
    },
  };
}

function importExportConfig(env: Env, parsed: EnvSchema): AppConfig['importExport'] {
  return {
    maxImportErrors: parsed.MAX_IMPORT_ERRORS ?? 1000,
    // Measured on 100,000-row imports and exports (bench/import.bench.ts): 500 and 5000 (the reference's
    // export default) were no faster and left three times the garbage in the old generation, which
    // Node keeps (as RSS) until a full collection.
    importBatchSize: parsed.IMPORT_BATCH_SIZE ?? 250,
    exportBatchSize: parsed.EXPORT_BATCH_SIZE ?? 1000,
    maxConcurrentImports: parsed.IMPORT_MAX_CONCURRENCY ?? parsed.IMPORT_CONCURRENT_MAX ?? 20,
    importTimeout: duration(env.IMPORT_TIMEOUT, '1h'),
  };
}

function queryConfig(parsed: EnvSchema): AppConfig['query'] {
  return {
    limitDefault: parsed.QUERY_LIMIT_DEFAULT ?? 100,
    limitMax: parsed.QUERY_LIMIT_MAX,
    maxRelationalDepth: parsed.MAX_RELATIONAL_DEPTH ?? 10,
    maxBatchMutation: parsed.MAX_BATCH_MUTATION,
  };
}

function hashConfig(parsed: EnvSchema): AppConfig['hash'] {
  return {
    memoryCost: parsed.HASH_MEMORY_COST,
    timeCost: parsed.HASH_TIME_COST,
    parallelism: parsed.HASH_PARALLELISM,
    // Each argon2 run holds HASH_MEMORY_COST (64 MiB by default): two at once keep a burst within 150 MB.
    maxConcurrent: parsed.HASH_MAX_CONCURRENT ?? 2,
    maxConcurrentPerCaller: parsed.HASH_MAX_CONCURRENT_PER_CALLER ?? 1,
    // Waiting costs no memory (argon2 allocates when it starts), so a burst of sign-ins from one office
    // address waits its turn instead of failing; the bounds only stop an endless backlog.
    maxQueue: parsed.HASH_MAX_QUEUE ?? 64,
    maxQueuePerCaller: parsed.HASH_MAX_QUEUE_PER_CALLER ?? 8,
  };
}

function graphqlConfig(parsed: EnvSchema): AppConfig['graphql'] {
  return {
    // The reference's own default token limit; the rest sit well above what its SDK, GraphiQL and the
    // Studio send (the standard introspection query: depth 15, 229 fields, no alias).
    tokenLimit: parsed.GRAPHQL_QUERY_TOKEN_LIMIT ?? 5000,
    maxDepth: parsed.GRAPHQL_MAX_DEPTH ?? 25,
    maxFields: parsed.GRAPHQL_MAX_FIELDS ?? 2000,
    maxAliases: parsed.GRAPHQL_MAX_ALIASES ?? 100,
    maxHashingFields: parsed.GRAPHQL_MAX_HASHING_FIELDS ?? 2,
  };
}

type SocketEndpoint = AppConfig['websockets']['rest'];

/** WEBSOCKETS_<PREFIX>_*: the settings the WebSocket API and GraphQL subscriptions share in the reference. */
function socketEndpoint(env: Env, parsed: EnvSchema, prefix: 'REST' | 'GRAPHQL', path: string): SocketEndpoint {
  const limit = env[`WEBSOCKETS_${prefix}_CONN_LIMIT`];
  const timeout = parsed[`WEBSOCKETS_${prefix}_AUTH_TIMEOUT`];
  return {
    enabled: flag(env[`WEBSOCKETS_${prefix}_ENABLED`], true),
    path: env[`WEBSOCKETS_${prefix}_PATH`] ?? path,
    auth: (env[`WEBSOCKETS_${prefix}_AUTH`] ?? 'handshake') as SocketEndpoint['auth'],
    authTimeout: (timeout ?? 10) * 1000,
    connLimit: limit === undefined || limit === 'Infinity' ? Number.POSITIVE_INFINITY : Number(limit),
  };
}

function websocketsConfig(env: Env, parsed: EnvSchema): AppConfig['websockets'] {
  return {
    // Off unless asked for, as in the reference platform.
    enabled: flag(env.WEBSOCKETS_ENABLED, false),
    rest: socketEndpoint(env, parsed, 'REST', '/websocket'),
    graphql: socketEndpoint(env, parsed, 'GRAPHQL', '/graphql'),
    heartbeat: {
      enabled: flag(env.WEBSOCKETS_HEARTBEAT_ENABLED, true),
      period: (parsed.WEBSOCKETS_HEARTBEAT_PERIOD ?? 30) * 1000,
    },
    // ws's own default is 100 MiB, buffered whole before any check; an auth or connection_init message
    // is a token or a password, and a query document fits well within 256 KiB.
    maxPayload: size(env.WEBSOCKETS_MAX_PAYLOAD) ?? 256 * 1024,
    preAuthMaxPayload: size(env.WEBSOCKETS_PRE_AUTH_MAX_PAYLOAD) ?? 8 * 1024,
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
