import pino from 'pino';
import { isSecretName, REDACTED } from './secret-names';

/** Fields of a log object that may hold a secret: whole request parts, users, bodies and headers. */
const CONTAINERS = ['body', 'query', 'user', 'headers', 'req.headers', 'res.headers'];
const FIELDS = [
  'password',
  'token',
  'access_token',
  'refresh_token',
  'secret',
  'tfa_secret',
  'otp',
  'authorization',
  'cookie',
  'set-cookie',
];
/** A path segment; bracketed when the name is not an identifier (`["set-cookie"]`). */
const segment = (field: string) => (/^\w+$/.test(field) ? `.${field}` : `["${field}"]`);

/**
 * pino's redaction paths. None starts with a wildcard: pino applies those to every key of every line,
 * and the request line is written once per request.
 */
export const REDACT_PATHS = [
  ...FIELDS.map((field) => segment(field).replace(/^\./, '')),
  ...CONTAINERS.flatMap((container) => FIELDS.map((field) => `${container}${segment(field)}`)),
];

/**
 * What errors carry besides their message: a failed statement's bound values (`parameters`) and, on
 * MySQL, its text with those values written in (`sql`); bodies of failed HTTP calls; the key id and the
 * signed strings an S3 server sends back when it refuses a request.
 */
const ERROR_FIELDS = new Set([
  'parameters',
  'sql',
  'body',
  'stringtosign',
  'stringtosignbytes',
  'canonicalrequest',
  'canonicalrequestbytes',
]);

function withoutSecrets(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const secret = isSecretName(key) || ERROR_FIELDS.has(key.toLowerCase());
    copy[key] = secret && inner !== undefined && inner !== null ? REDACTED : withoutSecrets(inner, depth + 1);
  }
  return copy;
}

/** pino's own error serializer (message, stack, the error's fields), without the fields that hold secrets. */
export function errorWithoutSecrets(err: unknown): unknown {
  if (err === null || typeof err !== 'object') return err;
  return withoutSecrets(pino.stdSerializers.err(err as Error), 0);
}
