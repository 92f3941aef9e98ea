import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ContentTooLargeError, InvalidPayloadError } from '../errors/errors';
import { isPrototypeKey, prototypeKeyReason } from '../prototype-keys';

/**
 * Deepest nesting of objects and arrays a JSON body may have. Real bodies (snapshots, filters, nested
 * relational payloads) stay far below it; thousands of levels would overflow the stack of the recursive
 * code that walks bodies (validation pipe, filters, payload checks) and surface as a 500.
 */
export const MAX_JSON_DEPTH = 100;

/** What a parsed body may not hold: nesting deeper than the limit, or a key that leads to a prototype. */
export type JsonShapeProblem = { tooDeep: true } | { prototypeKey: string };

const TOO_DEEP: JsonShapeProblem = { tooDeep: true };

/**
 * The first shape problem of a parsed JSON value, or null. One walk checks both, so a large body (a
 * schema snapshot of thousands of fields) is walked once; it stops at `max` levels, so any depth is
 * safe to measure, and allocates nothing on the way, which would cost a garbage collection of the
 * whole parsed body.
 */
export function jsonShapeProblem(value: unknown, max: number): JsonShapeProblem | null {
  if (value === null || typeof value !== 'object') return null;
  return problemWithin(value, max);
}

/**
 * Why a value may not be written, or null: nested deeper than a body may be, or holding a prototype key.
 * `where` names it in the reason. Bodies are checked as they are parsed; this is for values that reach
 * the engine another way (socket messages, import records, multipart fields) and for the engine itself.
 */
export function jsonShapeReason(value: unknown, where: string): string | null {
  const problem = jsonShapeProblem(value, MAX_JSON_DEPTH);
  if (!problem) return null;
  return 'tooDeep' in problem
    ? `${where} is nested deeper than ${MAX_JSON_DEPTH} levels`
    : prototypeKeyReason(problem.prototypeKey, where);
}

/** Throws 400 INVALID_PAYLOAD naming `where` when the value may not be written (jsonShapeReason). */
export function assertJsonShape(value: unknown, where: string): void {
  const reason = jsonShapeReason(value, where);
  if (reason) throw new InvalidPayloadError(reason);
}

/** jsonShapeProblem for an object or array; members that are no object are not visited (most of a body's values). */
function problemWithin(value: object, max: number): JsonShapeProblem | null {
  if (max === 0) return TOO_DEEP;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const problem = item !== null && typeof item === 'object' ? problemWithin(item, max - 1) : null;
      if (problem) return problem;
    }
    return null;
  }
  for (const key in value) {
    if (isPrototypeKey(key)) return { prototypeKey: key };
    const member: unknown = (value as Record<string, unknown>)[key];
    const problem = member !== null && typeof member === 'object' ? problemWithin(member, max - 1) : null;
    if (problem) return problem;
  }
  return null;
}

/** A body over MAX_PAYLOAD_SIZE, as sent or once decompressed: 413, as every other size limit. */
export function bodyTooLarge(): ContentTooLargeError {
  return new ContentTooLargeError('Request body is larger than the allowed size.');
}

/** The body's bytes as sent, undone from its `Content-Encoding` (clients may gzip large payloads). */
function decoded(raw: Buffer, encoding: string | undefined, limit: number): Buffer {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  const options = { maxOutputLength: limit };
  try {
    if (name === 'identity' || name === '') return raw;
    if (name === 'gzip' || name === 'x-gzip') return gunzipSync(raw, options);
    if (name === 'deflate') return inflateSync(raw, options);
    if (name === 'br') return brotliDecompressSync(raw, options);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw bodyTooLarge();
    throw new InvalidPayloadError(`Request body can't be decoded: ${(e as Error).message}`);
  }
  throw new InvalidPayloadError(`Unsupported content encoding "${name}"`);
}

/**
 * A JSON request body, as the reference platform reads it: only an object or an array at the top (strict),
 * an empty body is `{}`, nesting is bounded by MAX_JSON_DEPTH, and no key may lead to a prototype (every
 * route, GraphQL variables included, is then safe from them). Errors are 400 INVALID_PAYLOAD, but for a body too
 * large (413 CONTENT_TOO_LARGE).
 */
export function parseJsonBody(raw: Buffer, encoding: string | undefined, limit: number): unknown {
  const text = decoded(raw, encoding, limit)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const first = /\S/.exec(text);
  if (!first) return {};
  if (first[0] !== '{' && first[0] !== '[') throw new InvalidPayloadError('Request body is not valid JSON');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidPayloadError('Request body is not valid JSON');
  }
  assertJsonShape(value, 'Request body');
  return value;
}
