import type { EntityManager } from 'typeorm';
import { runSql } from '../../../database/run-sql';
import { keyChunks } from '../../../database/key-lists';
import { compileLookup } from './compile-sql';
import { collectionOf, Item, ItemsScope, PrimaryKey } from './items.types';
import { revisionRow } from './shape-rows';

/**
 * Write stage, bookkeeping: svc_activity rows for every change and svc_revisions rows where the
 * collection keeps them, on the write's manager so they commit with it.
 */

export type Tracking = 'all' | 'activity' | null;

/** What the scope records: nothing for internal calls and bookkeeping writes, else the collection's setting. */
export function tracking(scope: ItemsScope): Tracking {
  if (!scope.acc || scope.options.skipActivity) return null;
  return collectionOf(scope).accountability;
}

/** A created item, with the JSON text of its payload when made ahead (see prepareCreates). */
export interface CreatedRow {
  key: PrimaryKey;
  payload: Item;
  json?: string;
}

/** `bulk`: the rows of one multi-row INSERT, recorded with multi-row INSERTs too. */
export async function recordCreates(
  scope: ItemsScope,
  manager: EntityManager,
  rows: CreatedRow[],
  bulk = false,
): Promise<void> {
  const track = tracking(scope);
  if (!track) return;
  const entries = rows.map((row) => ({
    action: 'create' as const,
    collection: scope.collection,
    item: row.key,
    acc: scope.acc,
    revision: track === 'all' ? { data: row.payload, delta: row.payload, json: row.json } : undefined,
  }));
  if (bulk) await scope.deps.activity.recordMany(manager, entries);
  else for (const entry of entries) await scope.deps.activity.record(manager, entry);
}

/**
 * Each updated item's activity, with its stored row after the update as the revision's data, in
 * multi-row INSERTs: a batch update records as many rows as it changes.
 */
export async function recordUpdates(
  scope: ItemsScope,
  manager: EntityManager,
  keys: PrimaryKey[],
  delta: Item,
): Promise<void> {
  const track = tracking(scope);
  if (!track) return;
  const after = track === 'all' ? await storedRows(scope, manager, keys) : new Map<string, Item>();
  const entries = keys.map((key) => ({
    action: 'update' as const,
    collection: scope.collection,
    item: key,
    acc: scope.acc,
    revision: track === 'all' ? { data: after.get(String(key)) ?? null, delta } : undefined,
  }));
  await scope.deps.activity.recordMany(manager, entries);
}

export async function recordDeletes(scope: ItemsScope, manager: EntityManager, keys: PrimaryKey[]): Promise<void> {
  if (!tracking(scope)) return;
  await scope.deps.activity.recordMany(
    manager,
    keys.map((key) => ({ action: 'delete' as const, collection: scope.collection, item: key, acc: scope.acc })),
  );
}

/** The stored rows (all plain fields, API forms, secrets concealed) for revisions and delete events, by key. */
export async function storedRows(
  scope: ItemsScope,
  manager: EntityManager,
  keys: PrimaryKey[],
): Promise<Map<string, Item>> {
  const collection = collectionOf(scope);
  const out = new Map<string, Item>();
  const fields = Object.values(collection.fields).filter((f) => f.type !== 'alias');
  const names = fields.map((f) => f.field);
  for (const part of keyChunks(scope.deps.dialect, keys)) {
    const rows = await runSql(
      manager,
      compileLookup(scope.deps.dialect, collection.table!, names, { column: collection.primary, values: part }),
    );
    for (const row of rows) {
      const item = revisionRow(fields, row);
      out.set(String(item[collection.primary]), item);
    }
  }
  return out;
}
