import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { RedisService } from './redis.service';

export type ReloadHandler = () => void | Promise<void>;

/**
 * The system cache bus: modules that keep system state in memory (schema overview, permissions,
 * settings) register a reload handler; `broadcastReload()` runs them here and, when REDIS is set, on
 * every other instance.
 *
 * With Redis, each reload stores a new system version. Pub/sub makes the other instances reload at
 * once; in addition `sync()` (run before every request) compares the shared version with the one this
 * instance has loaded, so no instance answers with stale state even if a message is still on its way.
 */
@Injectable()
export class SystemCacheService implements OnModuleInit {
  private readonly handlers = new Set<ReloadHandler>();
  private redis?: Redis;
  private loadedVersion: string | null = null;
  private pending?: { version: string; done: Promise<void> };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redisService: RedisService,
    private readonly logger: AppLogger,
  ) {}

  get channel(): string {
    return `${this.config.cache.namespace}:system-reload`;
  }

  private get versionKey(): string {
    return `${this.config.cache.namespace}:system-version`;
  }

  async onModuleInit(): Promise<void> {
    if (!this.redisService.configured) return;
    const [redis, subscriber] = await Promise.all([
      this.redisService.connect('system'),
      this.redisService.connect('system-subscribe', 'subscriber'),
    ]);
    // This instance loads its state while starting: whatever version is shared now is what it holds.
    // Redis away: none is known, and the state is read again when Redis is back.
    this.loadedVersion = await redis.get(this.versionKey).catch(() => null);
    subscriber.on('message', (channel: string, version: string) => {
      if (channel === this.channel) void this.reloadTo(version);
    });
    await this.redisService.subscribe(subscriber, this.channel);
    this.redis = redis;
    // Reloads announced during an outage were lost: read the state again from the database.
    this.redisService.onReconnect(() => void this.runHandlers());
  }

  /** Registers a handler; the returned function unregisters it. */
  onReload(handler: ReloadHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Reloads here first, so this instance's next answer already uses fresh state, then tells the others. */
  async broadcastReload(): Promise<void> {
    if (!this.redis) return this.runHandlers();
    const version = randomUUID();
    const shared = await this.redis.set(this.versionKey, version).then(
      () => true,
      () => false,
    );
    // Redis away (logged once by RedisService): every instance reloads when it is back.
    if (!shared) return this.runHandlers();
    await this.reloadTo(version);
    // Lost with Redis between the two commands: the others still see the new version in sync().
    await this.redis.publish(this.channel, version).catch(() => undefined);
  }

  /** Catches up with a reload announced by another instance; cheap when nothing changed. */
  async sync(): Promise<void> {
    if (!this.redis) return;
    const version = await this.redis.get(this.versionKey);
    if (version !== null) await this.reloadTo(version);
  }

  private reloadTo(version: string): Promise<void> {
    if (version === this.loadedVersion) return Promise.resolve();
    // Concurrent requests and the pub/sub message for one version share a single reload.
    if (this.pending?.version !== version) {
      // Reloads run one after another, so an older one never finishes last.
      const previous = this.pending?.done ?? Promise.resolve();
      const done = previous
        .then(() => this.runHandlers())
        .then(() => {
          this.loadedVersion = version;
        });
      this.pending = { version, done };
    }
    return this.pending.done;
  }

  private async runHandlers(): Promise<void> {
    for (const handler of this.handlers) {
      try {
        await handler();
      } catch (err) {
        // One module failing to reload must not keep the others on stale state.
        this.logger.error({ err }, 'system cache reload handler failed');
      }
    }
  }
}
