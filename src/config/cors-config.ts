import type { AppConfig, CorsOrigin } from './app-config';
import type { EnvSchema } from './env.schema';
import { envList as list } from './env-list';

/** The reference platform's way to write a value's type in front of it (`regex:^https://`, `array:a,b`). */
const REGEX = 'regex:';
const ARRAY = 'array:';

function originItem(item: string): string | RegExp {
  return item.startsWith(REGEX) ? new RegExp(item.slice(REGEX.length)) : item;
}

/**
 * CORS_ORIGIN as the reference platform reads it: `true` (the request's own origin), `false` (no CORS
 * header), `*`, a comma-separated list whose items may be `regex:<pattern>`, or one `regex:<pattern>`
 * (commas included). A single origin becomes a list of one, so a refused origin gets no
 * Access-Control-Allow-Origin rather than someone else's. Throws on a pattern that does not compile.
 */
export function parseCorsOrigin(value: string | undefined): CorsOrigin {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (raw === '*') return '*';
  if (raw.startsWith(REGEX)) return new RegExp(raw.slice(REGEX.length));
  return list(raw.startsWith(ARRAY) ? raw.slice(ARRAY.length) : raw).map(originItem);
}

/** As the schema's boolean check accepts them: `true`/`false` and `1`/`0`. */
function bool(value: string | undefined, fallback: boolean): boolean {
  return value === undefined ? fallback : value === 'true' || value === '1';
}

/** CORS_* with the reference platform's defaults; a bad CORS_ORIGIN pattern is reported as a problem. */
export function corsConfig(env: NodeJS.ProcessEnv, parsed: EnvSchema, problems: string[]): AppConfig['cors'] {
  let origin: CorsOrigin = false;
  try {
    origin = parseCorsOrigin(env.CORS_ORIGIN);
  } catch (e) {
    problems.push(`CORS_ORIGIN: ${(e as Error).message}`);
  }
  return {
    enabled: bool(env.CORS_ENABLED, false),
    origin,
    methods: list(env.CORS_METHODS ?? 'GET,POST,PATCH,DELETE'),
    allowedHeaders: list(env.CORS_ALLOWED_HEADERS ?? 'Content-Type,Authorization'),
    exposedHeaders: list(env.CORS_EXPOSED_HEADERS ?? 'Content-Range'),
    credentials: bool(env.CORS_CREDENTIALS, true),
    maxAge: parsed.CORS_MAX_AGE ?? 18000,
  };
}
