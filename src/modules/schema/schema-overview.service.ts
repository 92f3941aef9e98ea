import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { withTypeDefaults } from '../../database/dialects/catalog';
import { DIALECT, Dialect } from '../../database/dialects/dialect';
import { retryWhenBusy } from '../../database/retry-busy';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { SystemCacheService } from '../cache/system-cache.service';
import { CollectionMetaEntity } from './entities/collection-meta.entity';
import { FieldMetaEntity } from './entities/field-meta.entity';
import { RelationMetaEntity } from './entities/relation-meta.entity';
import { buildOverview, OverviewSource } from './lib/build-overview';
import { servedTables } from './lib/served-tables';
import { SchemaOverview } from './schema-overview';
import { SYSTEM_COLLECTIONS } from './system-schema';

/**
 * Holds the current SchemaOverview. Requests read `current`; schema changes call `reload`, which is the
 * one place that introspects the database. Changes made outside Vellum are noticed by comparing the
 * dialect's schema fingerprint with the one the overview was built at (API.md 11.2).
 */
@Injectable()
export class SchemaOverviewService implements OnModuleInit {
  private overview: SchemaOverview | null = null;
  private version = 0;
  private readonly listeners: ((overview: SchemaOverview) => void)[] = [];
  /** The database's schema fingerprint when the overview was built; null before the first build. */
  private fingerprint: string | null = null;
  private lastCheck = 0;
  private checking: Promise<void> | null = null;
  private changing = 0;
  /** Builds are numbered as they start: one that ends after a later-started one is stale and dropped. */
  private started = 0;
  private applied = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly systemCache: SystemCacheService,
    @Inject(DIALECT) private readonly dialect: Dialect,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: AppLogger,
  ) {}

  /**
   * Before a request: without CACHE_SCHEMA the request waits for the check, so it always sees the
   * database's schema; with it, a check runs in the background at most every CACHE_SCHEMA_CHECK_INTERVAL.
   */
  async ensureFresh(): Promise<void> {
    const { schema: cached, schemaCheckInterval } = this.config.cache;
    if (!cached) return this.check();
    if (schemaCheckInterval <= 0 || Date.now() - this.lastCheck < schemaCheckInterval) return;
    this.check().catch((err: unknown) => this.logger.debug({ err }, 'schema freshness check failed'));
  }

  /**
   * Concurrent requests share one check; a changed fingerprint rebuilds the overview here. Skipped while
   * a schema change of this instance runs: its own rebuilds follow it, and one read meanwhile could see
   * the catalog half changed.
   */
  private check(): Promise<void> {
    if (this.changing > 0) return Promise.resolve();
    this.checking ??= (async () => {
      try {
        this.lastCheck = Date.now();
        if ((await this.readFingerprint(this.dataSource.manager)) !== this.fingerprint) await this.reload();
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  /** Around a schema change (SchemaService.run): freshness checks wait for its end. */
  async whileChanging<T>(work: () => Promise<T>): Promise<T> {
    this.changing++;
    try {
      return await work();
    } finally {
      this.changing--;
    }
  }

  private async readFingerprint(manager: EntityManager): Promise<string> {
    const rows = await manager.query<{ fingerprint: string | number | null }[]>(this.dialect.schemaFingerprintSql());
    return String(rows[0]?.fingerprint ?? '');
  }

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
    const ticket = ++this.started;
    // Read first: a change made meanwhile then shows in the next check, never goes unnoticed.
    const fingerprint = await this.readFingerprint(manager);
    const source = await this.readSource(manager);
    if (ticket < this.applied) return this.current;
    this.applied = ticket;
    this.overview = buildOverview({ ...source, version: ++this.version });
    this.fingerprint = fingerprint;
    for (const listener of this.listeners) listener(this.overview);
    return this.overview;
  }

  /** The meta rows and the definitions of every table served (API.md 11.1). */
  private async readSource(manager: EntityManager): Promise<Omit<OverviewSource, 'version'>> {
    // One after the other: a manager of an open transaction has one connection, and pg refuses overlapping queries on it.
    const excluded = new Set(this.config.db.excludeTables);
    const collections = (await manager.getRepository(CollectionMetaEntity).find()).filter(
      (c) => !excluded.has(c.collection),
    );
    const fields = await manager.getRepository(FieldMetaEntity).find({ order: { sort: 'ASC', id: 'ASC' } });
    const relations = await manager.getRepository(RelationMetaEntity).find({ order: { id: 'ASC' } });
    const found = (await manager.query<{ name: string }[]>(this.dialect.allTablesSql())).map((row) => row.name);
    const names = [
      ...new Set([
        ...Object.keys(SYSTEM_COLLECTIONS),
        ...collections.map((c) => c.collection),
        ...servedTables(found, [...excluded]),
      ]),
    ];
    const runner = manager.queryRunner ?? this.dataSource.createQueryRunner();
    try {
      return {
        tables: withTypeDefaults(runner.connection.driver, await this.dialect.readTables(runner, names)),
        collections,
        fields,
        relations,
      };
    } finally {
      if (!manager.queryRunner) await runner.release();
    }
  }
}
