import { Transform } from 'class-transformer';
import {
  IsBooleanString,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
} from 'class-validator';

const toNumber = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
// Integers are checked by @IsInt after the same conversion.
const toInt = toNumber;
const DURATION = /^\d+(\.\d+)?\s*(ms|s|m|h|d|w|y)?$/i;
const SIZE = /^\d+(\.\d+)?\s*(b|kb|mb|gb|tb)?$/i;
const BOOL = { message: '$property must be "true" or "false"' };

/**
 * The environment variables Vellum reads (API.md 9), checked once at start. Each property is the
 * variable's own name so a failure names what the operator has to fix.
 */
export class EnvSchema {
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV?: string;
  @IsOptional() @IsString() HOST?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(65535) PORT?: number;
  @IsOptional() @IsString() PUBLIC_URL?: string;
  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL?: string;
  @IsOptional() @IsIn(['json', 'pretty', 'auto']) LOG_FORMAT?: string;
  @IsOptional() @Matches(SIZE) MAX_PAYLOAD_SIZE?: string;
  /** Milliseconds, as in the reference platform. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) SERVER_SHUTDOWN_TIMEOUT?: number;
  /** A path or URL for `GET /`; `false` turns the redirect off. */
  @IsOptional() @IsString() ROOT_REDIRECT?: string;

  @IsOptional() @IsIn(['sqlite', 'sqlite3', 'mysql', 'mariadb', 'postgres', 'pg']) DB_CLIENT?: string;
  @IsOptional() @IsString() DB_FILENAME?: string;
  @IsOptional() @IsString() DB_HOST?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535) DB_PORT?: number;
  @IsOptional() @IsString() DB_DATABASE?: string;
  @IsOptional() @IsString() DB_USER?: string;
  @IsOptional() @IsString() DB_PASSWORD?: string;
  @IsOptional() @IsBooleanString(BOOL) DB_MIGRATE?: string;
  @IsOptional() @Matches(DURATION) DB_ACQUIRE_TIMEOUT?: string;
  @IsOptional() @IsString() DB_EXCLUDE_TABLES?: string;
  @IsOptional() @Matches(DURATION) DB_STATEMENT_TIMEOUT?: string;
  /** Seconds Vellum keeps trying to reach the database at start (0: one attempt). */
  @IsOptional() @Transform(toNumber) @IsNumber() @Min(0) DB_STARTUP_RETRY_TIMEOUT?: number;

  @IsOptional() @IsString() @MinLength(1) SECRET?: string;
  @IsOptional() @IsEmail() ADMIN_EMAIL?: string;
  @IsOptional() @IsString() @MinLength(8) ADMIN_PASSWORD?: string;

  @IsOptional() @Matches(DURATION) ACCESS_TOKEN_TTL?: string;
  @IsOptional() @Matches(DURATION) REFRESH_TOKEN_TTL?: string;
  @IsOptional() @Matches(DURATION) SESSION_COOKIE_TTL?: string;
  @IsOptional() @Matches(DURATION) SESSION_REFRESH_GRACE_PERIOD?: string;
  @IsOptional() @Matches(DURATION) PASSWORD_RESET_TOKEN_TTL?: string;
  @IsOptional() @Matches(DURATION) USER_INVITE_TOKEN_TTL?: string;
  @IsOptional() @Matches(DURATION) AUTH_LOCKOUT_DURATION?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) LOGIN_STALL_TIME?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) AUTH_LOGIN_IP_ATTEMPTS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) AUTH_MAIL_ADDRESS_POINTS?: number;
  @IsOptional() @Matches(DURATION) AUTH_MAIL_ADDRESS_DURATION?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) AUTH_MAIL_IP_POINTS?: number;
  @IsOptional() @Matches(DURATION) AUTH_MAIL_IP_DURATION?: string;
  @IsOptional() @IsString() AUTH_PROVIDERS?: string;
  @IsOptional() @IsBooleanString(BOOL) AUTH_DISABLE_DEFAULT?: string;
  @IsOptional() @IsBooleanString(BOOL) REFRESH_TOKEN_COOKIE_SECURE?: string;
  @IsOptional() @IsIn(['lax', 'strict', 'none', '']) REFRESH_TOKEN_COOKIE_SAME_SITE?: string;
  @IsOptional() @IsString() REFRESH_TOKEN_COOKIE_DOMAIN?: string;
  @IsOptional() @IsBooleanString(BOOL) SESSION_COOKIE_SECURE?: string;
  @IsOptional() @IsIn(['lax', 'strict', 'none', '']) SESSION_COOKIE_SAME_SITE?: string;
  @IsOptional() @IsString() SESSION_COOKIE_DOMAIN?: string;
  @IsOptional() @IsString() PASSWORD_RESET_URL_ALLOW_LIST?: string;
  @IsOptional() @IsString() USER_INVITE_URL_ALLOW_LIST?: string;

  @IsOptional() @IsIn(['log', 'smtp']) EMAIL_TRANSPORT?: string;
  @IsOptional() @IsString() EMAIL_FROM?: string;
  @IsOptional() @IsString() EMAIL_SMTP_HOST?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535) EMAIL_SMTP_PORT?: number;
  @IsOptional() @IsString() EMAIL_SMTP_USER?: string;
  @IsOptional() @IsString() EMAIL_SMTP_PASSWORD?: string;
  @IsOptional() @IsBooleanString(BOOL) EMAIL_SMTP_SECURE?: string;
  @IsOptional() @IsBooleanString(BOOL) EMAIL_SMTP_IGNORE_TLS?: string;

  @IsOptional() @IsString() STORAGE_LOCATIONS?: string;
  @IsOptional() @Matches(SIZE) FILES_MAX_UPLOAD_SIZE?: string;
  @IsOptional() @IsString() FILES_MIME_TYPE_ALLOW_LIST?: string;
  @IsOptional() @IsString() FILE_METADATA_ALLOW_LIST?: string;
  @IsOptional() @IsString() IMPORT_IP_DENY_LIST?: string;
  @IsOptional() @IsBooleanString(BOOL) TUS_ENABLED?: string;
  @IsOptional() @Matches(SIZE) TUS_CHUNK_SIZE?: string;
  @IsOptional() @Matches(DURATION) TUS_UPLOAD_EXPIRATION?: string;
  @IsOptional() @IsString() TUS_CLEANUP_SCHEDULE?: string;

  // Checked by the files module (assets-options.ts), which reads them from the configuration's `assets`.
  @IsOptional() @IsString() ASSETS_CACHE_TTL?: string;
  @IsOptional() @IsString() ASSETS_CACHE_REVALIDATE?: string;
  @IsOptional() @IsString() ASSETS_MEMORY_CACHE_SIZE?: string;
  @IsOptional() @IsString() ASSETS_TRANSFORM_MAX_CONCURRENT?: string;
  @IsOptional() @IsString() ASSETS_TRANSFORM_MAX_RUNNING?: string;
  @IsOptional() @IsString() ASSETS_TRANSFORM_MAX_RUNNING_PER_CALLER?: string;
  @IsOptional() @IsString() ASSETS_TRANSFORM_SLOW_ENCODE_MAX_PIXELS?: string;
  @IsOptional() @IsString() ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION?: string;
  @IsOptional() @IsString() ASSETS_TRANSFORM_MAX_OPERATIONS?: string;
  @IsOptional() @IsString() ASSETS_TRANSFORM_TIMEOUT?: string;

  @IsOptional() @IsBooleanString(BOOL) CACHE_ENABLED?: string;
  @IsOptional() @IsIn(['memory', 'redis']) CACHE_STORE?: string;
  @IsOptional() @Matches(DURATION) CACHE_TTL?: string;
  @IsOptional() @Matches(DURATION) CACHE_COUNT_TTL?: string;
  @IsOptional() @IsString() CACHE_NAMESPACE?: string;
  // An HTTP header name (RFC 9110 token): anything else would make every cached answer fail to send.
  @IsOptional()
  @Matches(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { message: 'CACHE_STATUS_HEADER must be an HTTP header name' })
  CACHE_STATUS_HEADER?: string;
  @IsOptional() @IsBooleanString(BOOL) CACHE_SCHEMA?: string;
  @IsOptional() @Matches(DURATION) CACHE_SCHEMA_CHECK_INTERVAL?: string;
  @IsOptional() @Matches(/^rediss?:\/\//, { message: 'REDIS must be a redis:// URL' }) REDIS?: string;
  @IsOptional() @IsString() REDIS_HOST?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535) REDIS_PORT?: number;
  @IsOptional() @IsString() REDIS_USERNAME?: string;
  @IsOptional() @IsString() REDIS_PASSWORD?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) REDIS_DB?: number;
  @IsOptional() @Matches(DURATION) REDIS_COMMAND_TIMEOUT?: string;
  @IsOptional() @Matches(DURATION) REDIS_CONNECT_TIMEOUT?: string;

  @IsOptional() @IsBooleanString(BOOL) RATE_LIMITER_ENABLED?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) RATE_LIMITER_POINTS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) RATE_LIMITER_DURATION?: number;
  @IsOptional() @IsIn(['memory', 'redis']) RATE_LIMITER_STORE?: string;

  @IsOptional() @IsBooleanString(BOOL) METRICS_ENABLED?: string;
  @IsOptional() @IsString() METRICS_TOKENS?: string;
  @IsOptional() @IsString() METRICS_SERVICES?: string;
  @IsOptional() @IsString() METRICS_SCHEDULE?: string;

  @IsOptional() @IsBooleanString(BOOL) CORS_ENABLED?: string;
  @IsOptional() @IsString() CORS_ORIGIN?: string;
  @IsOptional() @IsString() CORS_METHODS?: string;
  @IsOptional() @IsString() CORS_ALLOWED_HEADERS?: string;
  @IsOptional() @IsString() CORS_EXPOSED_HEADERS?: string;
  @IsOptional() @IsBooleanString(BOOL) CORS_CREDENTIALS?: string;
  /** Seconds a browser may keep a preflight's answer. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) CORS_MAX_AGE?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) QUERY_LIMIT_DEFAULT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) QUERY_LIMIT_MAX?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(2) MAX_RELATIONAL_DEPTH?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) MAX_BATCH_MUTATION?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) MAX_IMPORT_ERRORS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(10000) IMPORT_BATCH_SIZE?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(100000) EXPORT_BATCH_SIZE?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) IMPORT_MAX_CONCURRENCY?: number;
  /** The reference platform's name for IMPORT_MAX_CONCURRENCY, so its deployments move without renaming. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) IMPORT_CONCURRENT_MAX?: number;
  @IsOptional() @Matches(DURATION) IMPORT_TIMEOUT?: string;

  @IsOptional() @IsBooleanString(BOOL) WEBSOCKETS_ENABLED?: string;
  @IsOptional() @IsBooleanString(BOOL) WEBSOCKETS_REST_ENABLED?: string;
  @IsOptional()
  @Matches(/^\/\S*$/, { message: 'WEBSOCKETS_REST_PATH must start with /' })
  WEBSOCKETS_REST_PATH?: string;
  @IsOptional() @IsIn(['public', 'handshake', 'strict']) WEBSOCKETS_REST_AUTH?: string;
  /** Seconds, as in the reference platform; fractions allowed. */
  @IsOptional() @Transform(toNumber) @IsNumber() @Min(0.01) WEBSOCKETS_REST_AUTH_TIMEOUT?: number;
  /** A number of connections, or `Infinity` (the reference's default spelling). */
  @IsOptional()
  @Matches(/^(\d+|Infinity)$/, { message: 'WEBSOCKETS_REST_CONN_LIMIT must be a whole number or Infinity' })
  WEBSOCKETS_REST_CONN_LIMIT?: string;
  @IsOptional() @IsBooleanString(BOOL) WEBSOCKETS_GRAPHQL_ENABLED?: string;
  @IsOptional()
  @Matches(/^\/\S*$/, { message: 'WEBSOCKETS_GRAPHQL_PATH must start with /' })
  WEBSOCKETS_GRAPHQL_PATH?: string;
  @IsOptional() @IsIn(['public', 'handshake', 'strict']) WEBSOCKETS_GRAPHQL_AUTH?: string;
  @IsOptional() @Transform(toNumber) @IsNumber() @Min(0.01) WEBSOCKETS_GRAPHQL_AUTH_TIMEOUT?: number;
  @IsOptional()
  @Matches(/^(\d+|Infinity)$/, { message: 'WEBSOCKETS_GRAPHQL_CONN_LIMIT must be a whole number or Infinity' })
  WEBSOCKETS_GRAPHQL_CONN_LIMIT?: string;
  @IsOptional() @IsBooleanString(BOOL) WEBSOCKETS_HEARTBEAT_ENABLED?: string;
  @IsOptional() @Transform(toNumber) @IsNumber() @Min(0.01) WEBSOCKETS_HEARTBEAT_PERIOD?: number;
  @IsOptional() @Matches(SIZE) WEBSOCKETS_MAX_PAYLOAD?: string;
  @IsOptional() @Matches(SIZE) WEBSOCKETS_PRE_AUTH_MAX_PAYLOAD?: string;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1024) HASH_MEMORY_COST?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) HASH_TIME_COST?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) HASH_PARALLELISM?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) HASH_MAX_CONCURRENT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) HASH_MAX_CONCURRENT_PER_CALLER?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) HASH_MAX_QUEUE?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) HASH_MAX_QUEUE_PER_CALLER?: number;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) GRAPHQL_QUERY_TOKEN_LIMIT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) GRAPHQL_MAX_DEPTH?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) GRAPHQL_MAX_FIELDS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) GRAPHQL_MAX_ALIASES?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) GRAPHQL_MAX_HASHING_FIELDS?: number;
}
