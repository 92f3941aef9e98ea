import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { collectionForbidden, InvalidPayloadError, UnprocessableContentError } from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';
import type { Query } from '../../common/query/query.types';
import { chunks } from '../../database/key-lists';
import { Item, ItemsDeps, ItemsService, PrimaryKey, SqlContext } from '../items/items.service';
import { deltaOf } from './lib/delta';
import { deltaSchemaOf, mapDelta } from './lib/delta-markers';
import { hashItem } from './lib/hash-item';
import { checkItemlessKey, parseVersionCreate, parseVersionUpdate } from './lib/version-payload';

export const VERSIONS = 'svc_versions';

/**
 * The items engine over svc_versions with the rules of API.md 5.2/5.3 on every write form: creation
 * checks the body, the collection's versioning, read access to the item and stores the item's hash;
 * updates change `key` and `name` only; `(key, collection, item)` stays unique (422); reads answer the
 * delta mapped for clients.
 */
export class VersionItemsService extends ItemsService {
  constructor(
    private readonly engine: ItemsDeps,
    private readonly caller: Accountability | null,
    private readonly tx?: EntityManager,
  ) {
    super(engine, VERSIONS, caller, tx);
  }

  /** The plain engine on the same collection, caller and transaction. */
  private plain(manager: EntityManager): ItemsService {
    return new ItemsService(this.engine, VERSIONS, this.caller, manager);
  }

  private inTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.tx?.queryRunner?.isTransactionActive) return work(this.tx);
    return (this.tx ?? this.engine.dataSource.manager).transaction(work);
  }

  /** API.md 5.3: the delta as clients read it; its mapping needs the version's collection and item. */
  override async readByQuery(query: Query = {}, extraWhere?: (ctx: SqlContext) => string): Promise<Item[]> {
    const fields = query.fields?.length ? query.fields : ['*'];
    const whole = fields.some((f) => f.startsWith('*'));
    if (query.aggregate || query.groupBy || (!whole && !fields.includes('delta')))
      return super.readByQuery(query, extraWhere);
    const extra = whole ? [] : ['collection', 'item'].filter((f) => !fields.includes(f));
    const rows = await super.readByQuery({ ...query, fields: [...fields, ...extra] }, extraWhere);
    const schema = deltaSchemaOf(this.engine.overviews.current);
    return rows.map((row) => {
      const out = { ...row };
      const delta = deltaOf(row.delta);
      if (delta && typeof row.collection === 'string' && (typeof row.item === 'string' || row.item === null)) {
        out.delta = mapDelta(delta, row.collection, row.item, schema);
      }
      for (const field of extra) delete out[field];
      return out;
    });
  }

  override async createMany(data: Item[]): Promise<PrimaryKey[]> {
    if (!Array.isArray(data)) throw new InvalidPayloadError('Expected an array of versions');
    const rows: Item[] = [];
    for (const body of data) {
      const version = parseVersionCreate(body);
      rows.push({ ...version, hash: await this.mainHash(version.collection, version.item) });
    }
    return this.inTransaction(async (manager) => {
      const keys = await this.plain(manager).createMany(rows);
      await this.assertUnique(manager, keys);
      return keys;
    });
  }

  override async updateMany(keys: PrimaryKey[], data: Item): Promise<PrimaryKey[]> {
    parseVersionUpdate(data);
    return this.inTransaction(async (manager) => {
      const updated = await this.plain(manager).updateMany(keys, data);
      await this.assertUnique(manager, updated);
      await this.assertItemlessDrafts(manager, updated);
      return updated;
    });
  }

  override async updateBatch(items: Item[]): Promise<PrimaryKey[]> {
    if (!Array.isArray(items)) throw new InvalidPayloadError('Expected an array of versions');
    for (const item of items) {
      if (!isPlainObject(item)) throw new InvalidPayloadError('Each version must be an object');
      const { id: _id, ...changes } = item;
      parseVersionUpdate(changes);
    }
    return this.inTransaction(async (manager) => {
      const updated = await this.plain(manager).updateBatch(items);
      await this.assertUnique(manager, updated);
      await this.assertItemlessDrafts(manager, updated);
      return updated;
    });
  }

  /**
   * The hash of the item as the caller reads it (API.md 5.2). Reading first makes an unreadable item
   * FORBIDDEN before the collection's versioning is looked at, as on the reference platform.
   */
  private async mainHash(collection: string, item: string | null): Promise<string | null> {
    const overview = this.engine.overviews.current.collection(collection);
    const readMain = async (): Promise<Item | null> => {
      if (item !== null) return new ItemsService(this.engine, collection, this.caller, this.tx).readOne(item);
      await this.assertCollectionReadable(collection);
      return null;
    };
    // A collection that does not exist is answered as one the caller may not read, not as unversioned.
    if (!overview?.table) throw collectionForbidden(collection);
    if (!overview.meta?.versioning) {
      await readMain();
      throw new UnprocessableContentError(`Content versioning is not enabled for collection "${collection}"`);
    }
    const main = await readMain();
    return main === null ? null : hashItem(main);
  }

  /** A draft of a new item (item null) needs read access to its collection, as the item is not there yet. */
  private async assertCollectionReadable(collection: string): Promise<void> {
    if (!(await this.engine.permissions.find(this.caller, collection, 'read'))) throw collectionForbidden(collection);
  }

  /** Renaming keeps a draft of a new item under the one key such drafts have. */
  private async assertItemlessDrafts(manager: EntityManager, keys: PrimaryKey[]): Promise<void> {
    if (!keys.length) return;
    const rows = await new ItemsService(this.engine, VERSIONS, null, manager).readByQuery({
      fields: ['key'],
      filter: { id: { _in: keys }, item: { _null: true } },
      limit: -1,
    });
    for (const row of rows) checkItemlessKey(String(row.key));
  }

  /** Checked after the write, inside its transaction, so batches and renames are covered alike. */
  private async assertUnique(manager: EntityManager, keys: PrimaryKey[]): Promise<void> {
    if (!keys.length) return;
    const q = (id: string) => this.engine.dataSource.driver.escape(id);
    const same = ['key', 'collection', 'item'].map((c) => `${q('o')}.${q(c)} = ${q('v')}.${q(c)}`).join(' AND ');
    const sql =
      `SELECT ${q('v')}.${q('key')} AS ${q('key')}, ${q('v')}.${q('collection')} AS ${q('collection')}, ${q('v')}.${q('item')} AS ${q('item')} ` +
      `FROM ${q(VERSIONS)} ${q('v')} JOIN ${q(VERSIONS)} ${q('o')} ON ${same} AND ${q('o')}.${q('id')} <> ${q('v')}.${q('id')} ` +
      `WHERE ${q('v')}.${q('id')} IN (:...keys)`;
    for (const part of chunks(keys)) {
      const [query, params] = this.engine.dataSource.driver.escapeQueryWithParameters(sql, { keys: part }, {});
      const [duplicate] = await manager.query<{ key: string; item: string; collection: string }[]>(query, params);
      if (duplicate) {
        throw new UnprocessableContentError(
          `Version "${duplicate.key}" already exists for item "${duplicate.item}" in collection "${duplicate.collection}"`,
        );
      }
    }
  }
}
