import { InvalidQueryError } from '../../../common/errors/errors';
import { type FunctionRef, parseFunction } from '../../../common/query/field-ref';
import type { JsonPathSegment } from '../../../common/query/parse-json-function';
import type { Filter } from '../../../common/query/query.types';
import type { DateFunction, Dialect } from '../../../database/dialects/dialect';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { CollectionOverview, RelationLink } from '../../schema/schema.types';
import { anyLink, parseAnyField } from './any-field';
import { Follow, followOf } from './follow-field';
import { compileOperator, DATE_TYPES } from './compile-operator';
import { jsonFilterSql } from './compile-json-filter';
import { isPlainObject } from '../../../common/is-plain-object';

/** Where compiled SQL gets its identifiers, aliases and bound parameters. */
export interface SqlContext {
  overview: SchemaOverview;
  dialect: Dialect;
  quote(identifier: string): string;
  /** Registers a bound value and returns its parameter name. */
  param(value: unknown): string;
  /** A fresh table alias for sub-queries. */
  alias(): string;
  /** The row filter the caller must satisfy on a related collection (permissions), or null for none. */
  relatedFilter?(collection: string): Filter | null;
}

const DATE_FUNCTIONS = ['year', 'month', 'week', 'day', 'weekday', 'hour', 'minute', 'second'];

/**
 * SQL of a field function (API.md 1.6): date parts of date/time fields, `count()` of a one-to-many
 * field, `json()` (with its `path`) of a JSON field. Unknown functions or unsuitable fields are INVALID_QUERY.
 */
export function functionSql(
  ctx: SqlContext,
  collection: string,
  alias: string,
  fn: string,
  field: string,
  path?: JsonPathSegment[],
): string {
  const overview = ctx.overview.collection(collection)!;
  const target = overview.fields[field];
  if (!target) throw new InvalidQueryError(`Field "${field}" does not exist in collection "${collection}"`);
  if (fn === 'json')
    return ctx.dialect.jsonValue(jsonColumn(ctx, collection, alias, field), path!, (v) => `:${ctx.param(v)}`);
  if (fn === 'count') {
    const link = ctx.overview.relation(collection, field);
    if (link?.type !== 'o2m') throw new InvalidQueryError(`"count()" needs a one-to-many field, "${field}" is not one`);
    const r = ctx.alias();
    // Only the related rows the caller may read are counted.
    const conditions = [
      `${ctx.quote(r)}.${ctx.quote(link.relatedField)} = ${ctx.quote(alias)}.${ctx.quote(overview.primary)}`,
      ...junctionOf(ctx, link.junctionKey, r),
      ...relatedPermission(ctx, link.related, r),
    ];
    return `(${relatedSelect(ctx, link.related, r, 'COUNT(*)', conditions)})`;
  }
  if (!DATE_FUNCTIONS.includes(fn)) throw new InvalidQueryError(`Unknown function "${fn}()"`);
  const timeOnly = target.type === 'time' && ['hour', 'minute', 'second'].includes(fn);
  if (!DATE_TYPES.has(target.type) && !timeOnly)
    throw new InvalidQueryError(`"${fn}()" needs a date or time field, "${field}" is ${target.type}`);
  return ctx.dialect.dateFunction(fn as DateFunction, `${ctx.quote(alias)}.${ctx.quote(field)}`);
}

/** The quoted column of a `json()` call; INVALID_QUERY unless the field exists and holds JSON. */
export function jsonColumn(ctx: SqlContext, collection: string, alias: string, field: string): string {
  const target = ctx.overview.collection(collection)!.fields[field];
  if (!target) throw new InvalidQueryError(`Field "${field}" does not exist in collection "${collection}"`);
  if (target.type !== 'json') throw new InvalidQueryError(`"json()" needs a JSON field, "${field}" is ${target.type}`);
  return `${ctx.quote(alias)}.${ctx.quote(field)}`;
}

/**
 * Compiles a filter on `collection` (table alias `alias`) into one SQL condition. Identifiers come only
 * from the schema overview; every value is a bound parameter. Relational paths become sub-queries, so no
 * join can multiply rows.
 */
export function compileFilter(ctx: SqlContext, collection: string, alias: string, filter: Filter): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined) parts.push(...keySql(ctx, collection, alias, key, value));
  }
  return parts.length > 1 ? `(${parts.join(' AND ')})` : (parts[0] ?? '');
}

/**
 * The conditions of one filter key. Keys stay the filter object's own strings (a row filter of the
 * permissions never goes through parseQuery); a function key is read by the one parser of field functions.
 */
function keySql(ctx: SqlContext, collection: string, alias: string, key: string, value: unknown): string[] {
  if (key === '_and' || key === '_or') {
    const list = (value as Filter[]).map((f) => compileFilter(ctx, collection, alias, f)).filter((sql) => sql !== '');
    return list.length ? [`(${list.join(key === '_and' ? ' AND ' : ' OR ')})`] : [];
  }
  if (parseAnyField(key)) return [anyToOneSql(ctx, anyLink(ctx.overview, collection, key), alias, value)];
  const overview = ctx.overview.collection(collection)!;
  const follow = followOf(ctx.overview, key);
  if (follow) return [followSql(ctx, overview, alias, follow, value)];
  const fn = parseFunction(key);
  if (fn) return functionFilterSql(ctx, overview, alias, key, fn, value);
  return fieldFilterSql(ctx, overview, alias, key, value);
}

/** `{ 'year(at)': { _eq: 2020 } }`: the function's value compared as an integer. */
function functionFilterSql(
  ctx: SqlContext,
  overview: CollectionOverview,
  alias: string,
  key: string,
  fn: FunctionRef,
  value: unknown,
): string[] {
  if (!isPlainObject(value)) throw new InvalidQueryError(`"${key}" in the filter needs an operator object`);
  const expression = functionSql(ctx, overview.collection, alias, fn.fn, fn.field);
  const numeric = { ...overview.fields[fn.field], field: key, type: 'integer' as const };
  return Object.entries(value)
    .map(([operator, operand]) => compileOperator(ctx, numeric, expression, operator, operand))
    .filter((sql) => sql);
}

/** A field's operators, and its related rows' filter for a relation (`{ author: { name: ... } }`). */
function fieldFilterSql(
  ctx: SqlContext,
  overview: CollectionOverview,
  alias: string,
  key: string,
  value: unknown,
): string[] {
  const field = overview.fields[key];
  if (!field) throw new InvalidQueryError(`Field "${key}" does not exist in collection "${overview.collection}"`);
  if (!isPlainObject(value)) throw new InvalidQueryError(`Field "${key}" in the filter needs an operator object`);
  const link = ctx.overview.relation(overview.collection, key);
  const operators = Object.keys(value).filter((k) => k.startsWith('_') && k !== '_some' && k !== '_none');
  const nested = Object.fromEntries(Object.entries(value).filter(([k]) => !operators.includes(k)));
  if (link?.type === 'o2m') {
    if (operators.length)
      throw new InvalidQueryError(`One-to-many field "${key}" can only be filtered through its related fields`);
    const follow = { collection: link.related, field: link.relatedField, junctionKey: link.junctionKey };
    return [reverseSql(ctx, follow, `${ctx.quote(alias)}.${ctx.quote(overview.primary)}`, nested)];
  }
  const column = `${ctx.quote(alias)}.${ctx.quote(key)}`;
  const parts = operators
    .map((operator) =>
      operator === '_json'
        ? jsonFilterSql(ctx, field, column, value[operator])
        : compileOperator(ctx, field, column, operator, value[operator]),
    )
    .filter((sql) => sql);
  if (!Object.keys(nested).length) return parts;
  if (link?.type !== 'm2o') throw new InvalidQueryError(`Field "${key}" is not a relation and needs an operator`);
  const r = ctx.alias();
  const conditions = [
    compileFilter(ctx, link.related, r, nested as Filter) || '1=1',
    ...relatedPermission(ctx, link.related, r),
  ];
  const primary = `${ctx.quote(r)}.${ctx.quote(ctx.overview.collection(link.related)!.primary)}`;
  return [...parts, `${column} IN (${relatedSelect(ctx, link.related, r, primary, conditions)})`];
}

/** The collections whose row filter is being compiled, per statement. */
const applying = new WeakMap<SqlContext, Set<string>>();

/**
 * The caller's row filter on a related collection, as conditions on its alias `r`. A row filter that
 * leads back to its own collection (a share's rules, `{ author: { articles: ... } }`) would be applied
 * inside itself without end: there, the collection's rows are taken as they are.
 */
export function relatedPermission(ctx: SqlContext, collection: string, r: string): string[] {
  const active = applying.get(ctx) ?? new Set<string>();
  const permission = active.has(collection) ? null : ctx.relatedFilter?.(collection);
  if (!permission) return [];
  applying.set(ctx, active.add(collection));
  try {
    return [compileFilter(ctx, collection, r, permission) || '1=1'];
  } finally {
    active.delete(collection);
  }
}

/** `SELECT <expression> FROM <collection> r WHERE <conditions>`; `expression` is SQL on the alias `r`. */
export function relatedSelect(
  ctx: SqlContext,
  collection: string,
  r: string,
  expression: string,
  conditions: string[],
): string {
  const table = ctx.overview.collection(collection)!.table!;
  return `SELECT ${expression} FROM ${ctx.quote(table)} ${ctx.quote(r)} WHERE ${conditions.join(' AND ')}`;
}

/**
 * `{ 'item:circles': filter }` on a many-to-any junction row: its collection is circles and its key (text)
 * is one of the circles that match.
 */
function anyToOneSql(ctx: SqlContext, link: RelationLink, alias: string, value: unknown): string {
  if (!isPlainObject(value) || Object.keys(value).some((k) => k.startsWith('_') && k !== '_and' && k !== '_or')) {
    throw new InvalidQueryError(`"${link.field}:${link.related}" can only be filtered through its related fields`);
  }
  const r = ctx.alias();
  const related = ctx.overview.collection(link.related)!;
  const conditions = [
    compileFilter(ctx, link.related, r, value as Filter) || '1=1',
    ...relatedPermission(ctx, link.related, r),
  ];
  const keys = `SELECT ${ctx.dialect.asText(`${ctx.quote(r)}.${ctx.quote(related.primary)}`)} FROM ${ctx.quote(related.table!)} ${ctx.quote(r)} WHERE ${conditions.join(' AND ')}`;
  const column = (field: string) => `${ctx.quote(alias)}.${ctx.quote(field)}`;
  return `(${column(link.collectionField!)} = :${ctx.param(link.related)} AND ${column(link.field)} IN (${keys}))`;
}

/**
 * `{ comments: { _some | _none | (plain): filter } }`: whether any row of `follow.collection` whose
 * `follow.field` holds `key` matches, as `key IN (...)`, compared as text when `text`; a many-to-any's
 * rows (`collectionField`) are those that also name `collectionOf`.
 */
function reverseSql(
  ctx: SqlContext,
  follow: Follow & { junctionKey?: string },
  key: string,
  nested: Record<string, unknown>,
  text = false,
  collectionOf?: string,
): string {
  const none = isPlainObject(nested._none);
  const sub = (none ? nested._none : isPlainObject(nested._some) ? nested._some : nested) as Filter;
  const r = ctx.alias();
  const column = `${ctx.quote(r)}.${ctx.quote(follow.field)}`;
  const conditions = [`${column} IS NOT NULL`, ...junctionOf(ctx, follow.junctionKey, r)];
  if (follow.collectionField)
    conditions.push(`${ctx.quote(r)}.${ctx.quote(follow.collectionField)} = :${ctx.param(collectionOf)}`);
  const inner = compileFilter(ctx, follow.collection, r, sub);
  if (inner) conditions.push(inner);
  conditions.push(...relatedPermission(ctx, follow.collection, r));
  const selected = relatedSelect(ctx, follow.collection, r, text ? ctx.dialect.asText(column) : column, conditions);
  return `${text ? ctx.dialect.asText(key) : key} ${none ? 'NOT IN' : 'IN'} (${selected})`;
}

/** `{ '$FOLLOW(guests, favorite_artist)': { _some: filter } }`: a one-to-many without its alias field (see Follow). */
function followSql(
  ctx: SqlContext,
  overview: CollectionOverview,
  alias: string,
  follow: Follow,
  value: unknown,
): string {
  if (!isPlainObject(value) || Object.keys(value).some((k) => k.startsWith('_') && k !== '_some' && k !== '_none')) {
    throw new InvalidQueryError(
      `"$FOLLOW(${follow.collection}, ${follow.field})" can only be filtered through its related fields`,
    );
  }
  // A many-to-any keeps keys as text; any other field may hold keys in a type of its own, which PostgreSQL won't compare unconverted.
  const followed = ctx.overview.collection(follow.collection)!.fields[follow.field];
  const text = follow.collectionField !== undefined || followed.type !== overview.fields[overview.primary].type;
  return reverseSql(
    ctx,
    follow,
    `${ctx.quote(alias)}.${ctx.quote(overview.primary)}`,
    value,
    text,
    overview.collection,
  );
}

/** A shared junction's rows of one of its one-to-manys only (see RelationLink.junctionKey). */
export function junctionOf(ctx: SqlContext, junctionKey: string | undefined, alias: string): string[] {
  return junctionKey ? [`${ctx.quote(alias)}.${ctx.quote(junctionKey)} IS NOT NULL`] : [];
}
