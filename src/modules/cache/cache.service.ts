import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CLOCK, Clock } from '../../common/clock';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { CacheStore } from './cache-store';
import { ANY_COLLECTION_TAG, invalidatesEverything } from './lib/response-cache-key';
import { MetricsService } from '../../common/metrics/metrics.service';
import { MemoryStore } from './memory.store';
import { RedisService } from './redis.service';
import { RedisStore } from './redis.store';

const ALL_TAG = '';

/**
 * The data cache (CACHE_*): answers of GET reads, shared by every instance with CACHE_STORE=redis.
 *
 * Invalidation works by generations: every entry's key embeds the generation of the whole cache and
 * of its tag (a collection, or ANY_COLLECTION_TAG) current when the read started. Clearing or writing
 * replaces a generation, so older entries can never be read again, not even one a slow read stores
 * after the clear; they expire with their TTL.
 */
@Injectable()
export class CacheService implements OnModuleInit {
  private store: CacheStore;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisService,
    private readonly logger: AppLogger,
    private readonly metrics: MetricsService,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.store = new MemoryStore(() => clock.now());
  }

  async onModuleInit(): Promise<void> {
    if (!this.enabled || this.config.cache.store !== 'redis') return;
    this.store = new RedisStore(await this.redis.connect('cache'));
    this.redis.onReconnect(() => {
      this.clear().catch((err: unknown) =>
        this.logger.warn(
          { err },
          'the data cache could not be cleared after Redis came back; entries expire with CACHE_TTL',
        ),
      );
    });
  }

  get enabled(): boolean {
    return this.config.cache.enabled;
  }

  get statusHeader(): string | null {
    return this.config.cache.statusHeader;
  }

  /** Generations current now for `tag`; pass them to the key of an entry read or written for it. */
  async generations(tag: string): Promise<string[]> {
    const values = await this.store.getMany([this.generationKey(ALL_TAG), this.generationKey(tag)]);
    return values.map((v) => v ?? '0');
  }

  async get<T>(key: string): Promise<T | undefined> {
    const [raw] = await this.store.getMany([this.dataKey(key)]);
    this.metrics.cacheLookup(raw !== undefined);
    return raw === undefined ? undefined : (JSON.parse(raw) as T);
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.store.set(this.dataKey(key), JSON.stringify(value), this.config.cache.ttl);
  }

  /**
   * Forgets cached reads of `collection` and every read that may reach across collections (all of
   * them after a write to permissions, users, roles, schema or settings). The items engine calls this
   * after each committed write; with Redis every instance sees it at once. It never throws: the write
   * is already committed, so a cache failure is logged rather than reported as a failed write.
   */
  async invalidateCollection(collection: string): Promise<void> {
    if (!this.enabled) return;
    try {
      if (invalidatesEverything(collection)) return await this.clear();
      await this.store.setMany([
        [this.generationKey(collection), randomUUID()],
        [this.generationKey(ANY_COLLECTION_TAG), randomUUID()],
      ]);
    } catch (err) {
      // During a Redis outage (logged once by RedisService) the whole cache is cleared when it is back.
      if (this.redis.configured && !this.redis.reachable) return;
      this.logger.error(
        { err, collection },
        'data cache invalidation failed; cached reads may be stale until CACHE_TTL',
      );
    }
  }

  /** Empties the data cache (POST /utils/cache/clear). */
  async clear(): Promise<void> {
    await this.store.set(this.generationKey(ALL_TAG), randomUUID());
    // The new generation already hides every entry; deleting them only gives the memory back.
    await this.store.deleteByPrefix(this.dataKey('')).catch((err: unknown) => {
      this.logger.warn({ err }, 'data cache entries could not be deleted; they expire with CACHE_TTL');
    });
  }

  /** Writes and reads back one short-lived entry: the metrics' connection check of the store. */
  async probe(): Promise<void> {
    const key = `${this.config.cache.namespace}:metrics-probe`;
    await this.store.set(key, String(Date.now()), 5000);
    await this.store.getMany([key]);
  }

  private dataKey(key: string): string {
    return `${this.config.cache.namespace}:data:${key}`;
  }

  private generationKey(tag: string): string {
    return `${this.config.cache.namespace}:generation:${tag}`;
  }
}
