import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Dialect, DIALECT } from '../../database/dialects/dialect';
import { ActivityService } from '../activity/activity.service';
import { CacheService } from '../cache/cache.service';
import { HashService } from '../hash/hash.service';
import { PermissionsService } from '../permissions/permissions.service';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { CountCacheService } from './count-cache.service';
import { ItemEventsService } from './item-events.service';
import { ItemsDeps, ItemsOptions, ItemsService } from './items.service';
import { ROW_WRITE_GUARDS, RowWriteGuards } from './row-write-guards';

/**
 * Makes an ItemsService per collection and caller, so one singleton graph serves any number of dynamic
 * collections. Pass the manager of an open transaction to make the writes part of it.
 */
@Injectable()
export class ItemsFactory {
  /** Shared with engines that extend ItemsService (versions), so they need not inject the same services again. */
  readonly deps: ItemsDeps;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(DIALECT) dialect: Dialect,
    @Inject(APP_CONFIG) config: AppConfig,
    overviews: SchemaOverviewService,
    permissions: PermissionsService,
    activity: ActivityService,
    hasher: HashService,
    cache: CacheService,
    events: ItemEventsService,
    counts: CountCacheService,
    @Inject(ROW_WRITE_GUARDS) guards: RowWriteGuards,
  ) {
    this.deps = {
      dataSource,
      dialect,
      config,
      overviews,
      permissions,
      activity,
      hasher,
      cache,
      counts,
      events,
      guards,
    };
  }

  for(collection: string, acc: Accountability | null, manager?: EntityManager, options?: ItemsOptions): ItemsService {
    return new ItemsService(this.deps, collection, acc, manager, options);
  }
}
