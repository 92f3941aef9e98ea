import { InvalidQueryError } from '../errors/errors';

/** A step into a JSON document: an object key or an array index. */
export type JsonPathSegment = string | number;

/** `json(field, path)` of API.md 1.6, checked. */
export interface JsonFunction {
  /** The JSON field, or a relational path ending in one (`author.profile`). */
  field: string;
  path: JsonPathSegment[];
  /** The path as written (`items[0].name`). */
  pathText: string;
  /** The reference platform's answer key: `json(metadata, items[0].name)` → `metadata_items_0_name_json`. */
  key: string;
}

/** The reference platform's default MAX_JSON_QUERY_DEPTH. */
export const JSON_PATH_MAX_DEPTH = 10;

// Keys are letters, digits and underscores of any script: nothing that is syntax in a JSON path or in
// SQL, so the path stays inert even where a vendor takes it as text. Indexes are small non-negative integers.
const KEY = /^[\p{L}\p{N}_]+/u;
const INDEX = /^\[(\d{1,9})\]/;
// A relational hop may name a many-to-any's collection: `children.item:circles.metadata`.
const FIELD = /^[\w-]+(:[\w-]+)?(\.[\w-]+(:[\w-]+)?)*$/;

/** `color`, `a.b`, `items[0].name`, `[0]` → segments; anything else (wildcards, `$`, quotes, `..`) is INVALID_QUERY. */
export function parseJsonPath(text: string): JsonPathSegment[] {
  const segments: JsonPathSegment[] = [];
  let rest = text;
  while (rest.length) {
    const dotted = segments.length > 0 && rest.startsWith('.');
    const candidate = dotted ? rest.slice(1) : rest;
    const index = INDEX.exec(rest);
    const key = dotted || segments.length === 0 ? KEY.exec(candidate) : null;
    if (index) {
      segments.push(Number(index[1]));
      rest = rest.slice(index[0].length);
    } else if (key) {
      segments.push(key[0]);
      rest = candidate.slice(key[0].length);
    } else {
      throw new InvalidQueryError(
        `Invalid JSON path "${text}": use keys of letters, digits and underscores, and [n] indexes`,
      );
    }
  }
  if (!segments.length) throw new InvalidQueryError('Invalid json() syntax: missing path');
  if (segments.length > JSON_PATH_MAX_DEPTH) {
    throw new InvalidQueryError(
      `JSON path depth (${segments.length}) exceeds allowed maximum of ${JSON_PATH_MAX_DEPTH}`,
    );
  }
  return segments;
}

/**
 * `json(metadata, color)` → its field, path and answer key; null when `entry` is no json() call;
 * INVALID_QUERY when it is a malformed one.
 */
export function parseJsonFunction(entry: string): JsonFunction | null {
  if (!entry.startsWith('json(')) return null;
  if (!entry.endsWith(')')) throw new InvalidQueryError('Invalid json() syntax');
  const content = entry.slice('json('.length, -1);
  const comma = content.indexOf(',');
  if (comma === -1) throw new InvalidQueryError('Invalid json() syntax: requires json(field, path) format');
  const field = content.slice(0, comma).trim();
  const pathText = content.slice(comma + 1).trim();
  if (!FIELD.test(field)) throw new InvalidQueryError(`Invalid json() syntax: "${field}" is no field name`);
  return jsonFunction(field, pathText, parseJsonPath(pathText));
}

/** A checked call with its answer key, for a call on `field` built from the parts of another. */
export function jsonFunction(field: string, pathText: string, path: JsonPathSegment[]): JsonFunction {
  return { field, path, pathText, key: jsonKey(field, pathText) };
}

/** The reference platform's answer key of `json(field, pathText)`: `metadata_items_0_name_json`. */
export function jsonKey(field: string, pathText: string): string {
  const slug = `${field}, ${pathText}`.replace(/[.[\],\s]+/g, '_');
  return `${slug}${slug.endsWith('_') ? '' : '_'}json`;
}

/**
 * Splits `a.b.json(c, d.e)` on the dots outside parentheses: `['a', 'b', 'json(c, d.e)']`.
 * Also used for lists: `splitOutside('x,json(a, b)', ',')`.
 */
export function splitOutside(text: string, separator: '.' | ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
