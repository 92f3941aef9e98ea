import type { EntityManager } from 'typeorm';
import { AppErrorList } from '../../common/errors/app-error';
import { DatabaseBusyError } from '../../common/errors/errors';
import { serializeError } from '../../common/filters/send-error';
import { toAppError } from '../../common/filters/to-app-error';
import type { Filter, Query } from '../../common/query/query.types';
import { Item, ItemsDeps, ItemsService, PrimaryKey } from '../items/items.service';
import type { SchemaOverview } from '../schema/schema-overview';
import type { VersionEntity } from './entities/version.entity';
import { Delta, deltaOf } from './lib/delta';
import { deltaSchemaOf, mapDelta, stripMarkers } from './lib/delta-markers';
import { hideCreatedKeys, RowSchema, VersionedRowsInput, VersionMeta, versionedRows } from './lib/versioned-rows';

export type StoredVersion = Pick<VersionEntity, 'id' | 'key' | 'collection' | 'hash' | 'delta' | 'item'>;

function rowSchemaOf(overview: SchemaOverview): RowSchema {
  return {
    primary: (collection) => overview.collection(collection)?.primary ?? 'id',
    link: (collection, field, row) => {
      if (!overview.isAnyToOne(collection, field)) return overview.relation(collection, field);
      const collectionField = overview.relationEntry(collection, field)?.meta?.one_collection_field;
      const target = collectionField ? row[collectionField] : undefined;
      return typeof target === 'string' ? overview.anyToOne(collection, field, target) : null;
    },
  };
}

/**
 * One read through the versions of a key (API.md 5.7), in a transaction its caller rolls back: `apply`
 * writes each version (each in a savepoint), `listQuery` narrows a list to the versioned items, `answer`
 * adds `$meta` and hides the keys of rows that exist only in the versions. A failing version is shown
 * with `$meta.error`, in a list as in a read of one item (as the reference does).
 */
export class VersionedRead {
  private readonly created = new Map<string, Set<string>>();
  private readonly meta = new Map<string, VersionMeta>();
  private readonly failedValues = new Map<string, Delta>();
  private readonly failedDrafts: VersionedRowsInput['failedDrafts'][number][] = [];
  private readonly overview: SchemaOverview;

  constructor(
    private readonly deps: ItemsDeps,
    private readonly collection: string,
    /** The item of a read of one item; undefined for a list. */
    private readonly item: string | undefined,
  ) {
    this.overview = deps.overviews.current;
  }

  private get primary(): string {
    return this.overview.collection(this.collection)?.primary ?? 'id';
  }

  async apply(manager: EntityManager, versions: StoredVersion[]): Promise<void> {
    for (const version of versions) await this.applyOne(manager, version);
  }

  private async applyOne(manager: EntityManager, version: StoredVersion): Promise<void> {
    const schema = deltaSchemaOf(this.overview);
    const stored = deltaOf(version.delta);
    // As the reference: the delta is told only of a version that changes nothing (empty) or failed.
    const meta: VersionMeta = { version_id: version.id };
    const values = stored ? stripMarkers(stored, this.collection, schema) : {};
    if (!stored && version.item !== null) {
      this.meta.set(version.item, { ...meta, delta: {} });
      return;
    }
    const track = (collection: string, keys: PrimaryKey[]) => {
      const set = this.created.get(collection) ?? new Set<string>();
      for (const key of keys) set.add(String(key));
      this.created.set(collection, set);
    };
    try {
      // A savepoint each: a version that fails leaves the others applied (and PostgreSQL's transaction usable).
      const key = await manager.transaction(async (savepoint) => {
        const items = new ItemsService(this.deps, this.collection, null, savepoint, { onCreated: track });
        if (version.item === null) return String(await items.createOne(values));
        await items.updateOne(version.item, values);
        return version.item;
      });
      this.meta.set(key, meta);
    } catch (e) {
      const delta = mapDelta(stored ?? {}, this.collection, version.item, schema);
      const failed = { ...meta, delta, error: this.errorOf(e) };
      if (version.item === null) this.failedDrafts.push({ meta: failed, values });
      else {
        this.meta.set(version.item, failed);
        this.failedValues.set(version.item, values);
      }
    }
  }

  /**
   * The standard error object of a version that could not be applied. Unexpected errors fail the read, as
   * does a deadlock with a concurrent read (the read is then run again).
   */
  private errorOf(e: unknown): VersionMeta['error'] {
    const error = toAppError(e, '', (err) => this.deps.dialect.translateError(err));
    if (!error || error instanceof DatabaseBusyError) throw e;
    return serializeError(error instanceof AppErrorList ? error.errors[0] : error);
  }

  /** The list query: only the versioned items (and the new items of drafts), their keys read to match `$meta`. */
  listQuery(query: Query): Query {
    const pk = this.primary;
    const keys = [...new Set([...this.meta.keys(), ...(this.created.get(this.collection) ?? [])])];
    const mine: Filter = { [pk]: { _in: keys } };
    const fields = query.fields?.length && !this.asksPrimary(query.fields) ? [pk, ...query.fields] : query.fields;
    return { ...query, fields, filter: query.filter ? { _and: [query.filter, mine] } : mine };
  }

  private asksPrimary(fields: string[]): boolean {
    return fields.some((f) => f === this.primary || f.startsWith('*'));
  }

  /** The read's answer with `$meta` and version-only keys hidden (a list: see versionedRows). */
  answer<T extends { data?: unknown }>(result: T, query: Query): T {
    const schema = rowSchemaOf(this.overview);
    const hide = (row: Item) => hideCreatedKeys(row, this.collection, schema, this.created);
    const data = result.data;
    if (!Array.isArray(data)) {
      if (!data || typeof data !== 'object' || this.item === undefined) return result;
      // The row is matched to its version by its key, added for that when the fields did not ask for it.
      const asked = this.primary in (data as Item);
      const [row] = versionedRows(
        this.rowsInput(
          [asked ? (data as Item) : { ...(data as Item), [this.primary]: this.item }],
          query,
          null,
          hide,
          [],
        ),
      );
      if (!asked) delete row[this.primary];
      return { ...result, data: row };
    }
    // Aggregated rows are no items: nothing to mark, and failed drafts have no count to join.
    if (query.aggregate || query.groupBy) return result;
    const limit = query.limit ?? this.deps.config.query.limitDefault;
    const rows = versionedRows(
      this.rowsInput(data as Item[], query, limit < 0 ? null : limit, hide, this.failedDrafts),
    );
    if (query.fields?.length && !this.asksPrimary(query.fields)) for (const row of rows) delete row[this.primary];
    return { ...result, data: rows };
  }

  private rowsInput(
    rows: Item[],
    query: Query,
    limit: number | null,
    hide: (row: Item) => Item,
    failedDrafts: VersionedRowsInput['failedDrafts'],
  ): VersionedRowsInput {
    return {
      rows,
      primary: this.primary,
      meta: this.meta,
      failedDrafts,
      failedValues: this.failedValues,
      plainFields: this.plainFields(query),
      limit,
      hide,
    };
  }

  /** The fields without a relation the read asks for at its root (all of them for `*`). */
  private plainFields(query: Query): string[] {
    const fields = this.overview.collection(this.collection)?.fields ?? {};
    const root = new Set((query.fields?.length ? query.fields : ['*']).map((f) => f.split('.')[0]));
    return Object.values(fields)
      .filter(
        (f) =>
          f.type !== 'alias' &&
          !this.overview.relation(this.collection, f.field) &&
          !this.overview.isAnyToOne(this.collection, f.field),
      )
      .map((f) => f.field)
      .filter((field) => root.has('*') || root.has(field));
  }
}
