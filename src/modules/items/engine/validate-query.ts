import { collectionForbidden, FieldForbiddenError, InvalidQueryError } from '../../../common/errors/errors';
import { type FieldRef, fieldRefText, parseFunction, refPath } from '../../../common/query/field-ref';
import type { DeepQuery, Filter, Query } from '../../../common/query/query.types';
import type { SchemaOverview } from '../../schema/schema-overview';
import { parseAnyField, readableAnyLink } from './any-field';
import { fieldDepth } from './field-depth';
import { Follow, followOf, parseFollow } from './follow-field';
import { depthExceeded, ReadableFields } from './read-plan';
import { checkFunction, isOpaque, refuseSecret } from './secret-access';
import { isPlainObject } from '../../../common/is-plain-object';
import type { FieldOverview } from '../../schema/schema.types';

/** `at` and then `segment`: the relational path of a level one hop further. */
const hop = (at: string, segment: string) => (at === '' ? segment : `${at}.${segment}`);

/**
 * A field of `collection` (reached by the relational path `at`) that the caller may read. One the
 * caller may not read is refused as one that does not exist, so a refusal never tells which; only a
 * caller who may read every field of the collection learns that a field does not exist (400).
 */
function readableField(
  overview: SchemaOverview,
  readable: ReadableFields,
  collection: string,
  segment: string,
  at: string,
  what: string,
): FieldOverview {
  const allowed = readable(collection);
  if (allowed === null) throw collectionForbidden(collection, at);
  const field = overview.field(collection, segment);
  if (!field && allowed === '*')
    throw new InvalidQueryError(`${what}: field "${segment}" does not exist in collection "${collection}"`);
  if (!field || (allowed !== '*' && !allowed.has(segment))) throw new FieldForbiddenError(segment, collection, at);
  return field;
}

/**
 * `$FOLLOW(collection, field)` checked against what the caller may read before the schema, so naming a
 * collection or field that does not exist is answered as naming one the caller may not read.
 */
function readableFollow(overview: SchemaOverview, readable: ReadableFields, key: string, at: string): Follow {
  const names = parseFollow(key)!;
  for (const field of [names.field, names.collectionField ?? names.field])
    readableField(overview, readable, names.collection, field, at, key);
  return followOf(overview, key)!;
}

/** Checks each field of `path` exists and is readable; answers the last one and its collection. */
function walkPath(
  overview: SchemaOverview,
  readable: ReadableFields,
  collection: string,
  path: string[],
  allowO2m: boolean,
  what: string,
  at = '',
): { collection: string; field: FieldOverview } {
  let current = collection;
  let last: FieldOverview | undefined;
  path.forEach((segment, index) => {
    const here = path.slice(0, index).reduce(hop, at);
    if (parseAnyField(segment) && index < path.length - 1) {
      const at = current;
      const link = readableAnyLink(
        overview,
        readable,
        current,
        segment,
        (name) => readableField(overview, readable, at, name, here, what),
        here,
      );
      walkPath(overview, readable, current, [link.field], false, what, here);
      current = link.related;
      return;
    }
    const field = readableField(overview, readable, current, segment, here, what);
    last = field;
    if (index < path.length - 1) {
      const link = overview.relation(current, segment);
      if (!link || (link.type === 'o2m' && !allowO2m)) {
        throw new InvalidQueryError(`${what}: "${segment}" of collection "${current}" is not a many-to-one relation`);
      }
      current = link.related;
    }
  });
  return { collection: current, field: last! };
}

/**
 * A sort entry (`title`, `author.name`, `year(date)`, `count(comments)`, `json(meta, a)`) on readable
 * fields, never on a secret (no ordering oracle on its plain value).
 */
function walkSort(
  overview: SchemaOverview,
  readable: ReadableFields,
  collection: string,
  field: FieldRef,
  allowedDepth: number,
  what: string,
  at = '',
): void {
  const path = sortPath(field);
  if (path.length > allowedDepth) throw depthExceeded();
  const end = walkPath(overview, readable, collection, path, true, what, at);
  refuseSecret(end.field, what);
  const last = refPath(field).end;
  if (last.kind === 'function') checkFunction(overview, readable, end.collection, last);
}

/**
 * The fields a sort entry reads: a dot path (its last field in a function such as `year(date)`), or the
 * JSON field of a `json()` call on the collection itself.
 */
function sortPath(field: FieldRef): string[] {
  const { hops, end } = refPath(field);
  switch (end.kind) {
    case 'json':
      if (end.field.includes('.'))
        throw new InvalidQueryError(`sort: "${fieldRefText(field)}" must name a JSON field of the collection itself`);
      return [...hops, end.field];
    case 'function':
      return [...hops, end.field];
    case 'column':
      return [...hops, end.name];
    case 'wildcard':
      return [...hops, '*'];
  }
}

/** What a filter may ask of a hashed or concealed value, as the reference: whether there is one. */
const SECRET_OPERATORS = new Set(['_null', '_nnull', '_empty', '_nempty']);

function checkSecretOperators(field: FieldOverview, value: unknown): void {
  if (!isOpaque(field) || !isPlainObject(value)) return;
  const refused = Object.keys(value).find((operator) => operator.startsWith('_') && !SECRET_OPERATORS.has(operator));
  if (refused)
    throw new InvalidQueryError(
      `Field "${field.field}" holds a secret: "${refused}" can't filter it, only _null, _nnull, _empty and _nempty`,
    );
}

function walkFilter(
  overview: SchemaOverview,
  readable: ReadableFields,
  collection: string,
  filter: Filter,
  depth: number,
  maxDepth: number,
  at = '',
): void {
  if (depth > maxDepth) throw depthExceeded();
  for (const [key, value] of Object.entries(filter)) {
    if (key === '_and' || key === '_or') {
      for (const sub of value as Filter[]) walkFilter(overview, readable, collection, sub, depth, maxDepth, at);
      continue;
    }
    if (key.startsWith('_')) continue;
    if (parseAnyField(key)) {
      const link = readableAnyLink(
        overview,
        readable,
        collection,
        key,
        (name) => readableField(overview, readable, collection, name, at, 'filter'),
        at,
      );
      walkPath(overview, readable, collection, [link.field], false, 'filter', at);
      if (typeof value === 'object' && value !== null)
        walkFilter(overview, readable, link.related, value as Filter, depth + 1, maxDepth, hop(at, key));
      continue;
    }
    const follow = parseFollow(key) && readableFollow(overview, readable, key, hop(at, key));
    if (follow) {
      for (const field of [follow.field, follow.collectionField ?? follow.field])
        walkPath(overview, readable, follow.collection, [field], false, 'filter', hop(at, key));
      walkRelated(overview, readable, follow.collection, value, depth, maxDepth, hop(at, key));
      continue;
    }
    const fn = parseFunction(key);
    walkPath(overview, readable, collection, [fn ? fn.field : key], false, 'filter', at);
    if (fn) {
      checkFunction(overview, readable, collection, fn);
      continue;
    }
    checkSecretOperators(overview.field(collection, key)!, value);
    const link = overview.relation(collection, key);
    if (link) walkRelated(overview, readable, link.related, value, depth, maxDepth, hop(at, key));
  }
}

/** The filter of a relation's rows (`_some`/`_none` or its fields directly), one level deeper. */
function walkRelated(
  overview: SchemaOverview,
  readable: ReadableFields,
  related: string,
  value: unknown,
  depth: number,
  maxDepth: number,
  at: string,
): void {
  if (typeof value !== 'object' || value === null) return;
  for (const [sub, subValue] of Object.entries(value as Record<string, unknown>)) {
    if (sub === '_some' || sub === '_none')
      walkFilter(overview, readable, related, subValue as Filter, depth + 1, maxDepth, at);
    else if (!sub.startsWith('_'))
      walkFilter(overview, readable, related, { [sub]: subValue } as Filter, depth + 1, maxDepth, at);
  }
}

function walkDeep(
  overview: SchemaOverview,
  readable: ReadableFields,
  collection: string,
  deep: Record<string, DeepQuery>,
  alias: Query['alias'] & object,
  depth: number,
  maxDepth: number,
  at = '',
): void {
  for (const [key, sub] of Object.entries(deep)) {
    const target = Object.hasOwn(alias, key) ? alias[key] : null;
    const name = target ? fieldRefText(target) : key;
    readableField(overview, readable, collection, name, at, 'deep');
    const link = overview.relation(collection, name);
    if (!link) throw new InvalidQueryError(`deep: "${key}" of collection "${collection}" is not a relation`);
    const below = hop(at, key);
    if (sub.filter) walkFilter(overview, readable, link.related, sub.filter, depth + 1, maxDepth, below);
    // The reference counts a deep sort's path on top of the deep level it sorts (MAX_RELATIONAL_DEPTH).
    for (const entry of sub.sort ?? [])
      walkSort(overview, readable, link.related, entry.field, maxDepth - depth, 'deep sort', below);
    if (sub.deep) walkDeep(overview, readable, link.related, sub.deep, {}, depth + 1, maxDepth, below);
  }
}

/** A relational alias (a one-to-many's `users`, `policies`...) has no column to group or aggregate. */
function refuseAlias(field: FieldOverview, what: string): void {
  if (field.type === 'alias')
    throw new InvalidQueryError(`${what}: "${field.field}" is a relation without a value of its own`);
}

/**
 * Checks every field a query names against the schema overview and the caller's readable fields
 * (ARCHITECTURE: items engine, stage 2): not readable → FORBIDDEN, and unknown alike unless the caller may
 * read every field of its collection (then INVALID_QUERY). `fields`
 * (`query.fields` parsed, see parseFieldRef) are checked here for depth only, the rest by planRead.
 */
export function validateQuery(
  overview: SchemaOverview,
  readable: ReadableFields,
  collection: string,
  query: Query,
  fields: FieldRef[],
  maxDepth: number,
): void {
  // Counted before any field is looked up, as the reference does: too deep a path is refused for its depth even where it names nothing.
  if (fields.some((entry) => fieldDepth(entry, query.alias) > maxDepth)) throw depthExceeded();
  if (query.filter) walkFilter(overview, readable, collection, query.filter, 1, maxDepth);
  if (Array.isArray(query.sort)) {
    const aggregates = new Set(Object.keys(query.aggregate ?? {}));
    for (const entry of query.sort) {
      const path = sortPath(entry.field);
      if (aggregates.has(path[0]) && path.length === 2 && path.length <= maxDepth) continue;
      walkSort(overview, readable, collection, entry.field, maxDepth, 'sort');
    }
  }
  if (query.deep) walkDeep(overview, readable, collection, query.deep, query.alias ?? {}, 1, maxDepth);
  for (const entry of query.groupBy ?? []) {
    const fn = entry.kind === 'function' ? entry : null;
    const name = fn?.field ?? fieldRefText(entry);
    const { field } = walkPath(overview, readable, collection, [name], false, 'groupBy');
    refuseAlias(field, 'groupBy');
    if (fn) checkFunction(overview, readable, collection, fn);
    else refuseSecret(field, 'groupBy');
  }
  for (const [fn, fields] of Object.entries(query.aggregate ?? {})) {
    for (const name of fields ?? []) {
      if (name === '*' && (fn === 'count' || fn === 'countAll')) continue;
      const { field } = walkPath(overview, readable, collection, [name], false, `aggregate[${fn}]`);
      refuseAlias(field, `aggregate[${fn}]`);
      // Counting a secret tells no more than filtering it on _null does.
      if (fn !== 'count' && fn !== 'countDistinct') refuseSecret(field, `aggregate[${fn}]`);
    }
  }
}
