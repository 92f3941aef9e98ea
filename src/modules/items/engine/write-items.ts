import { setImmediate as yieldToIo } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import { isPlainObject } from '../../../common/is-plain-object';
import { Access, loadAccess, requireRule } from './access';
import {
  collectionOf,
  Item,
  ItemsScope,
  PreparedCreate,
  PreparedCreates,
  PrimaryKey,
  RowErrorHandler,
} from './items.types';
import { PayloadPlan, PlanContext, planPayload, preparePayload } from './plan-payload';
import type { PermissionRule } from '../../permissions/permissions.service';
import type { ItemAction } from '../item-events.service';
import { recordCreates, recordDeletes, recordUpdates, storedRows, tracking } from './record-activity';
import { castKey, validKey } from './validate-key';
import {
  hasNestedWrites,
  NestedFields,
  nestedWriteFields,
  NestedWrite,
  writeManyToOne,
  writeOneToMany,
} from './write-nested';
import {
  bulkInsertable,
  checkKeys,
  deleteRows,
  existingKeys,
  InsertRow,
  insertOne,
  insertRun,
  updateRows,
} from './write-rows';

/**
 * A write through its stages: plan the payload (plan-payload.ts), write nested relations
 * (write-nested.ts), write the rows (write-rows.ts) with their activity and revisions
 * (record-activity.ts). Creates of rows with plain values only that share their columns go out in
 * multi-row INSERTs with one bulk activity record; rows with nested relational writes go one by one.
 */

/** Items prepareCreates works through between two looks at pending I/O (about 0.3 ms of work). */
const PREPARE_SLICE = 50;

/** After a committed write: drop cached reads, and reload permissions everywhere when they changed. */
export async function afterWrite(
  scope: ItemsScope,
  action: ItemAction,
  keys: PrimaryKey[],
  rows?: Item[],
): Promise<void> {
  // Every write of every caller (REST, GraphQL, imports, nested writes) passes here with its keys.
  scope.deps.events.written({ collection: scope.collection, action, keys, ...(rows ? { rows } : {}) }, scope.manager);
  const invalidate = () => scope.deps.cache.invalidateCollection(scope.collection);
  await invalidate();
  // Inside a caller's transaction, a read before its commit still sees (and would cache) the old rows.
  if (scope.manager?.queryRunner?.isTransactionActive) scope.deps.events.afterCommit(scope.manager, invalidate);
  // A share's role and scope decide what its sessions read.
  if (['svc_permissions', 'svc_roles', 'svc_policies', 'svc_access', 'svc_shares'].includes(scope.collection))
    await scope.deps.permissions.changed();
}

/** The caller's create plan for the scope's collection; FORBIDDEN without a create permission. */
export async function createPlan(scope: ItemsScope): Promise<PayloadPlan> {
  const access = await loadAccess(scope);
  const rule = requireRule(access, scope.collection, 'create');
  return planPayload(planContext(scope), rule, access.vars, 'create');
}

function planContext(scope: ItemsScope): PlanContext {
  const { deps } = scope;
  return {
    collection: collectionOf(scope),
    overview: deps.overviews.current,
    dialect: deps.dialect,
    user: scope.acc?.user ?? null,
    hash: (value) => deps.hasher.hash(value),
  };
}

/** See ItemsService.prepareCreates. */
export async function prepareCreates(scope: ItemsScope, items: unknown[]): Promise<PreparedCreates> {
  const prepared: PreparedCreates = new Map();
  let plan: PayloadPlan;
  try {
    plan = await createPlan(scope);
  } catch {
    return prepared;
  }
  const nested = nestedWriteFields(scope);
  const revisions = tracking(scope) === 'all';
  let count = 0;
  for (const item of items) {
    // Prepared alongside a write, it lets the write go on as soon as the database answers.
    if (++count % PREPARE_SLICE === 0) await yieldToIo();
    if (hasNestedWrites(nested, item) || prepared.has(item)) continue;
    try {
      const { values, payload } = await preparePayload(plan, item);
      prepared.set(item, { values, payload, json: revisions ? JSON.stringify(payload) : undefined });
    } catch (error) {
      prepared.set(item, { error });
    }
  }
  return prepared;
}

type QueuedRow = InsertRow & PreparedCreate;

/** The rows of a create waiting for their multi-row INSERT, flushed when the columns change. */
class InsertQueue {
  private rows: QueuedRow[] = [];
  private columns: string[] = [];

  constructor(
    private readonly scope: ItemsScope,
    private readonly manager: EntityManager,
    readonly created: PrimaryKey[],
    private readonly rowError?: RowErrorHandler,
  ) {}

  async add(row: QueuedRow): Promise<void> {
    if (!this.sameColumns(row.values)) {
      await this.flush();
      this.columns = Object.keys(row.values);
    }
    this.rows.push(row);
  }

  /** Compared key by key rather than through Object.keys: an import asks this for every row. */
  private sameColumns(values: Item): boolean {
    let i = 0;
    for (const key in values) if (this.columns[i++] !== key) return false;
    return i === this.columns.length;
  }

  async flush(): Promise<void> {
    if (!this.rows.length) return;
    const rows = this.rows;
    this.rows = [];
    const keys = await insertRun(this.scope, this.manager, rows, this.rowError);
    this.created.push(...keys);
    await recordCreates(
      this.scope,
      this.manager,
      rows.map((row, i) => ({ key: keys[i], payload: row.payload, json: row.json })),
      true,
    );
  }
}

/** Creates `data` in order; see ItemsService.createMany for `rowError` and `prepared`. */
export async function createRows(
  write: NestedWrite,
  plan: PayloadPlan,
  data: Item[],
  rowError?: RowErrorHandler,
  prepared?: PreparedCreates,
): Promise<PrimaryKey[]> {
  const { scope, manager } = write;
  const created: PrimaryKey[] = [];
  const queue = new InsertQueue(scope, manager, created, rowError);
  const nested = nestedWriteFields(scope);
  for (let index = 0; index < data.length; index++) {
    try {
      await createRow(write, plan, nested, queue, { index, item: data[index], prepared });
    } catch (e) {
      if (!rowError) throw e;
      rowError(index, e);
    }
  }
  await queue.flush();
  return created;
}

interface CreateItem {
  index: number;
  item: Item;
  prepared?: PreparedCreates;
}

/** Queues one item for a bulk INSERT, or writes it now (keys land in `queue.created` in item order). */
async function createRow(
  write: NestedWrite,
  plan: PayloadPlan,
  nested: NestedFields,
  queue: InsertQueue,
  { index, item, prepared }: CreateItem,
): Promise<void> {
  const { scope, manager } = write;
  if (!hasNestedWrites(nested, item)) {
    const ready = prepared?.get(item);
    // Once only: the same object given twice is two creates (two generated keys, for one).
    prepared?.delete(item);
    if (ready && 'error' in ready) throw ready.error;
    const { values, payload, json }: PreparedCreate = ready ?? (await preparePayload(plan, item));
    if (bulkInsertable(plan.collection, values)) {
      return queue.add({ index, values, payload, json });
    }
    await queue.flush();
    const key = await insertOne(scope, manager, values);
    queue.created.push(key);
    return recordCreates(scope, manager, [{ key, payload }]);
  }
  await queue.flush();
  const plain = await writeManyToOne(write, item);
  const { values, payload } = await preparePayload(plan, plain);
  const key = await insertOne(scope, manager, values);
  queue.created.push(key);
  await writeOneToMany(write, key, plain, 'create');
  await recordCreates(scope, manager, [{ key, payload }]);
}

/** The same `data` into every row of `keys` the caller may update (FORBIDDEN otherwise); answers the keys cast. */
export async function updateItems(
  write: NestedWrite,
  access: Access,
  rule: PermissionRule,
  keys: PrimaryKey[],
  data: Item,
): Promise<PrimaryKey[]> {
  const { scope, manager } = write;
  const checked = await checkKeys(scope, access, manager, keys, 'update');
  const plain = await writeManyToOne(write, data);
  const { values, payload } = await preparePayload(planPayload(planContext(scope), rule, access.vars, 'update'), plain);
  if (checked.length) await updateRows(scope, manager, checked, values);
  for (const key of checked) await writeOneToMany(write, key, plain, 'update');
  await recordUpdates(scope, manager, checked, payload);
  return checked;
}

/**
 * Deletes the rows of `keys` the caller may delete (FORBIDDEN otherwise); answers the keys cast and,
 * while someone listens for writes, the rows as they were (see ItemEvent.rows).
 */
export async function deleteItems(
  scope: ItemsScope,
  access: Access,
  manager: EntityManager,
  keys: PrimaryKey[],
): Promise<{ keys: PrimaryKey[]; rows?: Item[] }> {
  const checked = await checkKeys(scope, access, manager, keys, 'delete');
  const rows = scope.deps.events.listening() ? [...(await storedRows(scope, manager, checked)).values()] : undefined;
  await deleteRows(scope, manager, checked);
  await recordDeletes(scope, manager, checked);
  return { keys: checked, rows };
}

/**
 * Upserts (API.md 2.2 import semantics): items naming a stored key update it, the others are created
 * together (see createRows); an item naming the key of an earlier one updates what that one created.
 */
export interface Upserts {
  write: NestedWrite;
  /** Updates one item through the engine (its rules, nested writes and activity). */
  update(key: PrimaryKey, data: Item): Promise<PrimaryKey>;
  rowError?: RowErrorHandler;
  prepared?: PreparedCreates;
}

/** Answers the keys in item order, and those of the items it created (caches to drop, events to send). */
export async function upsertRows(
  upserts: Upserts,
  items: Item[],
): Promise<{ keys: PrimaryKey[]; created: PrimaryKey[] }> {
  const { write, rowError } = upserts;
  const field = collectionOf(write.scope).fields[collectionOf(write.scope).primary];
  const keyOf = (item: Item): string | null =>
    isPlainObject(item) && validKey(field, item[field.field])
      ? String(castKey(field, item[field.field] as PrimaryKey))
      : null;
  const existing = await existingKeys(
    write.scope,
    write.manager,
    items.map(keyOf).filter((k) => k !== null),
  );
  const out: PrimaryKey[] = [];
  let creates: { index: number; item: Item }[] = [];
  const pending = new Set<string>();
  const created: PrimaryKey[] = [];
  let plan: PayloadPlan | null = null;
  const create = async () => {
    if (!creates.length) return;
    const rows = creates;
    creates = [];
    pending.clear();
    plan ??= await createPlan(write.scope);
    const keys = await createRows(
      write,
      plan,
      rows.map((r) => r.item),
      rowError && ((i, e) => rowError(rows[i].index, e)),
      upserts.prepared,
    );
    for (const key of keys) existing.add(String(castKey(field, key)));
    out.push(...keys);
    created.push(...keys);
  };
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const key = keyOf(item);
    if (key !== null && (pending.has(key) || existing.has(key))) await create();
    if (key === null || !existing.has(key)) {
      creates.push({ index, item });
      if (key !== null) pending.add(key);
      continue;
    }
    const { [field.field]: raw, ...data } = item;
    try {
      out.push(await upserts.update(raw as PrimaryKey, data));
    } catch (e) {
      if (!rowError) throw e;
      rowError(index, e);
    }
  }
  await create();
  return { keys: out, created };
}
