import { InvalidQueryError } from '../../../common/errors/errors';
import { type FieldRef, fieldRefText, functionKey, refPath } from '../../../common/query/field-ref';
import type { Query } from '../../../common/query/query.types';
import type { CollectionOverview } from '../../schema/schema.types';
import { functionSql, SqlContext } from './compile-filter';
import { type AggregateGroup, type AggregateOutput, type CompiledAggregate, ROOT } from './compile-sql';

/** Compile stage of `aggregate` and `groupBy` reads (API.md 1.6); see compile-sql for the rest. */

function aggregateExpression(fn: string, column: string | null): string {
  if (fn === 'countAll' || (fn === 'count' && column === null)) return 'COUNT(*)';
  if (fn === 'count') return `COUNT(${column})`;
  if (fn.endsWith('Distinct')) return `${fn.replace('Distinct', '').toUpperCase()}(DISTINCT ${column})`;
  return `${fn.toUpperCase()}(${column})`;
}

function aggregateParts(
  ctx: SqlContext,
  collection: CollectionOverview,
  query: Query,
): { selects: string[]; outputs: AggregateOutput[]; groups: AggregateGroup[] } {
  const q = (id: string) => ctx.quote(id);
  const col = (f: string) => `${q(ROOT)}.${q(f)}`;
  const selects: string[] = [];
  const outputs: AggregateOutput[] = [];
  for (const [fn, fields] of Object.entries(query.aggregate ?? {})) {
    for (const field of fields ?? []) {
      const alias = `${fn}__${field === '*' ? 'all' : field}`;
      selects.push(`${aggregateExpression(fn, field === '*' ? null : col(field))} AS ${q(alias)}`);
      outputs.push({ fn, field, alias });
    }
  }
  const groups = (query.groupBy ?? []).map((entry): AggregateGroup => {
    if (entry.kind === 'function') {
      const sql = functionSql(ctx, collection.collection, ROOT, entry.fn, entry.field);
      return { key: functionKey(entry), sql, type: 'integer' };
    }
    // validateQuery let only a field of the collection itself through.
    const name = fieldRefText(entry);
    return { key: name, sql: col(name), type: collection.fields[name].type };
  });
  for (const g of groups) selects.push(`${g.sql} AS ${q(g.key)}`);
  return { selects, outputs, groups };
}

/** What an aggregate read orders by: an output (`sum.views`), a grouped function (`year(date)`) or a column. */
function aggregateSortSql(
  ctx: SqlContext,
  field: FieldRef,
  outputs: AggregateOutput[],
  groups: AggregateGroup[],
): string {
  if (field.kind === 'json')
    throw new InvalidQueryError('"sort" on json() is not available with "aggregate" or "groupBy"');
  const text = fieldRefText(field);
  if (field.kind === 'function') {
    const group = groups.find((g) => g.key === functionKey(field));
    if (!group)
      throw new InvalidQueryError(`"sort" on ${text} with "aggregate" or "groupBy" needs ${text} in "groupBy"`);
    return group.sql;
  }
  const { hops, end } = refPath(field);
  const sub = end.kind === 'column' ? end.name : undefined;
  const out = hops.length === 1 ? outputs.find((o) => o.fn === hops[0] && o.field === sub) : undefined;
  return out ? ctx.quote(out.alias) : `${ctx.quote(ROOT)}.${ctx.quote(text)}`;
}

/**
 * `aggregate` and `groupBy` (API.md 1.6); the window applies to groups only (an aggregate without
 * groups is one row). `where` is compiled by the caller, after the selects, on the same context.
 */
export function compileAggregate(
  ctx: SqlContext,
  collection: CollectionOverview,
  query: Query,
  where: (ctx: SqlContext) => string[],
  window: { limit: number | null; offset: number },
): CompiledAggregate {
  const q = (id: string) => ctx.quote(id);
  const { selects, outputs, groups } = aggregateParts(ctx, collection, query);
  if (!selects.length) throw new InvalidQueryError('"groupBy" needs "aggregate" or fields to group on');
  const conditions = where(ctx);
  let sql = `SELECT ${selects.join(', ')} FROM ${q(collection.table!)} ${q(ROOT)}`;
  if (conditions.length) sql += ` WHERE ${conditions.join(' AND ')}`;
  if (groups.length) sql += ` GROUP BY ${groups.map((g) => g.sql).join(', ')}`;
  if (Array.isArray(query.sort) && query.sort.length) {
    const order = query.sort.map((s) => `${aggregateSortSql(ctx, s.field, outputs, groups)} ${s.order}`);
    sql += ` ORDER BY ${order.join(', ')}`;
  }
  if (groups.length) sql += ctx.dialect.limitSql(window.limit, window.offset);
  return { text: sql, outputs, groups };
}
