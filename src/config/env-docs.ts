/**
 * The documentation of every variable of env.schema.ts: its default and meaning, rendered into the README's
 * configuration table by `npm run docs:env` (scripts/env-table.ts; CI fails when the README is stale).
 * Each schema variable is in exactly one entry: env-table.ts refuses to render otherwise. Cells are
 * Markdown; `defaults` holds one default per name, in order, or one that all the names share. A name with `<NAME>` is a family whose
 * names the operator chooses.
 */
import { ASSETS_ENV_DOCS } from './env-docs-assets';
import { SSO_ENV_DOCS } from './env-docs-sso';
import { WEBSOCKETS_ENV_DOCS } from './env-docs-websockets';

export interface EnvDoc {
  names: readonly string[];
  defaults: readonly string[];
  meaning: string;
}

export const ENV_DOCS: readonly EnvDoc[] = [
  {
    names: ['NODE_ENV'],
    defaults: ['`development`'],
    meaning:
      '`development`, `production` or `test`; `production` requires `SECRET` and warns when mail is not delivered',
  },
  {
    names: ['HOST', 'PORT', 'PUBLIC_URL'],
    defaults: ['`0.0.0.0`', '`8055`', '`http://localhost:8055`'],
    meaning:
      'where Vellum listens (`0.0.0.0`: every interface; `127.0.0.1`: this machine only) and how it names itself',
  },
  {
    names: ['ROOT_REDIRECT'],
    defaults: ['`./admin`'],
    meaning: 'where `GET /` redirects (302); `false` answers 404 there',
  },
  {
    names: ['DB_CLIENT'],
    defaults: ['`sqlite`'],
    meaning: '`sqlite`, `mysql`, `mariadb`, `postgres` (`sqlite3`, `pg` accepted)',
  },
  {
    names: ['DB_FILENAME'],
    defaults: ['`./data/vellum.db`'],
    meaning: 'SQLite file',
  },
  {
    names: ['DB_HOST', 'DB_PORT', 'DB_DATABASE', 'DB_USER', 'DB_PASSWORD'],
    defaults: ['unset'],
    meaning: 'MySQL/MariaDB/PostgreSQL',
  },
  {
    names: ['DB_EXCLUDE_TABLES'],
    defaults: ['`spatial_ref_sys,sysdiagrams`'],
    meaning: 'comma-separated tables of the database never served as collections (docs/API.md 11.1)',
  },
  {
    names: ['DB_MIGRATE'],
    defaults: ['`true`'],
    meaning: 'run migrations at start (`npm run migration:run` otherwise)',
  },
  {
    names: ['SECRET'],
    defaults: ['random per process'],
    meaning: 'JWT signing key; required (32+ characters) when `NODE_ENV=production`',
  },
  {
    names: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
    defaults: ['`admin@example.com`', 'generated'],
    meaning: 'first admin on an empty database',
  },
  {
    names: ['ACCESS_TOKEN_TTL', 'REFRESH_TOKEN_TTL', 'SESSION_COOKIE_TTL'],
    defaults: ['`15m`', '`7d`', '`1d`'],
    meaning: 'token lifetimes',
  },
  {
    names: ['SESSION_REFRESH_GRACE_PERIOD'],
    defaults: ['`10s`'],
    meaning:
      'how long a refresh token just replaced is still accepted, so concurrent refreshes of one session do not sign it out',
  },
  {
    names: ['PASSWORD_RESET_TOKEN_TTL', 'USER_INVITE_TOKEN_TTL'],
    defaults: ['`1d`', '`7d`'],
    meaning: 'lifetimes of password-reset and invite links',
  },
  {
    names: ['LOGIN_STALL_TIME'],
    defaults: ['`500`'],
    meaning: 'milliseconds a failed sign-in takes at least, so answer times do not tell whether an account exists',
  },
  {
    names: ['PASSWORD_RESET_URL_ALLOW_LIST', 'USER_INVITE_URL_ALLOW_LIST'],
    defaults: ['unset', 'unset'],
    meaning:
      "comma-separated URLs a reset or invite request may name as the link's target (`reset_url`, `invite_url`); others are refused",
  },
  {
    names: ['REFRESH_TOKEN_COOKIE_SECURE', 'SESSION_COOKIE_SECURE'],
    defaults: ['`true` when `PUBLIC_URL` is `https://…`', 'else `false`'],
    meaning:
      'the `Secure` attribute of the refresh and session cookies (set on http, a browser would drop them, so `http://localhost` keeps plain cookies)',
  },
  {
    names: [
      'REFRESH_TOKEN_COOKIE_SAME_SITE',
      'SESSION_COOKIE_SAME_SITE',
      'REFRESH_TOKEN_COOKIE_DOMAIN',
      'SESSION_COOKIE_DOMAIN',
    ],
    defaults: ['`lax`', '`lax`', 'unset', 'unset'],
    meaning: "the cookies' `SameSite` (`lax`, `strict`, `none`; empty is `strict`) and `Domain`",
  },
  {
    names: ['MAX_PAYLOAD_SIZE'],
    defaults: ['`1mb`'],
    meaning: 'largest JSON body, as sent and once decompressed; a larger one is 413 `CONTENT_TOO_LARGE`',
  },
  {
    names: ['RATE_LIMITER_ENABLED', 'RATE_LIMITER_POINTS', 'RATE_LIMITER_DURATION', 'RATE_LIMITER_STORE'],
    defaults: ['`false`', '`50`', '`1`', '`memory`'],
    meaning:
      'requests one address may make per `RATE_LIMITER_DURATION` seconds before 429 `REQUESTS_EXCEEDED`; `redis` shares the count between instances',
  },
  {
    names: ['QUERY_LIMIT_DEFAULT', 'QUERY_LIMIT_MAX'],
    defaults: ['`100`', 'unset'],
    meaning: 'list limits',
  },
  {
    names: ['MAX_RELATIONAL_DEPTH'],
    defaults: ['`10`'],
    meaning: 'deepest relational path a `fields`, `filter`, `sort` or `deep` may follow (at least 2)',
  },
  {
    names: ['MAX_BATCH_MUTATION'],
    defaults: ['unset (no limit)'],
    meaning:
      'most items one create, update or delete may write, nested writes counted (400 `INVALID_PAYLOAD` past it, nothing written); see docs/API.md, Large batches',
  },
  {
    names: ['LOG_LEVEL'],
    defaults: ['`info`'],
    meaning:
      "`fatal` … `trace`, `silent`; one line per request with its id (Nest's start-up lines per module and route are `debug`); at every level, tokens, passwords and keys are redacted (query parameters such as `access_token` and `token`, secret fields, errors' bound values)",
  },
  {
    names: ['LOG_FORMAT'],
    defaults: ['`auto`'],
    meaning: '`json` (JSON lines), `pretty` (readable lines), `auto`: readable on a terminal, JSON lines otherwise',
  },
  {
    names: ['EMAIL_TRANSPORT', 'EMAIL_FROM'],
    defaults: ['`log`', '`no-reply@example.com`'],
    meaning:
      "`smtp` delivers mail; `log` delivers nothing and logs each mail's recipient and subject only (never its body, whose links carry reset and invite tokens); start-up says so, with a warning when `NODE_ENV=production`",
  },
  {
    names: [
      'EMAIL_SMTP_HOST',
      'EMAIL_SMTP_PORT',
      'EMAIL_SMTP_USER',
      'EMAIL_SMTP_PASSWORD',
      'EMAIL_SMTP_SECURE',
      'EMAIL_SMTP_IGNORE_TLS',
    ],
    defaults: ['unset', '`587` (`465` when secure)', 'unset', 'unset', '`false`', '`false`'],
    meaning: 'the SMTP server for `EMAIL_TRANSPORT=smtp`',
  },
  {
    names: ['METRICS_ENABLED'],
    defaults: ['`false`'],
    meaning: 'Prometheus metrics at `GET /metrics` (404 while off)',
  },
  {
    names: ['METRICS_TOKENS'],
    defaults: ['unset'],
    meaning:
      "comma-separated tokens a scraper sends as `Authorization: Metrics <token>`; administrators' tokens work too, anyone else gets 403",
  },
  {
    names: ['METRICS_SERVICES'],
    defaults: ['`database,cache,redis,storage`'],
    meaning:
      'services measured: their connection checks, and the pool and failed statements (`database`), cache hits and misses (`cache`), `vellum_redis_up` (`redis`), uploaded bytes (`storage`)',
  },
  {
    names: ['METRICS_SCHEDULE'],
    defaults: ['`*/1 * * * *`'],
    meaning: "cron expression (5 fields, or 6 with seconds first) of the services' connection checks",
  },
  {
    names: ['CORS_ENABLED'],
    defaults: ['`false`'],
    meaning: 'send CORS headers (the `cors` middleware, before every route; it answers preflights with 204)',
  },
  {
    names: ['CORS_ORIGIN'],
    defaults: ['`false`'],
    meaning:
      "allowed origins: `true` (the request's own), `*`, a comma-separated list whose items may be `regex:<pattern>` (`https://app.example.com,regex:^https://[a-z]+\\.example\\.org$`), or one `regex:<pattern>`; any other origin gets no `Access-Control-Allow-Origin`",
  },
  {
    names: ['CORS_METHODS', 'CORS_ALLOWED_HEADERS', 'CORS_EXPOSED_HEADERS'],
    defaults: ['`GET,POST,PATCH,DELETE`', '`Content-Type,Authorization`', '`Content-Range`'],
    meaning: '`Access-Control-Allow-Methods`, `-Allow-Headers`, `-Expose-Headers`',
  },
  {
    names: ['CORS_CREDENTIALS', 'CORS_MAX_AGE'],
    defaults: ['`true`', '`18000`'],
    meaning:
      "`Access-Control-Allow-Credentials: true` (cookies and `Authorization` from the browser); seconds a browser keeps a preflight's answer",
  },
  {
    names: ['STORAGE_LOCATIONS', 'STORAGE_<NAME>_DRIVER', 'STORAGE_<NAME>_ROOT'],
    defaults: ['`local`', '`local`', '`./uploads`'],
    meaning: 'file storage',
  },
  {
    names: [
      'STORAGE_<NAME>_BUCKET',
      'STORAGE_<NAME>_ENDPOINT',
      'STORAGE_<NAME>_REGION',
      'STORAGE_<NAME>_KEY',
      'STORAGE_<NAME>_SECRET',
    ],
    defaults: ['unset', "the provider's", '`us-east-1`', 'unset', 'unset'],
    meaning:
      'an S3-compatible location (`STORAGE_<NAME>_DRIVER=s3`; `BUCKET` required, `ROOT` a key prefix there), one set per name of `STORAGE_LOCATIONS`',
  },
  {
    names: ['FILES_MAX_UPLOAD_SIZE', 'FILES_MIME_TYPE_ALLOW_LIST'],
    defaults: ['unset (no limit)', '`*/*`'],
    meaning: 'largest upload (larger: 413) and the comma-separated MIME types an upload may have (`image/*` allowed)',
  },
  {
    names: ['FILE_METADATA_ALLOW_LIST'],
    defaults: ['`ifd0.Make,ifd0.Model,exif.FNumber,exif.ExposureTime,exif.FocalLength,exif.ISOSpeedRatings`'],
    meaning: "the image metadata (EXIF) fields kept in a file's `metadata`",
  },
  {
    names: ['IMPORT_IP_DENY_LIST'],
    defaults: ['`0.0.0.0,169.254.169.254`'],
    meaning: "addresses `POST /files/import` never fetches from (`0.0.0.0`: this machine's own addresses)",
  },
  {
    names: ['TUS_ENABLED', 'TUS_CHUNK_SIZE', 'TUS_UPLOAD_EXPIRATION', 'TUS_CLEANUP_SCHEDULE'],
    defaults: ['`false`', '`8mb`', '`10m`', '`0 * * * *`'],
    meaning:
      'resumable uploads at `/files/tus` (docs/API.md "Resumable uploads"): on or off, the chunk size `/server/info` advises clients, how long an unfinished upload is kept, and when (five-field cron, local time) the clean-up removes expired ones',
  },
  {
    names: ['CACHE_ENABLED', 'CACHE_STORE', 'CACHE_TTL', 'CACHE_NAMESPACE', 'REDIS'],
    defaults: ['`false`', '`memory`', '`5m`', '`vellum`', 'unset'],
    meaning:
      'data cache of GET reads; `REDIS` (required with `CACHE_STORE=redis`) also carries the system-cache reload to every instance',
  },
  {
    names: ['CACHE_STATUS_HEADER'],
    defaults: ['unset'],
    meaning:
      "the name of a response header telling whether a cacheable read came from the data cache (`HIT`) or not (`MISS`), as the reference's; unset, no such header is sent (docs/API.md 9)",
  },
  {
    names: ['CACHE_SCHEMA', 'CACHE_SCHEMA_CHECK_INTERVAL'],
    defaults: ['`true`', '`5s`'],
    meaning:
      "schema kept in memory; `false` checks the database's schema fingerprint before every request, so DDL run outside Vellum is seen at once; with `true`, a background check at most every interval (`0`: never) and `POST /utils/cache/clear?system` (docs/API.md 11.2)",
  },
  {
    names: ['REDIS_HOST', 'REDIS_PORT', 'REDIS_USERNAME', 'REDIS_PASSWORD', 'REDIS_DB'],
    defaults: ['unset', '`6379`', 'unset', 'unset', '`0`'],
    meaning:
      "the reference's separate Redis variables, read when `REDIS` is unset (`REDIS_HOST` required, then used wherever `REDIS` is: cache, rate limiter, system-cache bus, sign-in counters)",
  },
  {
    names: ['REDIS_COMMAND_TIMEOUT', 'REDIS_CONNECT_TIMEOUT'],
    defaults: ['`500`', '`2000`'],
    meaning:
      'milliseconds one Redis command, and one connection attempt, may take; a Redis that stops answering costs a request at most the command timeout, after which Vellum goes on without it until it answers again',
  },
  {
    names: ['CACHE_COUNT_TTL'],
    defaults: ['`10s`'],
    meaning:
      'how long a `meta=filter_count,total_count` figure is kept in the count cache (`0`: counts are not cached); it bounds how long a write made outside Vellum goes unseen',
  },
  {
    names: ['HASH_MEMORY_COST', 'HASH_TIME_COST', 'HASH_PARALLELISM'],
    defaults: ['argon2 defaults'],
    meaning: 'password hashing cost',
  },
  {
    names: ['AUTH_LOCKOUT_DURATION', 'AUTH_LOGIN_IP_ATTEMPTS'],
    defaults: ['`15m`', '`100`'],
    meaning:
      'how long failed sign-ins are counted and a lockout lasts (per account and source, after `settings.auth_login_attempts` failures); failed sign-ins one source may make over all accounts and shares in that time before its sign-ins answer 429 (`0`: no limit); docs/API.md, Sign-in limits',
  },
  {
    names: ['AUTH_MAIL_ADDRESS_POINTS', 'AUTH_MAIL_ADDRESS_DURATION'],
    defaults: ['`3`', '`1h`'],
    meaning:
      'password-reset mails, and invite mails, sent to one address per window; past it the request still answers 204 and no mail goes out (`0`: no limit)',
  },
  {
    names: ['AUTH_MAIL_IP_POINTS', 'AUTH_MAIL_IP_DURATION'],
    defaults: ['`10`', '`1m`'],
    meaning:
      'password-reset requests, and invite requests, one source may make per window; past it 429 `REQUESTS_EXCEEDED` with `Retry-After` (`0`: no limit)',
  },
  {
    names: ['HASH_MAX_CONCURRENT', 'HASH_MAX_CONCURRENT_PER_CALLER'],
    defaults: ['`2`', '`1`'],
    meaning:
      'argon2 runs at once, in all and per caller (a user, else an address); each holds `HASH_MEMORY_COST` of memory',
  },
  {
    names: ['HASH_MAX_QUEUE', 'HASH_MAX_QUEUE_PER_CALLER'],
    defaults: ['`64`', '`8`'],
    meaning:
      'argon2 work waiting for a slot, in all and per caller; more is 503 `SERVICE_UNAVAILABLE` with `Retry-After: 1`',
  },
  {
    names: [
      'GRAPHQL_QUERY_TOKEN_LIMIT',
      'GRAPHQL_MAX_DEPTH',
      'GRAPHQL_MAX_FIELDS',
      'GRAPHQL_MAX_ALIASES',
      'GRAPHQL_MAX_HASHING_FIELDS',
    ],
    defaults: ['`5000`', '`25`', '`2000`', '`100`', '`2`'],
    meaning: 'what one GraphQL document may ask for, checked before it runs (400 `GRAPHQL_VALIDATION`)',
  },
  {
    names: ['DB_ACQUIRE_TIMEOUT', 'DB_STATEMENT_TIMEOUT'],
    defaults: ['`5s`', '`60s`'],
    meaning:
      'longest wait for a pooled connection and for one statement (MySQL, MariaDB, PostgreSQL); past either, 503 and the connection is replaced',
  },
  {
    names: ['DB_STARTUP_RETRY_TIMEOUT'],
    defaults: ['`60`'],
    meaning:
      "seconds Vellum keeps trying, at start, a database that refuses connections, is not resolvable yet or is still starting up (0.5 s doubling to 5 s between attempts, one log line each), before it exits with code 1 and a message naming this variable; `0`: one attempt. A wrong password or a missing database stops the start at once. Vellum's own variable, not a driver option",
  },
  {
    names: ['SERVER_SHUTDOWN_TIMEOUT'],
    defaults: ['`1000`'],
    meaning:
      "milliseconds requests in flight get to finish after `SIGTERM` or `SIGINT` (the reference's name and unit); then their connections are closed, the jobs still running are marked failed, Redis and the database are closed, and Vellum exits with code 0",
  },
  ...ASSETS_ENV_DOCS,
  {
    names: ['ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION', 'ASSETS_TRANSFORM_MAX_OPERATIONS'],
    defaults: ['`6000`', '`5`'],
    meaning: "largest side, in pixels, of a transformation's output, and most operations one `transforms` may list",
  },
  ...WEBSOCKETS_ENV_DOCS,
  {
    names: ['MAX_IMPORT_ERRORS', 'IMPORT_BATCH_SIZE', 'EXPORT_BATCH_SIZE'],
    defaults: ['`1000`', '`250`', '`1000`'],
    meaning:
      'failing rows reported before an import stops; rows written / read per batch (larger batches gain no speed and hold more memory)',
  },
  {
    names: ['IMPORT_MAX_CONCURRENCY', 'IMPORT_TIMEOUT'],
    defaults: ['`20`', '`1h`'],
    meaning:
      'imports one instance runs at once (more: 403 `LIMIT_EXCEEDED`); how long one may take before it is rolled back (408 `OUT_OF_TIME`)',
  },
  {
    names: ['IMPORT_CONCURRENT_MAX'],
    defaults: ['unset'],
    meaning: "the reference platform's name for `IMPORT_MAX_CONCURRENCY`, read when that one is unset",
  },
  {
    names: ['<NAME>_FILE'],
    defaults: ['unset'],
    meaning:
      'any variable above (and `STORAGE_<NAME>_*`, `REDIS_*`, `DB_*`, `AUTH_*` ones) read from the file it names, a trailing newline dropped; setting both `NAME` and `NAME_FILE` stops the start',
  },
  ...SSO_ENV_DOCS,
];
