import { InvalidQueryError } from '../../../common/errors/errors';
import type { JsonPathSegment } from '../../../common/query/parse-json-function';
import type { Filter } from '../../../common/query/query.types';
import type { DateFunction, Dialect } from '../../../database/dialects/dialect';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { FieldOverview, RelationLink } from '../../schema/schema.types';
import { anyLink, parseAnyField } from './any-field';
import { NUMERIC_TYPES } from './items.types';
import { filterValue, isDateValue, isTimeValue } from './values';
import { isPlainObject } from '../../../common/is-plain-object';
import { isUuid } from '../../../common/is-uuid';

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

const TEXTUAL = new Set(['string', 'text', 'hash', 'csv', 'json']);

const DATE_FUNCTIONS = ['year', 'month', 'week', 'day', 'weekday', 'hour', 'minute', 'second'];
const DATE_TYPES = new Set(['date', 'dateTime', 'timestamp']);

/** `year(date_created)` → `{ fn: 'year', field: 'date_created' }`; null for a plain field name. */
export function parseFunction(entry: string): { fn: string; field: string } | null {
  const match = /^(\w+)\(([\w-]+)\)$/.exec(entry);
  return match ? { fn: match[1], field: match[2] } : null;
}

/**
 * SQL of a field function (API.md 1.6): date parts of date/time fields, `count()` of a one-to-many
 * field, `json()` (with its `path`) of a JSON field. Unknown functions or unsuitable fields are INVALID_QUERY.
 */
export function functionSql(ctx: SqlContext, collection: string, alias: string, fn: string, field: string, path?: JsonPathSegment[]): string {
  const overview = ctx.overview.collection(collection)!;
  const target = overview.fields[field];
  if (!target) throw new InvalidQueryError(`Field "${field}" does not exist in collection "${collection}"`);
  if (fn === 'json') return ctx.dialect.jsonValue(jsonColumn(ctx, collection, alias, field), path!, (v) => `:${ctx.param(v)}`);
  if (fn === 'count') {
    const link = ctx.overview.relation(collection, field);
    if (link?.type !== 'o2m') throw new InvalidQueryError(`"count()" needs a one-to-many field, "${field}" is not one`);
    const related = ctx.overview.collection(link.related)!;
    const r = ctx.alias();
    return `(SELECT COUNT(*) FROM ${ctx.quote(related.table!)} ${ctx.quote(r)} WHERE ${ctx.quote(r)}.${ctx.quote(link.relatedField)} = ${ctx.quote(alias)}.${ctx.quote(overview.primary)})`;
  }
  if (!DATE_FUNCTIONS.includes(fn)) throw new InvalidQueryError(`Unknown function "${fn}()"`);
  const timeOnly = target.type === 'time' && ['hour', 'minute', 'second'].includes(fn);
  if (!DATE_TYPES.has(target.type) && !timeOnly) throw new InvalidQueryError(`"${fn}()" needs a date or time field, "${field}" is ${target.type}`);
  return ctx.dialect.dateFunction(fn as DateFunction, `${ctx.quote(alias)}.${ctx.quote(field)}`);
}

/** The quoted column of a `json()` call; INVALID_QUERY unless the field exists and holds JSON. */
export function jsonColumn(ctx: SqlContext, collection: string, alias: string, field: string): string {
  const target = ctx.overview.collection(collection)!.fields[field];
  if (!target) throw new InvalidQueryError(`Field "${field}" does not exist in collection "${collection}"`);
  if (target.type !== 'json') throw new InvalidQueryError(`"json()" needs a JSON field, "${field}" is ${target.type}`);
  return `${ctx.quote(alias)}.${ctx.quote(field)}`;
}

/** `"true"`, `"false"`, `"null"` in query strings mean the values (API.md 1.6). */
function coerce(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null' || value === 'NULL') return null;
  return value;
}


/**
 * Compiles a filter on `collection` (table alias `alias`) into one SQL condition. Identifiers come only
 * from the schema overview; every value is a bound parameter. Relational paths become sub-queries, so no
 * join can multiply rows.
 */
export function compileFilter(ctx: SqlContext, collection: string, alias: string, filter: Filter): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '_and' || key === '_or') {
      const list = (value as Filter[]).map((f) => compileFilter(ctx, collection, alias, f)).filter((sql) => sql !== '');
      if (list.length) parts.push(`(${list.join(key === '_and' ? ' AND ' : ' OR ')})`);
      continue;
    }
    if (parseAnyField(key)) {
      parts.push(anyToOneSql(ctx, anyLink(ctx.overview, collection, key), alias, value));
      continue;
    }
    const overview = ctx.overview.collection(collection)!;
    const fn = parseFunction(key);
    if (fn) {
      if (!isPlainObject(value)) throw new InvalidQueryError(`"${key}" in the filter needs an operator object`);
      const expression = functionSql(ctx, collection, alias, fn.fn, fn.field);
      const numeric = { ...overview.fields[fn.field], field: key, type: 'integer' as const };
      for (const [operator, operand] of Object.entries(value)) {
        const sql = compileOperator(ctx, numeric, expression, operator, operand);
        if (sql) parts.push(sql);
      }
      continue;
    }
    const field = overview.fields[key];
    if (!field) throw new InvalidQueryError(`Field "${key}" does not exist in collection "${collection}"`);
    if (!isPlainObject(value)) throw new InvalidQueryError(`Field "${key}" in the filter needs an operator object`);
    const link = ctx.overview.relation(collection, key);
    const operators = Object.keys(value).filter((k) => k.startsWith('_') && k !== '_some' && k !== '_none');
    const nested = Object.fromEntries(Object.entries(value).filter(([k]) => !operators.includes(k)));

    if (link?.type === 'o2m') {
      if (operators.length) throw new InvalidQueryError(`One-to-many field "${key}" can only be filtered through its related fields`);
      parts.push(oneToManySql(ctx, link, `${ctx.quote(alias)}.${ctx.quote(overview.primary)}`, nested));
      continue;
    }
    if (operators.length) {
      for (const operator of operators) {
        const sql = compileOperator(ctx, field, `${ctx.quote(alias)}.${ctx.quote(key)}`, operator, value[operator]);
        if (sql) parts.push(sql);
      }
    }
    if (Object.keys(nested).length) {
      if (link?.type !== 'm2o') throw new InvalidQueryError(`Field "${key}" is not a relation and needs an operator`);
      const r = ctx.alias();
      const conditions = [compileFilter(ctx, link.related, r, nested as Filter) || '1=1', ...relatedPermission(ctx, link.related, r)];
      parts.push(`${ctx.quote(alias)}.${ctx.quote(key)} IN (${relatedSelect(ctx, link.related, r, ctx.overview.collection(link.related)!.primary, conditions)})`);
    }
  }
  return parts.length > 1 ? `(${parts.join(' AND ')})` : (parts[0] ?? '');
}

/** The caller's row filter on a related collection, as conditions on its alias `r`. */
function relatedPermission(ctx: SqlContext, collection: string, r: string): string[] {
  const permission = ctx.relatedFilter?.(collection);
  return permission ? [compileFilter(ctx, collection, r, permission) || '1=1'] : [];
}

function relatedSelect(ctx: SqlContext, collection: string, r: string, column: string, conditions: string[]): string {
  const table = ctx.overview.collection(collection)!.table!;
  return `SELECT ${ctx.quote(r)}.${ctx.quote(column)} FROM ${ctx.quote(table)} ${ctx.quote(r)} WHERE ${conditions.join(' AND ')}`;
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
  const conditions = [compileFilter(ctx, link.related, r, value as Filter) || '1=1', ...relatedPermission(ctx, link.related, r)];
  const keys = `SELECT ${ctx.dialect.asText(`${ctx.quote(r)}.${ctx.quote(related.primary)}`)} FROM ${ctx.quote(related.table!)} ${ctx.quote(r)} WHERE ${conditions.join(' AND ')}`;
  const column = (field: string) => `${ctx.quote(alias)}.${ctx.quote(field)}`;
  return `(${column(link.collectionField!)} = :${ctx.param(link.related)} AND ${column(link.field)} IN (${keys}))`;
}

/** `{ comments: { _some | _none | (plain): filter } }`: whether any related row matches, as `key IN (...)`. */
function oneToManySql(ctx: SqlContext, link: RelationLink, key: string, nested: Record<string, unknown>): string {
  const none = isPlainObject(nested._none);
  const sub = (none ? nested._none : isPlainObject(nested._some) ? nested._some : nested) as Filter;
  const r = ctx.alias();
  const conditions = [`${ctx.quote(r)}.${ctx.quote(link.relatedField)} IS NOT NULL`];
  const inner = compileFilter(ctx, link.related, r, sub);
  if (inner) conditions.push(inner);
  conditions.push(...relatedPermission(ctx, link.related, r));
  return `${key} ${none ? 'NOT IN' : 'IN'} (${relatedSelect(ctx, link.related, r, link.relatedField, conditions)})`;
}

/** One operator's operand and the helpers its SQL is written with. */
interface Operand {
  column: string;
  operator: string;
  value: unknown;
  /** A bound parameter for `v`, checked against the field's type. */
  bind(v: unknown): string;
  /** The operand as a list of checked values, UUID mismatches dropped; null when none is left. */
  list(): unknown[] | null;
  like(kind: 'contains' | 'starts' | 'ends', caseSensitive: boolean, negate: boolean): string;
  requireText(): void;
  uuidMismatch(v: unknown): boolean;
  /** `_null`, `_empty` and the like take anything but an explicit false as true. */
  truthy: boolean;
  isText: boolean;
  param(value: unknown): string;
}

const LIKES: [string, 'contains' | 'starts' | 'ends', boolean, boolean][] = [
  ['_contains', 'contains', true, false],
  ['_ncontains', 'contains', true, true],
  ['_icontains', 'contains', false, false],
  ['_nicontains', 'contains', false, true],
  ['_starts_with', 'starts', true, false],
  ['_nstarts_with', 'starts', true, true],
  ['_istarts_with', 'starts', false, false],
  ['_nistarts_with', 'starts', false, true],
  ['_ends_with', 'ends', true, false],
  ['_nends_with', 'ends', true, true],
  ['_iends_with', 'ends', false, false],
  ['_niends_with', 'ends', false, true],
];

const COMPARISONS: [string, string][] = [
  ['_lt', '<'],
  ['_lte', '<='],
  ['_gt', '>'],
  ['_gte', '>='],
];

function emptySql(o: Operand, empty: boolean): string {
  const sql = o.isText ? `(${o.column} IS NULL OR ${o.column} = '')` : `${o.column} IS NULL`;
  return empty === o.truthy ? sql : `NOT ${sql}`;
}

function listSql(o: Operand, negate: boolean): string {
  const values = o.list();
  if (!values) return negate ? '1=1' : '1=0';
  return `${o.column} ${negate ? 'NOT IN' : 'IN'} (:...${o.param(values)})`;
}

function betweenSql(o: Operand, negate: boolean): string {
  // API.md 1.6: anything but two values is ignored.
  if (!Array.isArray(o.value) || o.value.length !== 2) return '';
  return `${o.column} ${negate ? 'NOT BETWEEN' : 'BETWEEN'} ${o.bind(o.value[0])} AND ${o.bind(o.value[1])}`;
}

function caseInsensitiveSql(o: Operand, negate: boolean): string {
  o.requireText();
  return `LOWER(${o.column}) ${negate ? '<>' : '='} LOWER(${o.bind(o.value)})`;
}

/** The SQL of each filter operator (API.md 1.6); '' means the operator is ignored. */
const OPERATORS: Record<string, (o: Operand) => string> = {
  _eq: (o) => (o.value === null ? `${o.column} IS NULL` : o.uuidMismatch(o.value) ? '1=0' : `${o.column} = ${o.bind(o.value)}`),
  _neq: (o) => (o.value === null ? `${o.column} IS NOT NULL` : o.uuidMismatch(o.value) ? '1=1' : `${o.column} <> ${o.bind(o.value)}`),
  _ieq: (o) => caseInsensitiveSql(o, false),
  _nieq: (o) => caseInsensitiveSql(o, true),
  _in: (o) => listSql(o, false),
  _nin: (o) => listSql(o, true),
  _null: (o) => (o.truthy ? `${o.column} IS NULL` : `${o.column} IS NOT NULL`),
  _nnull: (o) => (o.truthy ? `${o.column} IS NOT NULL` : `${o.column} IS NULL`),
  _empty: (o) => emptySql(o, true),
  _nempty: (o) => emptySql(o, false),
  _between: (o) => betweenSql(o, false),
  _nbetween: (o) => betweenSql(o, true),
  ...Object.fromEntries(COMPARISONS.map(([name, sign]) => [name, (o: Operand) => `${o.column} ${sign} ${o.bind(o.value)}`])),
  ...Object.fromEntries(LIKES.map(([name, kind, caseSensitive, negate]) => [name, (o: Operand) => o.like(kind, caseSensitive, negate)])),
};

/** A filter value as bound: the field's type, numbers in range, real dates and times (else INVALID_QUERY). */
function checkedValue(ctx: SqlContext, field: FieldOverview, v: unknown): unknown {
  const bound = filterValue(field.type, v, ctx.dialect);
  if (NUMERIC_TYPES.has(field.type) && bound !== null && typeof bound !== 'number') {
    throw new InvalidQueryError(`Field "${field.field}" is numeric, "${String(v)}" is not a number`);
  }
  // PostgreSQL refuses to compare a date or time column with text that is none; the others would
  // compare it as text and silently match nothing.
  if (v !== null && ((DATE_TYPES.has(field.type) && !isDateValue(v)) || (field.type === 'time' && !isTimeValue(v)))) {
    throw new InvalidQueryError(`Field "${field.field}" is a ${field.type}, "${String(v)}" is not one`);
  }
  // API.md 1.6: numbers beyond MAX_SAFE_INTEGER are refused; Infinity and NaN are no column's values
  // (and TypeORM writes numbers into SQLite's SQL text, where "Infinity" reads as a column name).
  if (typeof bound === 'number' && !(Math.abs(bound) <= Number.MAX_SAFE_INTEGER)) {
    throw new InvalidQueryError(`"${String(v)}" for field "${field.field}" is not a number in range`);
  }
  return bound;
}

function compileOperator(ctx: SqlContext, field: FieldOverview, column: string, operator: string, raw: unknown): string {
  if (field.type === 'alias') throw new InvalidQueryError(`Field "${field.field}" has no value to filter on`);
  const sql = OPERATORS[operator];
  if (!sql) throw new InvalidQueryError(`Unknown filter operator "${operator}"`);
  const value = Array.isArray(raw) ? raw.map(coerce) : coerce(raw);
  const isText = TEXTUAL.has(field.type);
  const requireText = () => {
    if (!isText) throw new InvalidQueryError(`"${operator}" needs a text field, "${field.field}" is ${field.type}`);
  };
  const uuidMismatch = (v: unknown) => field.type === 'uuid' && v !== null && !isUuid(v);
  const operand: Operand = {
    column,
    operator,
    value,
    isText,
    requireText,
    uuidMismatch,
    truthy: value === undefined || value === true || value === '' || value === 1 || value === '1',
    param: (v) => ctx.param(v),
    bind: (v) => `:${ctx.param(checkedValue(ctx, field, v))}`,
    list: () => {
      const values = (Array.isArray(value) ? value : [value]).filter((v) => !uuidMismatch(v));
      return values.length ? values.map((v) => checkedValue(ctx, field, v)) : null;
    },
    like: (kind, caseSensitive, negate) => {
      requireText();
      const name = ctx.param(ctx.dialect.likePattern(kind, String(value), caseSensitive));
      const like = caseSensitive ? ctx.dialect.like(column, name) : ctx.dialect.ilike(column, name);
      // SQL semantics, as the reference: NOT LIKE on NULL is unknown, so rows without a value stay out.
      return negate ? `NOT (${like})` : like;
    },
  };
  return sql(operand);
}
