import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, QueryRunner, Repository } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { AppErrorList } from '../../common/errors/app-error';
import {
  DatabaseBusyError,
  FailedValidationError,
  ForbiddenError,
  InvalidPayloadError,
  UnprocessableContentError,
  VersionHashMismatchError,
} from '../../common/errors/errors';
import { toAppError } from '../../common/filters/to-app-error';
import type { Query } from '../../common/query/query.types';
import { ItemsFactory } from '../items/items.factory';
import type { Item, ItemsDeps, PrimaryKey } from '../items/items.service';
import { VersionEntity } from './entities/version.entity';
import type { ItemVersionReader, NormalRead } from '../items/item-version-reader';
import { asChanges, Delta, deltaOf, mergeDelta, pickDelta } from './lib/delta';
import { deltaSchemaOf, mapDelta, stampDelta, stripMarkers } from './lib/delta-markers';
import { hashItem } from './lib/hash-item';
import { RESERVED_VERSION_KEYS } from './lib/version-payload';
import { VersionItemsService, VERSIONS } from './version-items.service';
import { StoredVersion, VersionedRead } from './versioned-read';

/** A version of an existing item; `item` null is the draft of a new item. */
type ItemVersion = StoredVersion & { item: string };

/** The columns the version rules work on: the row as stored, raw delta with its markers. */
const STORED: (keyof VersionEntity)[] = ['id', 'key', 'collection', 'item', 'hash', 'delta'];

export interface VersionComparison {
  outdated: boolean;
  mainHash: string;
  current: Item;
  main: Item;
}

/** Content versions (API.md 5): the svc_versions engine, save, compare, promote and reads through a version. */
@Injectable()
export class VersionsService implements ItemVersionReader {
  private readonly deps: ItemsDeps;

  constructor(
    private readonly items: ItemsFactory,
    @InjectRepository(VersionEntity) private readonly versions: Repository<VersionEntity>,
  ) {
    this.deps = items.deps;
  }

  /** svc_versions through the items engine, with the version rules on writes. */
  for(acc: Accountability | null, manager?: EntityManager): VersionItemsService {
    return new VersionItemsService(this.deps, acc, manager);
  }

  /**
   * FORBIDDEN unless the caller may read the version; then the whole row as stored (raw delta with its
   * markers), whatever fields the caller may read.
   */
  private async version(id: string, acc: Accountability): Promise<StoredVersion> {
    const visible = await this.for(acc).readOne(id, { fields: ['id'] });
    return await this.versions.findOneOrFail({ select: STORED, where: { id: String(visible.id) } });
  }

  /** The delta as a write of the item, or null when there is nothing to write. */
  private writable(version: Pick<StoredVersion, 'collection' | 'delta'>): Delta | null {
    const delta = deltaOf(version.delta);
    return delta && stripMarkers(delta, version.collection, deltaSchemaOf(this.deps.overviews.current));
  }

  /** The main item as the caller reads it by default: what hashes are taken of (API.md 5.5). */
  private main(version: ItemVersion, acc: Accountability, manager?: EntityManager): Promise<Item> {
    return this.items.for(version.collection, acc, manager).readOne(version.item);
  }

  /**
   * API.md 5.4: validated like an update of the item, merged over the delta, tracked on the item. A draft
   * of a new item is filled in over several saves, so it is not held to a create's rules until promote.
   */
  async save(id: string, body: unknown, acc: Accountability): Promise<Item> {
    const version = await this.version(id, acc);
    const changes = asChanges(body);
    if (!isItemVersion(version)) return this.store(version, changes, acc);
    const main = await this.main(version, acc);
    // The update itself is the validation (relational payloads included); nothing of it is kept. Values only
    // the validation rules refuse (a required field saved empty) are kept, as the reference keeps them:
    // reads through the version then show them with `$meta.error`, and a promote refuses them.
    await this.rolledBack((manager) =>
      this.items.for(version.collection, null, manager).updateOne(version.item, changes),
    ).catch((e: unknown) => {
      if (!onlyFailedValidation(e)) throw e;
    });
    return { ...main, ...(await this.store(version, changes, acc)) };
  }

  /** The changes merged over the stored delta; tracked on the item when there is one. */
  private store(version: StoredVersion, changes: Delta, acc: Accountability): Promise<Delta> {
    return this.deps.dataSource.transaction(async (manager) => {
      // Concurrent saves of one version queue here and each merges over the delta the previous one left.
      await this.lock(manager, VERSIONS, version.id);
      const { delta: stored } = await manager
        .getRepository(VersionEntity)
        .findOneOrFail({ select: ['id', 'delta'], where: { id: version.id } });
      const schema = deltaSchemaOf(this.deps.overviews.current);
      const merged = mergeDelta(
        stored,
        stampDelta(changes, stored, version.collection, schema, acc.user, new Date().toISOString()),
      );
      await this.items.for(VERSIONS, null, manager).updateOne(version.id, { delta: merged });
      const tracking = this.deps.overviews.current.collection(version.collection)?.accountability ?? null;
      if (tracking && version.item !== null) {
        await this.deps.activity.record(manager, {
          action: 'version_save',
          collection: version.collection,
          item: version.item,
          acc,
          revision: tracking === 'all' ? { data: changes, delta: changes, version: version.id } : undefined,
        });
      }
      return merged;
    });
  }

  /** A draft of a new item has no main item to compare with (403, as on the reference platform). */
  async compare(id: string, acc: Accountability): Promise<VersionComparison> {
    const version = await this.version(id, acc);
    if (!isItemVersion(version)) throw new ForbiddenError();
    const main = await this.main(version, acc);
    const mainHash = hashItem(main);
    const current = mapDelta(
      deltaOf(version.delta) ?? {},
      version.collection,
      version.item,
      deltaSchemaOf(this.deps.overviews.current),
    );
    return { outdated: version.hash !== mainHash, mainHash, current, main };
  }

  /**
   * API.md 5.6: the delta (or its `fields`) written to the main item as the caller's own update, in one
   * transaction, unless the main item changed since the caller took `mainHash`. The version is kept.
   */
  async promote(
    id: string,
    mainHash: string | undefined,
    fields: string[] | undefined,
    acc: Accountability,
  ): Promise<string> {
    const version = await this.version(id, acc);
    if (!isItemVersion(version)) return this.promoteDraft(version, fields, acc);
    if (typeof mainHash !== 'string') throw new InvalidPayloadError('"mainHash" is required');
    if (!(await this.deps.permissions.find(acc, version.collection, 'update'))) throw new ForbiddenError();
    const delta = this.writable(version);
    if (!delta) throw new UnprocessableContentError('No changes to promote');
    await this.deps.dataSource.transaction(async (manager) => {
      // Held until commit: a concurrent write of the item waits, so the hash checked is the one overwritten.
      await this.lock(manager, version.collection, version.item);
      const current = hashItem(await this.main(version, acc, manager));
      // A promote built on an outdated main item would silently drop someone else's edit.
      if (current !== mainHash) throw new VersionHashMismatchError(current);
      await this.items.for(version.collection, acc, manager).updateOne(version.item, pickDelta(delta, fields));
    });
    return version.item;
  }

  /** API.md 5.6: a draft of a new item is created with the caller's rights and the version then names it. */
  private async promoteDraft(
    version: StoredVersion,
    fields: string[] | undefined,
    acc: Accountability,
  ): Promise<string> {
    if (!(await this.deps.permissions.find(acc, version.collection, 'create'))) throw new ForbiddenError();
    const delta = this.writable(version);
    if (!delta) throw new UnprocessableContentError('No changes to promote');
    return this.deps.dataSource.transaction(async (manager) => {
      // Two promotes of one draft must not create the item twice: the second finds it named already.
      await this.lock(manager, VERSIONS, version.id);
      const { item } = await manager
        .getRepository(VersionEntity)
        .findOneOrFail({ select: ['id', 'item'], where: { id: version.id } });
      if (item !== null) throw new UnprocessableContentError('This draft was promoted already');
      const key = String(await this.items.for(version.collection, acc, manager).createOne(pickDelta(delta, fields)));
      await this.items.for(VERSIONS, null, manager).updateOne(version.id, { item: key });
      return key;
    });
  }

  /**
   * API.md 5.7: the versions' deltas are written as an internal write inside a transaction that is always
   * rolled back, and the normal read runs inside it, so `fields`, relations and the caller's permissions
   * apply as they would after a promote (drafts of new items are created there). A list answers only the
   * items that have a version of that key; one item without one is FORBIDDEN.
   */
  async read<T extends { data?: unknown }>(
    collection: string,
    item: string | undefined,
    query: Query,
    acc: Accountability,
    read: NormalRead<T>,
  ): Promise<T> {
    const key = query.version;
    if (!key || RESERVED_VERSION_KEYS.includes(key)) return read(query);
    const target = item ?? (await this.singletonKey(collection));
    const versions = await this.visible(key, collection, target, acc);
    if (target !== undefined && !versions.length) throw new ForbiddenError();
    if (target !== undefined && query.versionRaw) {
      const result = await read(query);
      return { ...result, data: { ...(result.data as Item), ...(this.writable(versions[0]) ?? {}) } };
    }
    // Nothing of a version read is kept, so a read that lost a deadlock to a concurrent one simply runs again.
    for (let attempt = 1; ; attempt++) {
      const versioned = new VersionedRead(this.deps, collection, target);
      try {
        const result = await this.rolledBack(async (manager) => {
          await versioned.apply(manager, versions);
          return read(target === undefined ? versioned.listQuery(query) : query, manager);
        });
        return versioned.answer(result, query);
      } catch (e) {
        if (attempt >= READ_ATTEMPTS || !isBusy(e, this.deps)) throw e;
      }
    }
  }

  /** The versions of `key` on the collection (and item) the caller may read, as stored. */
  private async visible(
    key: string,
    collection: string,
    item: string | undefined,
    acc: Accountability,
  ): Promise<StoredVersion[]> {
    const filter = {
      key: { _eq: key },
      collection: { _eq: collection },
      ...(item !== undefined ? { item: { _eq: item } } : {}),
    };
    const ids = (await this.for(acc).readByQuery({ fields: ['id'], filter, limit: -1 })).map((v) => String(v.id));
    return ids.length ? await this.versions.find({ select: STORED, where: { id: In(ids) } }) : [];
  }

  /** A singleton reads through its one row's versions, as one item does; undefined for other collections or before its row exists. */
  private async singletonKey(collection: string): Promise<string | undefined> {
    const items = this.items.for(collection, null);
    if (!items.schema.singleton) return undefined;
    const row = await items.readSingleton({ fields: [items.primaryKey] });
    const key = row[items.primaryKey];
    return key === null || key === undefined ? undefined : `${key as PrimaryKey}`;
  }

  /** The row's write lock for the rest of the transaction. */
  private lock(manager: EntityManager, collection: string, key: PrimaryKey): Promise<void> {
    return this.items.for(collection, null, manager).lockRow(key);
  }

  private async rolledBack<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const runner = this.deps.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      return await work(runner.manager);
    } finally {
      await endTransaction(runner);
    }
  }
}

/**
 * Rolls the runner's transaction back and releases its connection. MySQL ends a transaction that lost a
 * deadlock by itself, savepoints included, so rolling back to one fails there: a plain ROLLBACK then
 * makes sure the connection goes back to the pool with nothing open, and the deadlock stays the error.
 */
async function endTransaction(runner: QueryRunner): Promise<void> {
  try {
    await runner.rollbackTransaction();
  } catch {
    await runner.query('ROLLBACK').catch(() => undefined);
  } finally {
    await runner.release();
  }
}

/** Tries of a read through a version that deadlocked with another (API.md 5.7). */
const READ_ATTEMPTS = 3;

function isBusy(e: unknown, deps: ItemsDeps): boolean {
  return toAppError(e, '', (err) => deps.dialect.translateError(err)) instanceof DatabaseBusyError;
}

function isItemVersion(version: StoredVersion): version is ItemVersion {
  return version.item !== null;
}

/** Whether an error is nothing but validation rules refusing values (API.md 5.4). */
function onlyFailedValidation(e: unknown): boolean {
  const errors = e instanceof AppErrorList ? e.errors : [e];
  return errors.every((error) => error instanceof FailedValidationError);
}
