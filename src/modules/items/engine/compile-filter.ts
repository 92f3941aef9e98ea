import { InvalidQueryError } from '../../../common/errors/errors';
import type { Filter } from '../../../common/query/query.types';
import type { DateFunction, Dialect } from '../../../database/dialects/dialect';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { FieldOverview } from '../../schema/schema.types';
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

const NUMERIC = new Set(['integer', 'bigInteger', 'float', 'decimal']);
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
 * field. Unknown functions or unsuitable fields are INVALID_QUERY.
 */
export function functionSql(ctx: SqlContext, collection: string, alias: string, fn: string, field: string): string {
  const overview = ctx.overview.collection(collection)!;
  const target = overview.fields[field];
  if (!target) throw new InvalidQueryError(`Field "${field}" does not exist in collection "${collection}"`);
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
      const none = isPlainObject(nested._none);
      const sub = (none ? nested._none : isPlainObject(nested._some) ? nested._some : nested) as Filter;
      const r = ctx.alias();
      const related = ctx.overview.collection(link.related)!;
      const conditions = [`${ctx.quote(r)}.${ctx.quote(link.relatedField)} IS NOT NULL`];
      const inner = compileFilter(ctx, link.related, r, sub);
      if (inner) conditions.push(inner);
      const permission = ctx.relatedFilter?.(link.related);
      if (permission) conditions.push(compileFilter(ctx, link.related, r, permission) || '1=1');
      const subquery = `SELECT ${ctx.quote(r)}.${ctx.quote(link.relatedField)} FROM ${ctx.quote(related.table!)} ${ctx.quote(r)} WHERE ${conditions.join(' AND ')}`;
      parts.push(`${ctx.quote(alias)}.${ctx.quote(overview.primary)} ${none ? 'NOT IN' : 'IN'} (${subquery})`);
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
      const related = ctx.overview.collection(link.related)!;
      const conditions = [compileFilter(ctx, link.related, r, nested as Filter) || '1=1'];
      const permission = ctx.relatedFilter?.(link.related);
      if (permission) conditions.push(compileFilter(ctx, link.related, r, permission) || '1=1');
      parts.push(
        `${ctx.quote(alias)}.${ctx.quote(key)} IN (SELECT ${ctx.quote(r)}.${ctx.quote(related.primary)} FROM ${ctx.quote(related.table!)} ${ctx.quote(r)} WHERE ${conditions.join(' AND ')})`,
      );
    }
  }
  return parts.length > 1 ? `(${parts.join(' AND ')})` : (parts[0] ?? '');
}

function compileOperator(ctx: SqlContext, field: FieldOverview, column: string, operator: string, raw: unknown): string {
  if (field.type === 'alias') throw new InvalidQueryError(`Field "${field.field}" has no value to filter on`);
  const value = Array.isArray(raw) ? raw.map(coerce) : coerce(raw);
  const checked = (v: unknown): unknown => {
    const bound = filterValue(field.type, v, ctx.dialect);
    if (NUMERIC.has(field.type) && bound !== null && typeof bound !== 'number') {
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
  };
  const bind = (v: unknown): string => `:${ctx.param(checked(v))}`;
  const uuidMismatch = (v: unknown) => field.type === 'uuid' && v !== null && !isUuid(v);
  const truthy = value === undefined || value === true || value === '' || value === 1 || value === '1';
  const requireText = () => {
    if (!TEXTUAL.has(field.type)) throw new InvalidQueryError(`"${operator}" needs a text field, "${field.field}" is ${field.type}`);
  };
  const like = (kind: 'contains' | 'starts' | 'ends', caseSensitive: boolean, negate: boolean) => {
    requireText();
    const name = ctx.param(ctx.dialect.likePattern(kind, String(value), caseSensitive));
    const sql = caseSensitive ? ctx.dialect.like(column, name) : ctx.dialect.ilike(column, name);
    return negate ? `(${column} IS NULL OR NOT (${sql}))` : sql;
  };
  const list = () => {
    const values = (Array.isArray(value) ? value : [value]).filter((v) => !uuidMismatch(v));
    return values.length ? values.map(checked) : null;
  };

  switch (operator) {
    case '_eq':
      if (value === null) return `${column} IS NULL`;
      return uuidMismatch(value) ? '1=0' : `${column} = ${bind(value)}`;
    case '_neq':
      if (value === null) return `${column} IS NOT NULL`;
      return uuidMismatch(value) ? '1=1' : `${column} <> ${bind(value)}`;
    case '_ieq':
    case '_nieq':
      requireText();
      return `LOWER(${column}) ${operator === '_ieq' ? '=' : '<>'} LOWER(${bind(value)})`;
    case '_lt':
      return `${column} < ${bind(value)}`;
    case '_lte':
      return `${column} <= ${bind(value)}`;
    case '_gt':
      return `${column} > ${bind(value)}`;
    case '_gte':
      return `${column} >= ${bind(value)}`;
    case '_in':
    case '_nin': {
      const values = list();
      if (!values) return operator === '_in' ? '1=0' : '1=1';
      return `${column} ${operator === '_in' ? 'IN' : 'NOT IN'} (:...${ctx.param(values)})`;
    }
    case '_null':
      return truthy ? `${column} IS NULL` : `${column} IS NOT NULL`;
    case '_nnull':
      return truthy ? `${column} IS NOT NULL` : `${column} IS NULL`;
    case '_empty':
    case '_nempty': {
      const empty = TEXTUAL.has(field.type) ? `(${column} IS NULL OR ${column} = '')` : `${column} IS NULL`;
      const isEmpty = (operator === '_empty') === truthy;
      return isEmpty ? empty : `NOT ${empty}`;
    }
    case '_contains':
      return like('contains', true, false);
    case '_ncontains':
      return like('contains', true, true);
    case '_icontains':
      return like('contains', false, false);
    case '_nicontains':
      return like('contains', false, true);
    case '_starts_with':
      return like('starts', true, false);
    case '_nstarts_with':
      return like('starts', true, true);
    case '_istarts_with':
      return like('starts', false, false);
    case '_nistarts_with':
      return like('starts', false, true);
    case '_ends_with':
      return like('ends', true, false);
    case '_nends_with':
      return like('ends', true, true);
    case '_iends_with':
      return like('ends', false, false);
    case '_niends_with':
      return like('ends', false, true);
    case '_between':
    case '_nbetween': {
      // API.md 1.6: anything but two values is ignored.
      if (!Array.isArray(value) || value.length !== 2) return '';
      return `${column} ${operator === '_between' ? 'BETWEEN' : 'NOT BETWEEN'} ${bind(value[0])} AND ${bind(value[1])}`;
    }
    default:
      throw new InvalidQueryError(`Unknown filter operator "${operator}"`);
  }
}
