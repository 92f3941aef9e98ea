import { JsonFunction, parseJsonFunction, splitOutside } from './parse-json-function';

/** `title`, or any segment that names no function: the schema decides whether it is a field. */
export interface ColumnRef {
  kind: 'column';
  name: string;
}

/** `*`: every field the caller may read. */
export interface WildcardRef {
  kind: 'wildcard';
}

/** `year(date)`, `count(comments)`: a field function of API.md 1.6, checked against the schema later. */
export interface FunctionRef {
  kind: 'function';
  fn: string;
  field: string;
}

/** `json(metadata, items[0].name)`, its path already checked. */
export interface JsonRef extends JsonFunction {
  kind: 'json';
}

/** `author.name`: a hop through the field `field`, then `rest` on the related collection. */
export interface RelationRef {
  kind: 'relation';
  field: string;
  rest: FieldRef;
}

export type EndRef = ColumnRef | WildcardRef | FunctionRef | JsonRef;

/**
 * A field as `fields`, `sort`, `groupBy` and `deep[...][_fields]` name it, parsed once by the query
 * parser so no later stage reads the text again.
 */
export type FieldRef = EndRef | RelationRef;

const FUNCTION = /^(\w+)\(([\w-]+)\)$/;

/** `year(date_created)` → its function and field; null for anything else (a field name, `json(...)`). */
export function parseFunction(text: string): FunctionRef | null {
  const match = FUNCTION.exec(text);
  return match ? { kind: 'function', fn: match[1], field: match[2] } : null;
}

/** The last segment of a path; INVALID_QUERY for a malformed `json()` call. */
function parseEnd(segment: string): EndRef {
  if (segment === '*') return { kind: 'wildcard' };
  const json = parseJsonFunction(segment);
  if (json) return { kind: 'json', ...json };
  return parseFunction(segment) ?? { kind: 'column', name: segment };
}

/** `a.b.json(c, d.e)` → a hop through `a`, one through `b`, then the call; only the last segment is read as a call. */
export function parseFieldRef(text: string): FieldRef {
  const segments = splitOutside(text, '.');
  const end: FieldRef = parseEnd(segments.pop()!);
  return segments.reduceRight<FieldRef>((rest, field) => ({ kind: 'relation', field, rest }), end);
}

export function jsonRef(json: JsonFunction): JsonRef {
  return { kind: 'json', ...json };
}

/** The key a function's value answers under, as the reference names it: `year(date)` → `date_year`. */
export function functionKey(ref: FunctionRef): string {
  return `${ref.field}_${ref.fn}`;
}

/** The fields a reference hops through, and what it reads at the end: `a.b.year(c)` → `['a', 'b']`, `year(c)`. */
export function refPath(ref: FieldRef): { hops: string[]; end: EndRef } {
  const hops: string[] = [];
  let at = ref;
  while (at.kind === 'relation') {
    hops.push(at.field);
    at = at.rest;
  }
  return { hops, end: at };
}

/** The reference written out again (a json() call as `json(field, path)`), for messages. */
export function fieldRefText(ref: FieldRef): string {
  switch (ref.kind) {
    case 'column':
      return ref.name;
    case 'wildcard':
      return '*';
    case 'function':
      return `${ref.fn}(${ref.field})`;
    case 'json':
      return `json(${ref.field}, ${ref.pathText})`;
    case 'relation':
      return `${ref.field}.${fieldRefText(ref.rest)}`;
  }
}

export function columnRef(name: string): ColumnRef {
  return { kind: 'column', name };
}

/** A plain field of the collection itself named `name`. */
export function isColumn(ref: FieldRef, name: string): boolean {
  return ref.kind === 'column' && ref.name === name;
}
