import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CLOCK, Clock } from '../../common/clock';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Dialect, DIALECT } from '../../database/dialects/dialect';
import type { Sql } from '../../database/run-sql';
import { TableWrite, watchWrites } from '../../database/watch-writes';
import { ANY_TABLE, Generations, MemoryGenerations, RedisGenerations } from '../cache/generations';
import { MemoryStore } from '../cache/memory.store';
import { RedisService } from '../cache/redis.service';
import type { SchemaOverview } from '../schema/schema-overview';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { changedTables, countKey, tablesRead } from '../cache/lib/count-key';
import type { GenerationCache } from '../cache/lib/generation-cache';

/** Counts kept per instance: each entry is a key and a number, a few hundred bytes. */
const CAPACITY = 5_000;
/** Statement shapes whose tables are remembered per schema overview; a list's count has a few shapes. */
const SHAPES = 500;

/** Per schema overview: its table names, and the tables each count statement seen so far names. */
interface TableMemo {
  names: string[];
  bySql: Map<string, string[]>;
}

/**
 * The count cache of `meta=filter_count,total_count` (README: count cache). An entry is keyed by the
 * compiled count statement, its bound values (permission filter, variables, search and filter
 * included) and the data generation of every table the statement names. Every statement Vellum runs
 * is watched (watch-writes.ts): once a write is visible, the generations of its table and of the
 * tables its foreign keys cascade to are replaced, before the writer's caller goes on, so no count
 * read after a write is one computed before it. With REDIS the generations are shared by every
 * instance; while Redis cannot be reached counts are computed. CACHE_COUNT_TTL bounds how long a
 * write made outside Vellum can go unseen.
 */
@Injectable()
export class CountCacheService implements OnModuleInit {
  private readonly entries: MemoryStore;
  private generations: Generations = new MemoryGenerations();
  /** A bump that failed: nothing may be served from the cache until every generation is replaced. */
  private unsafe = false;
  private readonly memos = new WeakMap<SchemaOverview, TableMemo>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DIALECT) private readonly dialect: Dialect,
    @InjectDataSource() dataSource: DataSource,
    private readonly overviews: SchemaOverviewService,
    private readonly redis: RedisService,
    private readonly logger: AppLogger,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.entries = new MemoryStore(() => clock.now(), CAPACITY);
    if (this.enabled) watchWrites(dataSource, (writes) => this.written(writes));
  }

  async onModuleInit(): Promise<void> {
    if (!this.enabled || !this.redis.configured) return;
    this.generations = new RedisGenerations(
      await this.redis.connect('count'),
      `${this.config.cache.namespace}:count-generation:`,
    );
    // Writes made while Redis was away, here or on another instance, could not replace their
    // generations: what was cached before is forgotten, and every generation replaced before the next hit.
    this.redis.onReconnect(() => {
      this.unsafe = true;
      void this.entries.deleteByPrefix('');
      void this.written([]);
    });
  }

  private get enabled(): boolean {
    return this.config.cache.countTtl > 0;
  }

  /** The count `sql` answers: from the cache when computed at the current generations, else by `compute`. */
  async count(sql: Sql, compute: () => Promise<number>): Promise<number> {
    const key = this.enabled ? await this.keyOf(sql) : null;
    if (key === null) return compute();
    const [cached] = await this.entries.getMany([key]);
    if (cached !== undefined) return Number(cached);
    const value = await compute();
    await this.entries.set(key, String(value), this.config.cache.countTtl);
    return value;
  }

  /**
   * A value read from `tables` (a settings row, a file row): from `cache` when it was read at their
   * current generations within CACHE_COUNT_TTL, else by `read`. Callers must not change what it answers.
   */
  async cachedRead<T>(cache: GenerationCache<T>, key: string, tables: string[], read: () => Promise<T>): Promise<T> {
    const generation = this.enabled ? await this.generationOf(tables) : null;
    if (generation === null) return read();
    const cached = cache.get(key, generation);
    if (cached !== undefined) return cached;
    const value = await read();
    cache.set(key, generation, value, this.config.cache.countTtl);
    return value;
  }

  /** null when the cache cannot be trusted now (Redis away, a generation not known yet, a failed bump). */
  private async keyOf(sql: Sql): Promise<string | null> {
    const generation = await this.generationOf(this.tablesOf(sql.text));
    return generation && countKey(sql.text, sql.params, [generation]);
  }

  private async generationOf(tables: string[]): Promise<string | null> {
    if (this.redis.configured && !this.redis.reachable) return null;
    if (this.unsafe) await this.written([]);
    if (this.unsafe) return null;
    try {
      const generations = await this.generations.read([ANY_TABLE, ...tables]);
      return generations && generations.join(' ');
    } catch (err) {
      this.logger.debug({ err }, 'data generations could not be read; reading from the database');
      return null;
    }
  }

  /** The tables `sql` reads, remembered per statement text: testing every table name is O(collections). */
  private tablesOf(sql: string): string[] {
    const overview = this.overviews.current;
    let memo = this.memos.get(overview);
    if (!memo) {
      memo = { names: [...overview.collections.values()].flatMap((c) => (c.table ? [c.table] : [])), bySql: new Map() };
      this.memos.set(overview, memo);
    }
    let tables = memo.bySql.get(sql);
    if (!tables) {
      tables = tablesRead(sql, memo.names, (id) => this.dialect.quote(id));
      if (memo.bySql.size >= SHAPES) memo.bySql.delete(memo.bySql.keys().next().value as string);
      memo.bySql.set(sql, tables);
    }
    return tables;
  }

  /** Never throws: the write is done. A failure keeps the cache off until a later bump of everything succeeds. */
  private async written(writes: TableWrite[]): Promise<void> {
    try {
      const changed = this.unsafe ? 'any' : changedTables(writes, this.overviews.current.referencing);
      const names = changed === 'any' ? [ANY_TABLE] : [...changed];
      if (!names.length) return;
      await this.generations.bump(names);
      if (names[0] === ANY_TABLE) this.unsafe = false;
    } catch (err) {
      this.unsafe = true;
      this.logger.debug({ err }, 'count cache generations could not be replaced; counting until they are');
    }
  }
}
