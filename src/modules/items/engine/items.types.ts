import type { DataSource, EntityManager } from 'typeorm';
import type { Accountability } from '../../../common/accountability';
import { collectionForbidden } from '../../../common/errors/errors';
import type { AppConfig } from '../../../config/app-config';
import type { Dialect } from '../../../database/dialects/dialect';
import type { ActivityService } from '../../activity/activity.service';
import type { CacheService } from '../../cache/cache.service';
import type { CountCacheService } from '../count-cache.service';
import type { HashService } from '../../hash/hash.service';
import type { ItemEventsService } from '../item-events.service';
import type { PermissionsService } from '../../permissions/permissions.service';
import type { RowWriteGuards } from '../row-write-guards';
import type { SchemaOverviewService } from '../../schema/schema-overview.service';
import type { CollectionOverview } from '../../schema/schema.types';

export type PrimaryKey = string | number;
export type Item = Record<string, unknown>;

/** The singletons ItemsService needs; ItemsFactory holds them. */
export interface ItemsDeps {
  dataSource: DataSource;
  overviews: SchemaOverviewService;
  dialect: Dialect;
  permissions: PermissionsService;
  activity: ActivityService;
  hasher: HashService;
  cache: CacheService;
  counts: CountCacheService;
  config: AppConfig;
  events: ItemEventsService;
  guards: RowWriteGuards;
}

export interface ItemsOptions {
  /** Skip svc_activity/svc_revisions for this service (internal bookkeeping writes). */
  skipActivity?: boolean;
  /**
   * Told of the keys each create of this service and of its nested writes made (reads through a version
   * answer the rows that exist only in the version with null keys, API.md 5.7).
   */
  onCreated?: (collection: string, keys: PrimaryKey[]) => void;
}

/**
 * One collection, one caller, one optional transaction: what every stage of the engine works in.
 * `acc` null means an internal call: no permission checks and no activity.
 */
export interface ItemsScope {
  readonly deps: ItemsDeps;
  readonly collection: string;
  readonly acc: Accountability | null;
  readonly manager?: EntityManager;
  readonly options: ItemsOptions;
}

/** Reports the failure of the item at `index` of a batch (see ItemsService.createMany). */
export type RowErrorHandler = (index: number, error: unknown) => void;

export interface CreateOptions {
  rowError?: RowErrorHandler;
  /** Creates worked out ahead (see ItemsService.prepareCreates), by item. */
  prepared?: PreparedCreates;
}

/** What creating an item takes before the database is involved, or the error it fails with. */
export type PreparedCreates = Map<unknown, PreparedCreate | { error: unknown }>;

export interface PreparedCreate {
  values: Item;
  payload: Item;
  /** The payload as the JSON text of its revision, where revisions are kept. */
  json?: string;
}

/** Hashed and concealed values never leave the server in plain text (API.md 11). */
export const CONCEALED = '**********';

export const NUMERIC_TYPES: ReadonlySet<string> = new Set(['integer', 'bigInteger', 'float', 'decimal']);

/** The collection's overview; unknown collections are FORBIDDEN, like missing items. */
export function collectionOf(scope: ItemsScope): CollectionOverview {
  const collection = scope.deps.overviews.current.collection(scope.collection);
  if (!collection || !collection.table) throw collectionForbidden(scope.collection);
  return collection;
}

export function dbOf(scope: ItemsScope): EntityManager {
  return scope.manager ?? scope.deps.dataSource.manager;
}
