import type { AuthProviderConfig } from './auth-providers-config';
import type { UnknownVariable } from './unknown-variables';

export type DbVendorClient = 'sqlite' | 'mysql' | 'mariadb' | 'postgres';

export interface StorageLocationConfig {
  name: string;
  driver: 'local' | 's3';
  /** Every `STORAGE_<NAME>_*` option, keyed by the lower-case suffix (`root`, `bucket`, `endpoint`, ...). */
  options: Record<string, string>;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  version: string;
  host: string;
  port: number;
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `auto`: readable lines on a terminal, JSON lines otherwise (files, log collectors). */
  logFormat: 'json' | 'pretty' | 'auto';
  maxPayloadSize: number;
  /** ms in-flight requests get to finish after SIGTERM or SIGINT before their connections are cut. */
  shutdownTimeout: number;
  /** Where `GET /` sends browsers (ROOT_REDIRECT, the reference's `./admin`); null: no redirect. */
  rootRedirect: string | null;
  db: {
    client: DbVendorClient;
    filename: string;
    host: string;
    port?: number;
    database: string;
    user?: string;
    password?: string;
    migrate: boolean;
    /**
     * ms a request waits for a pooled connection (including its handshake) and for one statement's
     * answer before a 503 (DB_ACQUIRE_TIMEOUT, DB_STATEMENT_TIMEOUT; 0: no bound). Not on SQLite.
     */
    acquireTimeout: number;
    statementTimeout: number;
    /** ms Vellum keeps trying to reach an unreachable database at start before it gives up. */
    startupRetryTimeout: number;
    /** Tables of the database that are never served as collections (DB_EXCLUDE_TABLES). */
    excludeTables: string[];
  };
  secret: string;
  admin: { email: string; password?: string };
  auth: {
    accessTokenTtl: number;
    refreshTokenTtl: number;
    sessionCookieTtl: number;
    sessionRefreshGracePeriod: number;
    passwordResetTokenTtl: number;
    userInviteTokenTtl: number;
    lockoutDuration: number;
    loginStallTime: number;
    /** Failed sign-ins (users and shares, any account) one source may make within `lockoutDuration`; 0: no limit. */
    loginIpAttempts: number;
    /** Reset and invite mails to one address, and requests for them from one source, per window (ms); 0 points: no limit. */
    mailPerAddress: RateLimit;
    mailPerIp: RateLimit;
    refreshCookie: CookieConfig;
    sessionCookie: CookieConfig;
    passwordResetUrlAllowList: string[];
    userInviteUrlAllowList: string[];
    /** AUTH_PROVIDERS (docs/API.md, Single sign-on). */
    providers: AuthProviderConfig[];
    /** AUTH_DISABLE_DEFAULT: no email/password sign-in. */
    disableDefault: boolean;
  };
  email: {
    transport: 'log' | 'smtp';
    from: string;
    smtp: { host?: string; port?: number; user?: string; password?: string; secure: boolean; ignoreTls: boolean };
  };
  storage: { locations: StorageLocationConfig[] };
  files: {
    maxUploadSize?: number;
    mimeTypeAllowList: string[];
    metadataAllowList: string[];
    importIpDenyList: string[];
    /**
     * Resumable uploads (`/files/tus`): chunk size advertised to clients, lifetime of an unfinished upload
     * (ms), and the cron expression of the clean-up that removes expired ones.
     */
    tus: { enabled: boolean; chunkSize: number; expiration: number; cleanupSchedule: string };
  };
  /** Raw `ASSETS_*` variables for the assets module, keyed by full name. */
  assets: Record<string, string>;
  /** `countTtl`: ms a cached count of `meta` is kept (0: counts are not cached). */
  cache: {
    enabled: boolean;
    store: 'memory' | 'redis';
    ttl: number;
    namespace: string;
    /** CACHE_STATUS_HEADER: the header carrying a cached read's `HIT` or `MISS`; none when unset (API.md 9). */
    statusHeader: string | null;
    countTtl: number;
    /** CACHE_SCHEMA: false checks the database's schema before every request (API.md 11.2). */
    schema: boolean;
    /** ms between two checks for schema changes made outside Vellum while the schema is cached. */
    schemaCheckInterval: number;
  };
  redis?: string;
  /** ms one Redis command, and one connection attempt, may take before Vellum goes on without Redis. */
  redisTimeouts: { command: number; connect: number };
  rateLimiter: { enabled: boolean; points: number; duration: number; store: 'memory' | 'redis' };
  /** Prometheus metrics at /metrics (METRICS_*). */
  metrics: MetricsConfig;
  /** CORS_* (the reference's variables), named as the `cors` middleware's options; `maxAge` in seconds. */
  cors: {
    enabled: boolean;
    origin: CorsOrigin;
    methods: string[];
    allowedHeaders: string[];
    exposedHeaders: string[];
    credentials: boolean;
    maxAge: number;
  };
  query: { limitDefault: number; limitMax?: number; maxRelationalDepth: number; maxBatchMutation?: number };
  /** argon2 costs (unset: argon2's defaults) and how much argon2 work runs at once (HASH_MAX_*). */
  hash: {
    memoryCost?: number;
    timeCost?: number;
    parallelism?: number;
    maxConcurrent: number;
    maxConcurrentPerCaller: number;
    maxQueue: number;
    maxQueuePerCaller: number;
  };
  /** What one GraphQL document may ask for (GRAPHQL_*), over HTTP and WebSocket alike. */
  graphql: { tokenLimit: number; maxDepth: number; maxFields: number; maxAliases: number; maxHashingFields: number };
  /** The WebSocket API (WEBSOCKETS_*); durations in ms. */
  websockets: {
    enabled: boolean;
    rest: {
      enabled: boolean;
      path: string;
      auth: 'public' | 'handshake' | 'strict';
      authTimeout: number;
      connLimit: number;
    };
    /** GraphQL subscriptions over graphql-transport-ws (WEBSOCKETS_GRAPHQL_*), the same settings as `rest`. */
    graphql: {
      enabled: boolean;
      path: string;
      auth: 'public' | 'handshake' | 'strict';
      authTimeout: number;
      connLimit: number;
    };
    heartbeat: { enabled: boolean; period: number };
    /** Bytes a message may have once the connection acts as someone (public included), and before that. */
    maxPayload: number;
    preAuthMaxPayload: number;
  };
  /** Variables that look like Vellum's but that it does not read: start-up warns about each. */
  unknownVariables: UnknownVariable[];
  /** `/utils/import` and `/utils/export` (API.md 2.1, 2.2). */
  importExport: {
    maxImportErrors: number;
    importBatchSize: number;
    exportBatchSize: number;
    /** Imports one instance runs at once (API.md 2.2); more are refused until one ends. */
    maxConcurrentImports: number;
    /** ms an import may take before it is abandoned and rolled back (API.md 2.2). */
    importTimeout: number;
  };
}

/** `true`: the request's own origin; `false`: no CORS headers; else the origins allowed. */
export type CorsOrigin = boolean | '*' | RegExp | (string | RegExp)[];

export interface RateLimit {
  points: number;
  duration: number;
}

export interface CookieConfig {
  name: string;
  secure: boolean;
  sameSite: 'lax' | 'strict' | 'none';
  domain?: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export type MeasuredService = 'database' | 'cache' | 'redis' | 'storage';

export interface MetricsConfig {
  enabled: boolean;
  /** Tokens a scraper sends as `Authorization: Metrics <token>`; administrators need none. */
  tokens: string[];
  /** Which services are measured: their connection checks, and database pool, cache, Redis and upload figures. */
  services: MeasuredService[];
  /** Cron expression of the connection checks (see config/cron.ts). */
  schedule: string;
}
