import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';
import { isColumn } from '../../common/query/field-ref';
import type { MetaKey, Query } from '../../common/query/query.types';
import { loadAccess, readableDeleted, requireRule } from './engine/access';
import { afterSql, anyOfSql, inSql } from './engine/compile-sql';
import {
  collectionOf,
  CreateOptions,
  Item,
  ItemsDeps,
  ItemsOptions,
  ItemsScope,
  PreparedCreates,
  PrimaryKey,
} from './engine/items.types';
import { checkReadQuery, ExtraWhere, prepareRead, readAggregate, readItems, readMeta } from './engine/run-read';
import { castKey, validKey } from './engine/validate-key';
import {
  afterWrite,
  createPlan,
  createRows,
  deleteItems,
  prepareCreates,
  updateItems,
  upsertRows,
} from './engine/write-items';
import type { NestedWrite } from './engine/write-nested';
import { moveSort } from './engine/move-sort';
import { MutationBudget } from './engine/mutation-budget';
import { assertSystemPayload } from './engine/system-payload';
import { keyExists, lockRow, singletonKey, transaction } from './engine/write-rows';
import { keyPermitted } from './engine/key-permitted';

// Other modules import the engine's types from the facade only, never from ./engine.
export type {
  CreateOptions,
  Item,
  ItemsDeps,
  ItemsOptions,
  PreparedCreates,
  PrimaryKey,
  RowErrorHandler,
} from './engine/items.types';
export type { SqlContext } from './engine/compile-filter';
// What a revision revert (secrets kept as they are) and the live OpenAPI document (required fields) share with the engine.
export { CONCEALED } from './engine/items.types';
export { isSecret } from './engine/shape-rows';
export { requiredFields } from './engine/plan-payload';

/**
 * The items engine for one collection and one caller (docs/ARCHITECTURE.md: items engine): a facade
 * over the stages in ./engine. Plain class made by ItemsFactory.for(). Reads answer plain objects keyed
 * by field; mutations return primary keys, so callers re-read with their own fields and permissions.
 * `acc` null means an internal call: no permission checks and no activity.
 */
export class ItemsService {
  readonly scope: ItemsScope;

  /**
   * `budget`: the MAX_BATCH_MUTATION budget of the mutation this service writes nested rows for; the
   * service's own mutations start a budget of their own without it.
   */
  constructor(
    deps: ItemsDeps,
    readonly collection: string,
    acc: Accountability | null,
    manager?: EntityManager,
    options: ItemsOptions = {},
    private readonly budget?: MutationBudget,
  ) {
    this.scope = { deps, collection, acc, manager, options };
  }

  /** The collection's overview; unknown collections are FORBIDDEN, like missing items. */
  get schema() {
    return collectionOf(this.scope);
  }

  get primaryKey(): string {
    return this.schema.primary;
  }

  /** API.md 1.6 on this collection: filter, search, sort, limit/offset/page, fields, deep, aggregate. */
  async readByQuery(query: Query = {}, extraWhere?: ExtraWhere): Promise<Item[]> {
    if (query.aggregate || query.groupBy) return readAggregate(this.scope, query);
    return readItems(this.scope, query, extraWhere);
  }

  /**
   * readByQuery resumed after the item with primary key `key`, for a read sorted by the primary key
   * alone: the database seeks to the key instead of counting an offset of rows (keyset paging).
   */
  async readAfter(query: Query, key: PrimaryKey): Promise<Item[]> {
    const [only, ...more] = Array.isArray(query.sort) ? query.sort : [];
    if (!only || more.length || !isColumn(only.field, this.primaryKey))
      throw new Error('readAfter needs a read sorted by the primary key alone');
    return this.readByQuery({ ...query, offset: 0, page: undefined }, (ctx) =>
      afterSql(ctx, this.primaryKey, only.order, key),
    );
  }

  async readMany(keys: PrimaryKey[], query: Query = {}): Promise<Item[]> {
    const pk = this.schema.fields[this.primaryKey];
    const cast = keys.filter((k) => validKey(pk, k)).map((k) => castKey(pk, k));
    if (!cast.length) return [];
    const items = await this.readByQuery({ ...query, limit: -1, offset: 0, page: undefined }, (ctx) =>
      anyOfSql(ctx, pk.field, cast),
    );
    if (query.sort?.length || items.some((item) => item[pk.field] === undefined)) return items;
    // Without a sort of their own, callers (re-reads after a write, SEARCH { keys }) get the order they named.
    const position = new Map(cast.map((k, i) => [String(k), i]));
    return items.sort((a, b) => (position.get(String(a[pk.field])) ?? 0) - (position.get(String(b[pk.field])) ?? 0));
  }

  /** FORBIDDEN when the item does not exist or the caller may not read it (API.md 1.5). */
  async readOne(key: PrimaryKey, query: Query = {}): Promise<Item> {
    const pk = this.schema.fields[this.primaryKey];
    if (!validKey(pk, key)) throw new ForbiddenError();
    const [item] = await this.readByQuery({ ...query, limit: 1, offset: 0, page: undefined }, (ctx) =>
      inSql(ctx, pk.field, [castKey(pk, key)]),
    );
    if (!item) throw new ForbiddenError();
    return item;
  }

  /**
   * Refuses up front a query that reading with it would refuse (INVALID_QUERY), so a write that answers
   * with a read-back is not committed behind a 400. FORBIDDEN is left to the read-back (204, API.md 1.1),
   * except for a field that does not exist, refused (403) before anything is written.
   */
  checkReadQuery(query: Query): Promise<void> {
    return checkReadQuery(this.scope, query);
  }

  /**
   * FORBIDDEN (unknown collection, no read permission) or INVALID_QUERY now, as reading with `query`
   * would answer: for work that reads later, after the caller has had an answer (exports).
   */
  async assertReadable(query: Query): Promise<void> {
    await prepareRead(this.scope, query);
  }

  /**
   * For a module that reads a system collection's body into a fixed shape of its own (which would drop
   * what it does not know): INVALID_PAYLOAD naming every member that is no field of the collection, as
   * the engine's own writes refuse them.
   */
  checkSystemPayload(item: unknown, mode: 'create' | 'update'): void {
    assertSystemPayload(this.schema, item, mode);
  }

  /** Whether the caller may `action` the row `key` now: it exists and passes their rule's row filter. */
  permits(action: 'update' | 'delete', key: PrimaryKey): Promise<boolean> {
    return keyPermitted(this.scope, action, key);
  }

  /** The key of the singleton's one row, null while it has none. */
  singletonKey(): Promise<PrimaryKey | null> {
    return singletonKey(this.scope);
  }

  /** The singleton's one row, or its default values when it has none yet. */
  async readSingleton(query: Query = {}): Promise<Item> {
    const [item] = await this.readByQuery({ ...query, limit: 1, offset: 0 });
    if (item) return item;
    const { node } = await prepareRead(this.scope, query);
    const fields = this.schema.fields;
    return Object.fromEntries(node.columns.map((c) => [c.key, fields[c.field].schema?.default_value ?? null]));
  }

  /**
   * A list with the counts `meta` asks for. Outside a transaction the page and the counts are read at
   * the same time, on two pooled connections; a failure of the page wins, as when they ran in turn.
   */
  async readPage(query: Query): Promise<{ data: Item[]; meta?: Partial<Record<MetaKey, number>> }> {
    if (!query.meta?.length) return { data: await this.readByQuery(query) };
    if (this.scope.manager) return { data: await this.readByQuery(query), meta: await this.getMeta(query) };
    const [data, meta] = await Promise.allSettled([this.readByQuery(query), this.getMeta(query)]);
    if (data.status === 'rejected') throw data.reason;
    if (meta.status === 'rejected') throw meta.reason;
    return { data: data.value, meta: meta.value };
  }

  /** `meta=total_count,filter_count` (API.md 1.6). */
  getMeta(query: Query, keys: MetaKey[] = query.meta ?? []): Promise<Partial<Record<MetaKey, number>>> {
    return readMeta(this.scope, query, keys);
  }

  async createOne(data: Item): Promise<PrimaryKey> {
    const [key] = await this.createMany([data]);
    return key;
  }

  /**
   * Creates the items in order. Runs of rows with plain values only (no nested relational objects) that
   * share their columns are written with multi-row INSERTs and one bulk activity record; other rows go
   * one by one. With `rowError`, a row that fails is reported by its index and left out of the answer
   * instead of failing the call (the import collects such errors); throwing from it ends the call.
   */
  async createMany(data: Item[], options: CreateOptions = {}): Promise<PrimaryKey[]> {
    if (!Array.isArray(data)) throw new InvalidPayloadError('Expected an array of items');
    const budget = this.spend(data.length);
    const plan = await createPlan(this.scope);
    const keys = await transaction(this.scope, (manager) =>
      createRows(this.nested(manager, budget), plan, data, options.rowError, options.prepared),
    );
    await afterWrite(this.scope, 'create', keys);
    this.scope.options.onCreated?.(this.collection, keys);
    return keys;
  }

  /**
   * The field rules, presets and database forms of each item as a create, worked out before writing:
   * an import prepares its next batch while the database writes the last. A later createMany or
   * upsertMany of the same item objects, given the answer as `prepared`, uses it (once) for the items it
   * creates and reports an item's error at the same point as it would have found it. Items with nested
   * relational writes are left out (they are prepared after their related rows are written), as are
   * all items when the caller may not create (the write then fails as it would have).
   */
  prepareCreates(items: unknown[]): Promise<PreparedCreates> {
    return prepareCreates(this.scope, items);
  }

  async updateOne(key: PrimaryKey, data: Item): Promise<PrimaryKey> {
    await this.updateMany([key], data);
    return key;
  }

  async updateMany(keys: PrimaryKey[], data: Item): Promise<PrimaryKey[]> {
    if (!Array.isArray(keys)) throw new InvalidPayloadError('"keys" must be an array');
    const budget = this.spend(keys.length);
    const access = await loadAccess(this.scope);
    const rule = requireRule(access, this.collection, 'update');
    const result = await transaction(this.scope, (manager) =>
      updateItems(this.nested(manager, budget), access, rule, keys, data),
    );
    await afterWrite(this.scope, 'update', result);
    return result;
  }

  /** Each object carries its own primary key (API.md 1.7 array form). */
  async updateBatch(items: Item[]): Promise<PrimaryKey[]> {
    if (!Array.isArray(items)) throw new InvalidPayloadError('Expected an array of items');
    const pk = this.primaryKey;
    const keys: PrimaryKey[] = [];
    // Each item is one write, its nested writes more (spent by its updateOne).
    const budget = this.spend(0);
    await transaction(this.scope, async (manager) => {
      const service = this.base(this.collection, manager, budget);
      for (const item of items) {
        if (!isPlainObject(item) || item[pk] === undefined || item[pk] === null)
          throw new InvalidPayloadError(`Each item needs its primary key "${pk}"`);
        const { [pk]: key, ...data } = item;
        keys.push(await service.updateOne(key as PrimaryKey, data));
      }
    });
    return keys;
  }

  async updateByQuery(query: Query, data: Item): Promise<PrimaryKey[]> {
    const keys = await this.keysByQuery(query);
    return keys.length ? this.updateMany(keys, data) : [];
  }

  /** Import semantics (API.md 2.2): update when the item carries an existing primary key, create otherwise. */
  async upsertOne(item: Item): Promise<PrimaryKey> {
    if (!isPlainObject(item)) throw new InvalidPayloadError('An item must be an object');
    const pk = this.primaryKey;
    const key = item[pk] as PrimaryKey | undefined | null;
    return transaction(this.scope, async (manager) => {
      const service = this.base(this.collection, manager);
      if (key === undefined || key === null || !(await keyExists(this.scope, manager, key)))
        return service.createOne(item);
      const data = { ...item };
      delete data[pk];
      return service.updateOne(key, data);
    });
  }

  /**
   * `upsertOne` for each item, in order, with the items to create written together (see createMany);
   * an item naming the key of an earlier one updates what that one created. `rowError` as in createMany.
   */
  async upsertMany(items: Item[], options: CreateOptions = {}): Promise<PrimaryKey[]> {
    if (!Array.isArray(items)) throw new InvalidPayloadError('Expected an array of items');
    const { keys, created } = await transaction(this.scope, (manager) => {
      const service = this.base(this.collection, manager);
      const upserts = {
        write: service.nested(manager),
        update: (key: PrimaryKey, data: Item) => service.updateOne(key, data),
        ...options,
      };
      return upsertRows(upserts, items);
    });
    if (created.length) await afterWrite(this.scope, 'create', created);
    return keys;
  }

  /** Creates the singleton's row on first write, updates it afterwards. */
  async upsertSingleton(data: Item): Promise<PrimaryKey> {
    const key = await singletonKey(this.scope);
    return key !== null ? this.updateOne(key, data) : this.createOne(data);
  }

  async deleteOne(key: PrimaryKey): Promise<PrimaryKey> {
    await this.deleteMany([key]);
    return key;
  }

  async deleteMany(keys: PrimaryKey[]): Promise<PrimaryKey[]> {
    if (!Array.isArray(keys)) throw new InvalidPayloadError('"keys" must be an array');
    this.spend(keys.length);
    const access = await loadAccess(this.scope);
    requireRule(access, this.collection, 'delete');
    const result = await transaction(this.scope, (manager) => deleteItems(this.scope, access, manager, keys));
    // Announced with the keys as the caller gave them (text from a path, numbers from a JSON body), as the reference does.
    await afterWrite(this.scope, 'delete', keys, result.rows);
    return result.keys;
  }

  /**
   * Of the keys of a delete event, those the caller could read, decided on the event's rows as they were
   * (ItemEvent.rows); none without them.
   */
  async readableDeletedKeys(keys: PrimaryKey[], rows: Item[] = []): Promise<PrimaryKey[]> {
    const readable = new Set((await readableDeleted(this.scope, rows)).map((row) => String(row[this.primaryKey])));
    return keys.filter((key) => readable.has(String(key)));
  }

  async deleteByQuery(query: Query): Promise<PrimaryKey[]> {
    const keys = await this.keysByQuery(query);
    return keys.length ? this.deleteMany(keys) : [];
  }

  /** `item` takes the place of `to` in the sort field, the rows between moving up or down (API.md 2). */
  moveSort(item: unknown, to: unknown): Promise<void> {
    return moveSort(this.scope, item, to, (manager, key, data) =>
      this.base(this.collection, manager).updateOne(key, data),
    );
  }

  /** Holds the row's write lock until the scope's transaction ends. */
  lockRow(key: PrimaryKey): Promise<void> {
    return lockRow(this.scope, key);
  }

  /** The plain engine (not a subclass's rules) on `collection`, for this caller, in `manager`'s transaction. */
  private base(collection: string, manager: EntityManager, budget?: MutationBudget): ItemsService {
    return new ItemsService(this.scope.deps, collection, this.scope.acc, manager, this.scope.options, budget);
  }

  private nested(manager: EntityManager, budget?: MutationBudget): NestedWrite {
    return {
      scope: { ...this.scope, manager },
      manager,
      related: (collection) => this.base(collection, manager, budget),
    };
  }

  /** Spends `count` writes of the mutation's budget (a new one at the top of a mutation) and answers it. */
  private spend(count: number): MutationBudget {
    const budget = this.budget ?? new MutationBudget(this.scope.deps.config.query.maxBatchMutation);
    budget.spend(count);
    return budget;
  }

  /** The keys of the items `query` selects for the caller, as `{ query }` batches of every items-like route select them. */
  async keysByQuery(query: Query): Promise<PrimaryKey[]> {
    if (!isPlainObject(query)) throw new InvalidPayloadError('"query" must be an object');
    const pk = this.primaryKey;
    const items = await this.readByQuery({
      ...query,
      fields: [pk],
      aggregate: undefined,
      groupBy: undefined,
      deep: undefined,
    });
    return items.map((i) => i[pk] as PrimaryKey);
  }
}
