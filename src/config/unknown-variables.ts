import { getMetadataStorage } from 'class-validator';
import { EnvSchema } from './env.schema';
import { levenshtein } from './levenshtein';

/** Prefixes of Vellum's own variables: an unknown name under one of them is a mistake or a setting Vellum lacks. */
const VELLUM_PREFIXES = [
  'ACCESS_TOKEN_',
  'ADMIN_',
  'ASSETS_',
  'CACHE_',
  'CORS_',
  'EMAIL_',
  'EXPORT_',
  'FILE_',
  'FILES_',
  'GRAPHQL_',
  'HASH_',
  'IMPORT_',
  'LOG_',
  'LOGIN_',
  'MAX_',
  'METRICS_',
  'PASSWORD_RESET_',
  'QUERY_',
  'RATE_LIMITER_',
  'REFRESH_TOKEN_',
  'SERVER_',
  'SESSION_COOKIE_',
  'SESSION_REFRESH_',
  'USER_INVITE_',
  'WEBSOCKETS_',
];

/**
 * Families whose names the operator makes up (`STORAGE_<LOCATION>_*`, `AUTH_<PROVIDER>_*`) or that carry
 * database and Redis driver options in the reference platform (`DB_*`, `REDIS_*`): there, only a name a
 * typing slip away from a known one is reported.
 */
export const OPEN_PREFIXES = ['AUTH_', 'DB_', 'REDIS_', 'STORAGE_'];
const SLIP = 2;

export interface UnknownVariable {
  name: string;
  nearest: string;
  message: string;
}

let known: readonly string[] | undefined;

/** Every variable of the schema (env.schema.ts), so a variable added there is known here too. */
export function knownVariables(): readonly string[] {
  known ??= [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(EnvSchema, '', true, false)
        .map((m) => m.propertyName),
    ),
  ].sort();
  return known;
}

function nearestOf(name: string, names: readonly string[]): { nearest: string; distance: number } {
  let best = { nearest: names[0], distance: Number.POSITIVE_INFINITY };
  for (const candidate of names) {
    const distance = levenshtein(name, candidate);
    if (distance < best.distance) best = { nearest: candidate, distance };
  }
  return best;
}

function isKnown(name: string, names: ReadonlySet<string>): boolean {
  // `<NAME>_FILE`: the variable's value read from a file (Docker secrets).
  return names.has(name) || (name.endsWith('_FILE') && names.has(name.slice(0, -'_FILE'.length)));
}

/**
 * The variables that look like Vellum's but that it does not read, each with the nearest known name:
 * without this, a misspelt `CORS_ORIGN` is silently ignored and the setting seems not to work.
 */
export function unknownVariables(
  env: NodeJS.ProcessEnv,
  names: readonly string[] = knownVariables(),
): UnknownVariable[] {
  const known = new Set(names);
  const unknown: UnknownVariable[] = [];
  for (const name of Object.keys(env).sort()) {
    if (env[name] === undefined || isKnown(name, known)) continue;
    const open = OPEN_PREFIXES.some((prefix) => name.startsWith(prefix));
    if (!open && !VELLUM_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const { nearest, distance } = nearestOf(name, names);
    if (open && distance > SLIP) continue;
    const hint = distance <= SLIP ? `did you mean ${nearest}?` : `the nearest known variable is ${nearest}`;
    unknown.push({ name, nearest, message: `${name} is not a Vellum variable and is ignored; ${hint}` });
  }
  return unknown;
}
