import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { withTypeDefaults } from '../../database/dialects/catalog';
import { DIALECT, Dialect } from '../../database/dialects/dialect';
import { retryWhenBusy } from '../../database/retry-busy';
import { SystemCacheService } from '../cache/system-cache.service';
import { CollectionMetaEntity } from './entities/collection-meta.entity';
import { FieldMetaEntity } from './entities/field-meta.entity';
import { RelationMetaEntity } from './entities/relation-meta.entity';
import { buildOverview } from './lib/build-overview';
import { SchemaOverview } from './schema-overview';
import type { CollectionMeta, FieldMeta, RelationMeta } from './schema.types';
import { SYSTEM_COLLECTIONS } from './system-schema';

/**
 * Holds the current SchemaOverview. Requests read `current`; only schema changes call `reload`, which is
 * the one place that introspects the database.
 */
@Injectable()
export class SchemaOverviewService implements OnModuleInit {
  private overview: SchemaOverview | null = null;
  private version = 0;
  private readonly listeners: ((overview: SchemaOverview) => void)[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly systemCache: SystemCacheService,
    @Inject(DIALECT) private readonly dialect: Dialect,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    // A schema change on any instance reloads the overview on all of them (the system cache bus).
    this.systemCache.onReload(async () => {
      await this.reload();
    });
  }

  /** After a committed schema change: rebuild here and on every other instance. */
  async changed(): Promise<void> {
    await this.systemCache.broadcastReload();
  }

  get current(): SchemaOverview {
    if (!this.overview) throw new Error('The schema overview is read before it was built');
    return this.overview;
  }

  /** Called with every new overview (caches that depend on the schema, e.g. permissions). */
  onChange(listener: (overview: SchemaOverview) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Rebuilds from the meta tables and one introspection pass; pass the manager of an open transaction.
   * Outside one, reading the catalog while another transaction holds DDL locks can deadlock on
   * PostgreSQL: the read is repeated a few times rather than failing the request that triggered it.
   */
  async reload(manager?: EntityManager): Promise<SchemaOverview> {
    if (manager) return this.build(manager);
    return retryWhenBusy(this.dialect, () => this.build(this.dataSource.manager));
  }

  private async build(manager: EntityManager): Promise<SchemaOverview> {
    // One after the other: a manager of an open transaction has one connection, and pg refuses overlapping queries on it.
    const collections = await manager.getRepository(CollectionMetaEntity).find();
    const fields = await manager.getRepository(FieldMetaEntity).find({ order: { sort: 'ASC', id: 'ASC' } });
    const relations = await manager.getRepository(RelationMetaEntity).find({ order: { id: 'ASC' } });
    const names = [...new Set([...Object.keys(SYSTEM_COLLECTIONS), ...collections.map((c) => c.collection)])];
    const runner = manager.queryRunner ?? this.dataSource.createQueryRunner();
    try {
      const tables = withTypeDefaults(runner.connection.driver, await this.dialect.readTables(runner, names));
      this.overview = buildOverview({
        tables,
        collections: collections as CollectionMeta[],
        fields: fields as (FieldMeta & { type: string | null })[],
        relations: relations as RelationMeta[],
        version: ++this.version,
      });
    } finally {
      if (!manager.queryRunner) await runner.release();
    }
    for (const listener of this.listeners) listener(this.overview);
    return this.overview;
  }
}
