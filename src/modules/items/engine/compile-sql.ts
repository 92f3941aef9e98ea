import { InvalidQueryError } from '../../../common/errors/errors';
import { columnRef, type FieldRef, fieldRefText } from '../../../common/query/field-ref';
import type { Filter, SortEntry, SortOrder } from '../../../common/query/query.types';
import { isUuid } from '../../../common/is-uuid';
import type { Dialect } from '../../../database/dialects/dialect';
import type { Sql } from '../../../database/run-sql';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { CollectionOverview, FieldType } from '../../schema/schema.types';
import { anyLink, parseAnyField } from './any-field';
import { compileFilter, functionSql, jsonColumn, relatedPermission, relatedSelect, SqlContext } from './compile-filter';
import { inListSql } from './compile-operator';
import { Item, NUMERIC_TYPES } from './items.types';
import type { ReadNode } from './read-plan';
import { isInt32 } from '../../../common/is-int32';

const WITHOUT_MIN_MAX = new Set(['uuid', 'boolean', 'json']);

/**
 * Compile stage of the items engine: every SQL statement the engine runs is written here (conditions in
 * compile-filter). Identifiers come only from the schema overview and are quoted by the dialect; every
 * value is a bound parameter.
 */

/** The alias of the table a read selects from; sub-queries get fresh ones from the context. */
export const ROOT = 't';

/** A context whose bound values land in `params`, named after those already there. */
export function sqlContext(
  dialect: Dialect,
  overview: SchemaOverview,
  params: Record<string, unknown>,
  relatedFilter?: (collection: string) => Filter | null,
): SqlContext {
  let counter = Object.keys(params).length;
  let aliases = 0;
  return {
    overview,
    dialect,
    quote: (id) => dialect.quote(id),
    param: (value) => {
      const name = `p${counter++}`;
      params[name] = value;
      return name;
    },
    alias: () => `r${aliases++}`,
    relatedFilter,
  };
}

/** The conditions of a read on one collection, variables already resolved (see access.ts). */
export interface ReadConditions {
  /** The caller's row filter; null when every row is allowed. */
  permission: Filter | null;
  filter?: Filter;
  search?: string;
  /** Fields the caller may read: search looks only there. */
  readable: Set<string> | '*' | null;
}

/** The WHERE conditions of a read: permission row filter, user filter, search. */
export function whereSql(ctx: SqlContext, collection: string, alias: string, conditions: ReadConditions): string[] {
  const where: string[] = [];
  if (conditions.permission) where.push(compileFilter(ctx, collection, alias, conditions.permission) || '1=1');
  if (conditions.filter) {
    const sql = compileFilter(ctx, collection, alias, conditions.filter);
    if (sql) where.push(sql);
  }
  if (conditions.search) where.push(searchSql(ctx, collection, alias, conditions.search, conditions.readable));
  return where;
}

/** `?search=`: a case-insensitive match on text fields, equality on numbers and UUIDs it can be. */
function searchSql(
  ctx: SqlContext,
  collection: string,
  alias: string,
  term: string,
  readable: Set<string> | '*' | null,
): string {
  const overview = ctx.overview.collection(collection)!;
  const number = term.trim() !== '' && Number.isFinite(Number(term)) ? Number(term) : null;
  const parts: string[] = [];
  for (const field of Object.values(overview.fields)) {
    if (!field.searchable || field.type === 'alias' || field.special.includes('conceal') || field.type === 'hash')
      continue;
    if (readable !== '*' && !readable?.has(field.field)) continue;
    const column = `${ctx.quote(alias)}.${ctx.quote(field.field)}`;
    if (field.type === 'string' || field.type === 'text') {
      parts.push(ctx.dialect.ilike(column, ctx.param(ctx.dialect.likePattern('contains', term, false))));
    } else if (NUMERIC_TYPES.has(field.type) && number !== null) {
      if (field.type !== 'integer' || isInt32(number)) parts.push(`${column} = :${ctx.param(number)}`);
    } else if (field.type === 'uuid' && isUuid(term)) {
      parts.push(`${column} = :${ctx.param(term.toLowerCase())}`);
    }
  }
  return parts.length ? `(${parts.join(' OR ')})` : '1=0';
}

/**
 * A sort path's value as a correlated sub-query: a column, a many-to-one's related value, or over a
 * one-to-many the smallest related value ascending and the largest descending, the item's first in the
 * reference platform's joined order (`sort=states.name`, `-states.name`).
 */
function sortSql(
  ctx: SqlContext,
  collection: string,
  alias: string,
  ref: FieldRef,
  order: SortOrder,
  aggregated = false,
): string {
  if (ref.kind !== 'relation') {
    if (ref.kind === 'function') return functionSql(ctx, collection, alias, ref.fn, ref.field);
    const head = ref.kind === 'column' ? ref.name : fieldRefText(ref);
    const column = `${ctx.quote(alias)}.${ctx.quote(head)}`;
    // PostgreSQL has no MIN/MAX of uuid, boolean or json: their text sorts the same way.
    return aggregated && WITHOUT_MIN_MAX.has(ctx.overview.field(collection, head)?.type ?? '')
      ? ctx.dialect.asText(column)
      : column;
  }
  const { field: head, rest } = ref;
  const link = parseAnyField(head) ? anyLink(ctx.overview, collection, head) : ctx.overview.relation(collection, head);
  if (!link) throw new InvalidQueryError(`"${head}" is not a relation`);
  const related = ctx.overview.collection(link.related)!;
  const r = ctx.alias();
  const q = (id: string) => ctx.quote(id);
  const inner = sortSql(ctx, link.related, r, rest, order, aggregated || link.type === 'o2m');
  // Related rows the caller may not read sort as if they were not there (no ordering oracle).
  const select = (expression: string, match: string[]) =>
    `(${relatedSelect(ctx, link.related, r, expression, [...match, ...relatedPermission(ctx, link.related, r)])})`;
  if (link.type === 'o2m') {
    const primary = ctx.overview.collection(collection)!.primary;
    return select(`${order === 'ASC' ? 'MIN' : 'MAX'}(${inner})`, [
      `${q(r)}.${q(link.relatedField)} = ${q(alias)}.${q(primary)}`,
    ]);
  }
  if (link.collectionField) {
    const key = ctx.dialect.asText(`${q(r)}.${q(related.primary)}`);
    return select(inner, [
      `${key} = ${q(alias)}.${q(link.field)}`,
      `${q(alias)}.${q(link.collectionField)} = :${ctx.param(link.related)}`,
    ]);
  }
  return select(inner, [`${q(r)}.${q(related.primary)} = ${q(alias)}.${q(head)}`]);
}

/** The expressions one sort entry orders by: a path's value, or the value at a `json()` call's path. */
function sortExpressions(ctx: SqlContext, collection: string, entry: SortEntry): string[] {
  const json = entry.field;
  if (json.kind !== 'json') return [sortSql(ctx, collection, ROOT, json, entry.order)];
  return ctx.dialect.jsonSort(jsonColumn(ctx, collection, ROOT, json.field), json.path, (v) => `:${ctx.param(v)}`);
}

export interface SelectSpec {
  where: string[];
  sort?: SortEntry[] | 'random';
  limit: number | null;
  offset: number;
}

/**
 * The SELECT of one level of a read plan: `columns` by their names, the node's functions by their keys;
 * without a sort of its own, in the collection's sort field or primary key order.
 */
export function compileSelect(ctx: SqlContext, node: ReadNode, columns: string[], spec: SelectSpec): string {
  const collection = ctx.overview.collection(node.collection)!;
  const q = (id: string) => ctx.quote(id);
  const selects = columns.map((f) => `${q(ROOT)}.${q(f)} AS ${q(f)}`);
  for (const f of node.functions)
    selects.push(`${functionSql(ctx, node.collection, ROOT, f.fn, f.field, f.path)} AS ${q(f.key)}`);
  let sql = `SELECT ${selects.join(', ')} FROM ${q(collection.table!)} ${q(ROOT)}`;
  if (spec.where.length) sql += ` WHERE ${spec.where.join(' AND ')}`;
  if (spec.sort === 'random') sql += ` ORDER BY ${ctx.dialect.randomOrder()}`;
  else {
    const sort = spec.sort?.length
      ? spec.sort
      : [
          {
            field: columnRef(collection.sortField ?? collection.primary),
            order: 'ASC' as const,
          },
        ];
    sql += ` ORDER BY ${sort.flatMap((s) => sortExpressions(ctx, node.collection, s).map((e) => `${e} ${s.order}`)).join(', ')}`;
  }
  return sql + ctx.dialect.limitSql(spec.limit, spec.offset);
}

/** `SELECT COUNT(*) AS count` of the rows of `collection` that meet every condition of `where`. */
export function compileCount(ctx: SqlContext, collection: CollectionOverview, where: string[]): string {
  const q = (id: string) => ctx.quote(id);
  return `SELECT COUNT(*) AS ${q('count')} FROM ${q(collection.table!)} ${q(ROOT)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
}

/** `t.key IN (:...p)`: the condition naming rows by the values of one column. */
export function inSql(ctx: SqlContext, column: string, values: unknown[]): string {
  return `${ctx.quote(ROOT)}.${ctx.quote(column)} IN (:...${ctx.param(values)})`;
}

/**
 * `inSql` for a list of any length, such as the keys of a whole batch read back after its write: one
 * statement that keeps the read's sort, instead of one that fails on the vendor's bound-value limit
 * after the write committed.
 */
export function anyOfSql(ctx: SqlContext, column: string, values: unknown[]): string {
  return inListSql(ctx.dialect, `${ctx.quote(ROOT)}.${ctx.quote(column)}`, values, (bound) => ctx.param(bound));
}

/** `t.key > :p` (or `<`): the condition resuming a read after one row of a key order (keyset paging). */
export function afterSql(ctx: SqlContext, column: string, order: 'ASC' | 'DESC', value: unknown): string {
  return `${ctx.quote(ROOT)}.${ctx.quote(column)} ${order === 'DESC' ? '<' : '>'} :${ctx.param(value)}`;
}

/** An aggregate output: `sum(views)` answers under `sum.views`, `count(*)` under `count`. */
export interface AggregateOutput {
  fn: string;
  field: string;
  alias: string;
}

/** A `groupBy` entry: a field, or a function of one answered under the key reads use (`date_year`). */
export interface AggregateGroup {
  key: string;
  sql: string;
  type: FieldType;
}

export interface CompiledAggregate {
  text: string;
  outputs: AggregateOutput[];
  groups: AggregateGroup[];
}

/**
 * A plain SELECT of `columns` (each answered under its name) from `table`, of the rows whose `column`
 * is one of `values` (all rows without a match), at most `limit` of them.
 */
export function compileLookup(
  dialect: Dialect,
  table: string,
  columns: string[],
  match: { column: string; values: unknown[]; set?: string } | null,
  limit?: number,
): Sql {
  const q = (id: string) => dialect.quote(id);
  let text = `SELECT ${columns.map((c) => `${q(c)} AS ${q(c)}`).join(', ')} FROM ${q(table)}`;
  if (match) text += ` WHERE ${q(match.column)} IN (:...values)`;
  if (match?.set) text += ` AND ${q(match.set)} IS NOT NULL`;
  if (limit !== undefined) text += dialect.limitSql(limit, 0);
  return { text, params: match ? { values: match.values } : {} };
}

/** A single-row INSERT, answering the generated key where the vendor can (`RETURNING`). */
export function compileInsert(dialect: Dialect, collection: CollectionOverview, values: Item): Sql {
  const q = (id: string) => dialect.quote(id);
  const keys = Object.keys(values);
  const params: Record<string, unknown> = {};
  keys.forEach((k, i) => (params[`v${i}`] = values[k]));
  let text = keys.length
    ? `INSERT INTO ${q(collection.table!)} (${keys.map(q).join(', ')}) VALUES (${keys.map((_, i) => `:v${i}`).join(', ')})`
    : dialect.insertDefaultsSql(q(collection.table!));
  if (dialect.returning) text += ` RETURNING ${q(collection.primary)}`;
  return { text, params };
}

/** The same `values` into every row named by `keys`. */
export function compileUpdate(dialect: Dialect, collection: CollectionOverview, values: Item, keys: unknown[]): Sql {
  const q = (id: string) => dialect.quote(id);
  const columns = Object.keys(values);
  const params: Record<string, unknown> = { keys };
  columns.forEach((c, i) => (params[`v${i}`] = values[c]));
  const set = columns.map((c, i) => `${q(c)} = :v${i}`).join(', ');
  return { text: `UPDATE ${q(collection.table!)} SET ${set} WHERE ${q(collection.primary)} IN (:...keys)`, params };
}

export function compileDelete(dialect: Dialect, collection: CollectionOverview, keys: unknown[]): Sql {
  const q = (id: string) => dialect.quote(id);
  return { text: `DELETE FROM ${q(collection.table!)} WHERE ${q(collection.primary)} IN (:...keys)`, params: { keys } };
}

/** The same syntax on the three vendors; one name, as savepoints of a bulk insert never nest. */
export function savepointSql(step: 'set' | 'release' | 'rollback'): string {
  const name = 'vellum_bulk_insert';
  return step === 'set'
    ? `SAVEPOINT ${name}`
    : step === 'release'
      ? `RELEASE SAVEPOINT ${name}`
      : `ROLLBACK TO SAVEPOINT ${name}`;
}

/** The keys of a collection's rows without a sort value (`unsorted`), or of all rows in sort order. */
export function compileSortKeys(
  dialect: Dialect,
  collection: CollectionOverview,
  sortField: string,
  rows: 'unsorted' | 'ordered',
): Sql {
  const q = (id: string) => dialect.quote(id);
  const [table, pk, sort] = [q(collection.table!), q(collection.primary), q(sortField)];
  const text =
    rows === 'unsorted'
      ? `SELECT ${pk} AS ${q('key')} FROM ${table} WHERE ${sort} IS NULL ORDER BY ${pk}`
      : `SELECT ${pk} AS ${q('key')} FROM ${table} ORDER BY ${sort}, ${pk}`;
  return { text, params: {} };
}

/** `max`: the highest sort value; `counts`: the rows (`total`) and their distinct sort values (`distinct`). */
export function compileSortStats(
  dialect: Dialect,
  collection: CollectionOverview,
  sortField: string,
  stats: 'max' | 'counts',
): Sql {
  const q = (id: string) => dialect.quote(id);
  const sort = q(sortField);
  const select =
    stats === 'max'
      ? `MAX(${sort}) AS ${q('max')}`
      : `COUNT(*) AS ${q('total')}, COUNT(DISTINCT ${sort}) AS ${q('distinct')}`;
  return { text: `SELECT ${select} FROM ${q(collection.table!)}`, params: {} };
}

/** Shifts the sort values in `min..max` by `by`, except the moved item's. */
export function compileSortShift(
  dialect: Dialect,
  collection: CollectionOverview,
  sortField: string,
  shift: { min: number; max: number; by: number },
  item: unknown,
): Sql {
  const q = (id: string) => dialect.quote(id);
  const [pk, sort] = [q(collection.primary), q(sortField)];
  const text = `UPDATE ${q(collection.table!)} SET ${sort} = ${sort} + :by WHERE ${sort} >= :min AND ${sort} <= :max AND ${pk} <> :item`;
  return { text, params: { ...shift, item } };
}

/** The row's write lock for the rest of the transaction: an UPDATE that changes nothing, on every vendor. */
export function compileLock(dialect: Dialect, collection: CollectionOverview, key: unknown): Sql {
  const q = (id: string) => dialect.quote(id);
  const pk = q(collection.primary);
  return { text: `UPDATE ${q(collection.table!)} SET ${pk} = ${pk} WHERE ${pk} = :key`, params: { key } };
}
