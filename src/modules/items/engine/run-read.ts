import { FieldForbiddenError, ForbiddenError } from '../../../common/errors/errors';
import type { DeepQuery, MetaKey, Query } from '../../../common/query/query.types';
import { parseFieldRef } from '../../../common/query/field-ref';
import { runSql } from '../../../database/run-sql';
import { chunks } from '../../../database/key-lists';
import { Access, loadAccess, readConditions, requireRule, rowFilter } from './access';
import { junctionOf, SqlContext } from './compile-filter';
import { compileAggregate } from './compile-aggregate';
import { compileCount, compileSelect, inSql, ROOT, SelectSpec, sqlContext, whereSql } from './compile-sql';
import { rowLeadsTo } from './any-field';
import { castKey, validKey } from './validate-key';
import { collectionOf, dbOf, Item, ItemsScope, PrimaryKey } from './items.types';
import { planRead, ReadNode, RelationNode } from './read-plan';
import { aggregateItem, groupBy, queryWindow, rowFromDb, selectedColumns, shapeItem } from './shape-rows';
import { validateQuery } from './validate-query';
import { shapeSnapshots, SnapshotAccess, snapshotColumns } from './revision-snapshots';

/**
 * Run stage of reads: runs the compiled statements of a read plan (one per collection and relation
 * level, never one per row) and hands the rows to shape-rows.ts.
 */

interface Read {
  scope: ItemsScope;
  access: Access;
}

/** A condition the caller adds to a read's WHERE (the keys of readOne/readMany, keyset paging). */
export type ExtraWhere = (ctx: SqlContext) => string;

function newContext(read: Read, params: Record<string, unknown>): SqlContext {
  return sqlContext(read.scope.deps.dialect, read.access.overview, params, (collection) =>
    rowFilter(read.access, collection, 'read'),
  );
}

/** Access, validation and plan of a read; FORBIDDEN without read permission on the collection. */
export async function prepareRead(scope: ItemsScope, query: Query): Promise<{ access: Access; node: ReadNode }> {
  const collection = collectionOf(scope);
  const access = await loadAccess(scope, query);
  requireRule(access, collection.collection, 'read');
  const maxDepth = scope.deps.config.query.maxRelationalDepth;
  // Fields named in code (not through parseQuery) are strings too: parsed here, once, for validate and plan.
  const fields = (query.fields?.length ? query.fields : ['*']).map(parseFieldRef);
  validateQuery(access.overview, access.readable, collection.collection, query, fields, maxDepth);
  const options = { overview: access.overview, readable: access.readable, maxDepth, backlink: query.backlink };
  const node = planRead(options, collection.collection, fields, query.alias, query.deep);
  return { access, node };
}

/** The items of a read plan: the rows `query` selects (and `extraWhere` allows), with their relations. */
export async function readItems(scope: ItemsScope, query: Query, extraWhere?: ExtraWhere): Promise<Item[]> {
  const { access, node } = await prepareRead(scope, query);
  const read = { scope, access };
  const rows = await select(read, node, (ctx) => ({
    where: [
      ...whereSql(ctx, scope.collection, ROOT, readConditions(access, scope.collection, query)),
      ...(extraWhere ? [extraWhere(ctx)] : []),
    ],
    sort: query.sort,
    ...queryWindow(query, scope.deps.config.query.limitDefault),
  }));
  return resolve(read, node, rows);
}

async function select(
  read: Read,
  node: ReadNode,
  spec: (ctx: SqlContext) => SelectSpec,
  extra: string[] = [],
): Promise<Item[]> {
  const collection = read.access.overview.collection(node.collection)!;
  const params: Record<string, unknown> = {};
  const ctx = newContext(read, params);
  const where = spec(ctx);
  const columns = selectedColumns(collection, node, [...extra, ...snapshotColumns(node)]);
  const rows = await runSql(dbOf(read.scope), { text: compileSelect(ctx, node, columns, where), params });
  return rows.map((row) => rowFromDb(collection, node, columns, row));
}

/** Loads every relation of `node` for `rows` with one query per relation and chunk, then shapes the output. */
async function resolve(read: Read, node: ReadNode, rows: Item[]): Promise<Item[]> {
  const collection = read.access.overview.collection(node.collection)!;
  const snapshots = snapshotColumns(node).length ? await snapshotAccess(read, rows) : null;
  const shape = (row: Item, related: Item | undefined) => {
    const item = shapeItem(collection, node, row, related);
    return snapshots ? shapeSnapshots(snapshots, node, row, item) : item;
  };
  // Large reads (exports) of plain columns: no per-row bookkeeping of relations to allocate.
  if (!node.relations.length) return rows.map((row) => shape(row, undefined));
  const related = new Map<Item, Item>();
  for (const row of rows) related.set(row, {});
  for (const rel of node.relations) {
    const values =
      rel.link.type === 'm2o' ? await manyToOne(read, rel, rows) : await oneToMany(read, rel, rows, collection.primary);
    rows.forEach((row, i) => {
      const out = related.get(row)!;
      // A many-to-any key of another collection than this node's stays the key (or null, see
      // RelationNode.othersNull), unless another node reads it.
      if (values[i] !== undefined) out[rel.key] = values[i];
      else if (!(rel.key in out)) out[rel.key] = rel.othersNull ? null : row[rel.link.field];
    });
  }
  return rows.map((row) => shape(row, related.get(row)));
}

/** What the caller may see of the items the revisions in `rows` copy (see revision-snapshots.ts). */
async function snapshotAccess(read: Read, rows: Item[]): Promise<SnapshotAccess> {
  const byCollection = new Map<string, string[]>();
  for (const row of rows) {
    const items = byCollection.get(String(row.collection)) ?? [];
    items.push(String(row.item));
    byCollection.set(String(row.collection), items);
  }
  const visible = new Map<string, Set<string> | '*'>();
  for (const [name, items] of byCollection) visible.set(name, await readableKeys(read, name, items));
  const { overview, readable } = read.access;
  return {
    overview,
    readable,
    visible: (name, item) =>
      visible.get(name) === '*' || ((visible.get(name) as Set<string> | undefined)?.has(item) ?? false),
  };
}

/** Of `keys` of `collection`, those within the caller's row filter; `*` when it has none. */
async function readableKeys(read: Read, name: string, keys: string[]): Promise<Set<string> | '*'> {
  const target = read.access.overview.collection(name);
  const out = new Set<string>();
  if (!target?.table || read.access.readable(name) === null) return out;
  if (!rowFilter(read.access, name, 'read')) return '*';
  const pk = target.fields[target.primary];
  const node: ReadNode = {
    collection: name,
    columns: [{ key: target.primary, field: target.primary }],
    functions: [],
    relations: [],
  };
  for (const part of chunks([...new Set(keys)].filter((k) => validKey(pk, k)).map((k) => castKey(pk, k)))) {
    const where = (ctx: SqlContext) => [
      inSql(ctx, target.primary, part),
      ...whereSql(ctx, name, ROOT, readConditions(read.access, name, {}, false)),
    ];
    const found = await select(read, node, (ctx) => ({ where: where(ctx), limit: null, offset: 0 }));
    for (const row of found) out.add(String(row[target.primary]));
  }
  return out;
}

function keysOf(rows: Item[], field: string): unknown[] {
  return [...new Set(rows.map((r) => r[field]).filter((k) => k !== null && k !== undefined))];
}

/**
 * The related item of each row (null when it has none or the caller may not see it; undefined when the
 * row's many-to-any key belongs to another collection).
 */
async function manyToOne(read: Read, rel: RelationNode, rows: Item[]): Promise<(Item | null | undefined)[]> {
  const target = read.access.overview.collection(rel.link.related)!;
  const pk = target.fields[target.primary];
  const byKey = new Map<string, Item>();
  // A many-to-any key is text: compared in the related key's own form, and matching no row when it has none.
  const lookup = (key: unknown) => (!rel.link.collectionField ? key : validKey(pk, key) ? castKey(pk, key) : null);
  const keys = keysOf(
    rows.filter((row) => rowLeadsTo(rel.link, row)),
    rel.link.field,
  ).map(lookup);
  for (const part of chunks(keys.filter((k) => k !== null))) {
    const found = await select(read, rel.node, (ctx) => ({
      where: [
        inSql(ctx, target.primary, part),
        ...whereSql(ctx, target.collection, ROOT, readConditions(read.access, target.collection, {}, false)),
      ],
      limit: null,
      offset: 0,
    }));
    const shaped = await resolve(read, rel.node, found);
    found.forEach((f, i) => byKey.set(String(f[target.primary]), shaped[i]));
  }
  return rows.map((row) => {
    if (!rowLeadsTo(rel.link, row)) return undefined;
    const key = lookup(row[rel.link.field]) as PrimaryKey | null | undefined;
    return key === null || key === undefined ? null : (byKey.get(String(key)) ?? null);
  });
}

/** The related items of each row, filtered, sorted and windowed by the relation's `deep` query. */
async function oneToMany(read: Read, rel: RelationNode, rows: Item[], primary: string): Promise<Item[][]> {
  const target = read.access.overview.collection(rel.link.related)!;
  const fk = rel.link.relatedField;
  const deep: DeepQuery = rel.deep ?? {};
  const groups = new Map<string, Item[]>();
  for (const part of chunks(keysOf(rows, primary))) {
    const found = await select(
      read,
      rel.node,
      (ctx) => ({
        where: [
          inSql(ctx, fk, part),
          ...junctionOf(ctx, rel.link.junctionKey, ROOT),
          ...whereSql(ctx, target.collection, ROOT, readConditions(read.access, target.collection, deep)),
        ],
        sort: deep.sort,
        limit: null,
        offset: 0,
      }),
      [fk],
    );
    const shaped = rel.keysOnly ? found.map((f) => f[target.primary] as Item) : await resolve(read, rel.node, found);
    groupBy(found, shaped, fk, groups);
  }
  const { limit, offset } = queryWindow(deep, -1);
  return rows.map((row) =>
    (groups.get(String(row[primary])) ?? []).slice(offset, limit === null ? undefined : offset + limit),
  );
}

/**
 * `meta=total_count,filter_count` (API.md 1.6): counts within the caller's row filter. Outside a
 * transaction both run at once and come from the count cache when fresh; inside one they may see its
 * own uncommitted writes, so they are counted there, in turn on its one connection.
 */
export async function readMeta(
  scope: ItemsScope,
  query: Query,
  keys: MetaKey[],
): Promise<Partial<Record<MetaKey, number>>> {
  const collection = collectionOf(scope);
  const access = await loadAccess(scope, query);
  requireRule(access, collection.collection, 'read');
  const count = async (key: MetaKey): Promise<number> => {
    const params: Record<string, unknown> = {};
    const ctx = newContext({ scope, access }, params);
    const where = whereSql(
      ctx,
      collection.collection,
      ROOT,
      readConditions(access, collection.collection, query, key === 'filter_count'),
    );
    const sql = { text: compileCount(ctx, collection, where), params };
    const run = async () => Number((await runSql(dbOf(scope), sql))[0].count);
    return scope.manager ? run() : scope.deps.counts.count(sql, run);
  };
  const counts: number[] = [];
  if (scope.manager) for (const key of keys) counts.push(await count(key));
  else counts.push(...(await Promise.all(keys.map(count))));
  return Object.fromEntries(keys.map((key, i) => [key, counts[i]]));
}

/** `aggregate` / `groupBy` reads (API.md 1.6). */
export async function readAggregate(scope: ItemsScope, query: Query): Promise<Item[]> {
  const collection = collectionOf(scope);
  const access = await loadAccess(scope, query);
  requireRule(access, collection.collection, 'read');
  validateQuery(
    access.overview,
    access.readable,
    collection.collection,
    query,
    (query.fields ?? []).map(parseFieldRef),
    scope.deps.config.query.maxRelationalDepth,
  );
  const params: Record<string, unknown> = {};
  const ctx = newContext({ scope, access }, params);
  const where = (c: SqlContext) =>
    whereSql(c, collection.collection, ROOT, readConditions(access, collection.collection, query));
  const compiled = compileAggregate(
    ctx,
    collection,
    query,
    where,
    queryWindow(query, scope.deps.config.query.limitDefault),
  );
  const rows = await runSql(dbOf(scope), { text: compiled.text, params });
  return rows.map((row) => aggregateItem(row, compiled.groups, compiled.outputs));
}

/** Whether a read with `query` would be refused other than FORBIDDEN (see ItemsService.checkReadQuery). */
export async function checkReadQuery(scope: ItemsScope, query: Query): Promise<void> {
  if (Object.keys(query).length === 0) return;
  try {
    await prepareRead(scope, query);
  } catch (e) {
    if (!(e instanceof ForbiddenError) || e instanceof FieldForbiddenError) throw e;
  }
}
