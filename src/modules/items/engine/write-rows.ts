import { QueryFailedError } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { ForbiddenError } from '../../../common/errors/errors';
import { insertRows, rowsPerInsert } from '../../../database/insert-rows';
import { runSql } from '../../../database/run-sql';
import { keyChunks } from '../../../database/key-lists';
import type { CollectionOverview } from '../../schema/schema.types';
import type { RowWrite } from '../row-write-guards';
import { Access, rowFilter } from './access';
import { compileFilter } from './compile-filter';
import {
  compileCount,
  compileDelete,
  compileInsert,
  compileLock,
  compileLookup,
  compileUpdate,
  inSql,
  ROOT,
  savepointSql,
  sqlContext,
} from './compile-sql';
import { collectionOf, dbOf, Item, ItemsScope, PrimaryKey, RowErrorHandler } from './items.types';
import { castKey, validKey } from './validate-key';
import { fromDb } from './values';

/**
 * Write stage: the rows themselves (INSERT, UPDATE, DELETE) and the key checks before them, on the
 * manager of the write's transaction. Activity and revisions are record-activity.ts's.
 */

/** A row ready to insert, with its position in the caller's batch. */
export interface InsertRow {
  index: number;
  values: Item;
}

/** Runs `work` in the scope's transaction, or in a new one, within the collection's write guards. */
export function transaction<T>(scope: ItemsScope, given: (manager: EntityManager) => Promise<T>): Promise<T> {
  const work = (m: EntityManager) => scope.deps.guards.around(scope.collection, m, scope.acc, given);
  const manager = scope.manager;
  if (manager?.queryRunner?.isTransactionActive) return work(manager);
  if (manager) return manager.transaction(work);
  return scope.deps.dataSource.transaction(work);
}

/** PostgreSQL sequences do not follow explicit values: later inserts must not collide with this one. */
async function syncAutoIncrement(
  scope: ItemsScope,
  manager: EntityManager,
  collection: CollectionOverview,
): Promise<void> {
  if (!collection.fields[collection.primary].autoIncrement) return;
  const sync = scope.deps.dialect.syncAutoIncrementSql(scope.deps.dialect.quote(collection.table!), collection.primary);
  if (sync) await manager.query(sync);
}

/** Collection rules every row write obeys, whatever path it came by (REST, GraphQL, imports, nested writes). */
function guardRows(scope: ItemsScope, manager: EntityManager, write: RowWrite): Promise<void> {
  return scope.deps.guards.beforeRows(scope.collection, manager, scope.acc, write);
}

export async function insertOne(scope: ItemsScope, manager: EntityManager, values: Item): Promise<PrimaryKey> {
  await guardRows(scope, manager, { keys: [], values: [values] });
  const collection = collectionOf(scope);
  const raw: unknown = await runSql(manager, compileInsert(scope.deps.dialect, collection, values));
  const explicit = values[collection.primary];
  if (explicit !== undefined && explicit !== null) {
    await syncAutoIncrement(scope, manager, collection);
    return explicit as PrimaryKey;
  }
  const id = scope.deps.dialect.insertedId(raw) ?? (raw as Item[])[0]?.[collection.primary];
  return fromDb(collection.fields[collection.primary].type, id) as PrimaryKey;
}

/** Rows whose key is given, or left to an auto-increment column, can share an INSERT and still name their keys. */
export function bulkInsertable(collection: CollectionOverview, values: Item): boolean {
  const field = collection.fields[collection.primary];
  const key = values[field.field];
  if (!Object.keys(values).length) return false;
  return key === undefined ? field.autoIncrement : key !== null;
}

/**
 * One run of rows with the same columns, in multi-row INSERTs. When rows are reported one by one, a
 * failing INSERT is undone to a savepoint and replayed row by row, so the error names its row.
 */
export async function insertRun(
  scope: ItemsScope,
  manager: EntityManager,
  rows: InsertRow[],
  rowError?: RowErrorHandler,
): Promise<PrimaryKey[]> {
  if (rows.length === 1) return [await insertOne(scope, manager, rows[0].values)];
  if (!rowError) return insertMany(scope, manager, rows);
  const dialect = scope.deps.dialect;
  // One statement that fails has undone itself where the vendor rolls back statements; otherwise (or
  // when earlier statements of the run succeeded) a savepoint undoes the run.
  const savepoint =
    !dialect.statementRollback ||
    rows.length > rowsPerInsert(dialect.maxParameters, Object.keys(rows[0].values).length);
  if (savepoint) await manager.query(savepointSql('set'));
  try {
    const keys = await insertMany(scope, manager, rows);
    if (savepoint) await manager.query(savepointSql('release'));
    return keys;
  } catch (e) {
    if (!(e instanceof QueryFailedError)) throw e;
    if (savepoint) await manager.query(savepointSql('rollback'));
    const keys: PrimaryKey[] = [];
    for (const row of rows) {
      try {
        keys.push(await insertOne(scope, manager, row.values));
      } catch (failed) {
        rowError(row.index, failed);
        throw failed;
      }
    }
    return keys;
  }
}

async function insertMany(scope: ItemsScope, manager: EntityManager, rows: InsertRow[]): Promise<PrimaryKey[]> {
  await guardRows(scope, manager, { keys: [], values: rows.map((row) => row.values) });
  const collection = collectionOf(scope);
  const pk = collection.primary;
  const columns = Object.keys(rows[0].values);
  const explicit = columns.includes(pk);
  const values = new Array<unknown>(rows.length * columns.length);
  let k = 0;
  for (const row of rows) for (const column of columns) values[k++] = row.values[column];
  const generated = await insertRows(
    manager,
    scope.deps.dialect,
    collection.table!,
    columns,
    { width: columns.length, values },
    explicit ? null : pk,
  );
  if (!explicit) return generated.map((id) => fromDb(collection.fields[pk].type, id) as PrimaryKey);
  await syncAutoIncrement(scope, manager, collection);
  return rows.map((row) => row.values[pk] as PrimaryKey);
}

export async function updateRows(
  scope: ItemsScope,
  manager: EntityManager,
  keys: PrimaryKey[],
  values: Item,
): Promise<void> {
  if (!Object.keys(values).length) return;
  await guardRows(scope, manager, { keys, values: [values] });
  const collection = collectionOf(scope);
  for (const part of keyChunks(scope.deps.dialect, keys))
    await runSql(manager, compileUpdate(scope.deps.dialect, collection, values, part));
}

export async function deleteRows(scope: ItemsScope, manager: EntityManager, keys: PrimaryKey[]): Promise<void> {
  await guardRows(scope, manager, { keys, values: [] });
  const collection = collectionOf(scope);
  for (const part of keyChunks(scope.deps.dialect, keys))
    await runSql(manager, compileDelete(scope.deps.dialect, collection, part));
}

/** FORBIDDEN unless every key exists and passes the caller's row filter for the action; answers the keys cast. */
export async function checkKeys(
  scope: ItemsScope,
  access: Access,
  manager: EntityManager,
  keys: PrimaryKey[],
  action: 'update' | 'delete',
): Promise<PrimaryKey[]> {
  const collection = collectionOf(scope);
  const field = collection.fields[collection.primary];
  const unique = [...new Set(keys.map((k) => (validKey(field, k) ? castKey(field, k) : null)))];
  if (unique.some((k) => k === null)) throw new ForbiddenError();
  const filter = rowFilter(access, scope.collection, action);
  let found = 0;
  for (const part of keyChunks(scope.deps.dialect, unique)) {
    const params: Record<string, unknown> = {};
    const ctx = sqlContext(scope.deps.dialect, access.overview, params);
    const where = [inSql(ctx, collection.primary, part)];
    if (filter) where.push(compileFilter(ctx, scope.collection, ROOT, filter) || '1=1');
    const [row] = await runSql(manager, { text: compileCount(ctx, collection, where), params });
    found += Number(row.count);
  }
  if (found !== unique.length) throw new ForbiddenError();
  return unique as PrimaryKey[];
}

/** The keys (cast, as strings) of `column`'s rows among `values` (and with `set` not null), found with one query per chunk. */
export async function existingKeys(
  scope: ItemsScope,
  manager: EntityManager,
  values: unknown[],
  column?: string,
  set?: string,
): Promise<Set<string>> {
  const collection = collectionOf(scope);
  const field = collection.fields[collection.primary];
  const out = new Set<string>();
  for (const part of keyChunks(scope.deps.dialect, [...new Set(values)])) {
    const rows = await runSql(
      manager,
      compileLookup(scope.deps.dialect, collection.table!, [field.field], {
        column: column ?? field.field,
        values: part,
        set,
      }),
    );
    for (const row of rows) out.add(String(castKey(field, fromDb(field.type, row[field.field]) as PrimaryKey)));
  }
  return out;
}

/** Whether `key` names a stored row (a key its column cannot hold names none). */
export async function keyExists(scope: ItemsScope, manager: EntityManager, key: unknown): Promise<boolean> {
  const collection = collectionOf(scope);
  const field = collection.fields[collection.primary];
  if (!validKey(field, key)) return false;
  return (await existingKeys(scope, manager, [castKey(field, key)])).size > 0;
}

/** The key of a singleton's one row, if it has one yet. */
export async function singletonKey(scope: ItemsScope): Promise<PrimaryKey | null> {
  const collection = collectionOf(scope);
  const [row] = await runSql(
    dbOf(scope),
    compileLookup(scope.deps.dialect, collection.table!, [collection.primary], null, 1),
  );
  return row ? (row[collection.primary] as PrimaryKey) : null;
}

export async function lockRow(scope: ItemsScope, key: PrimaryKey): Promise<void> {
  await runSql(dbOf(scope), compileLock(scope.deps.dialect, collectionOf(scope), key));
}
