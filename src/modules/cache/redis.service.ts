import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type Redis from 'ioredis';
import { createRedis } from '../../common/create-redis';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/**
 * Redis connections of this instance (REDIS), closed at shutdown. While Redis is away, commands fail at
 * once rather than wait in a queue, so callers fall back (the cache is bypassed, the system version
 * check skipped) without holding requests; the outage is logged once, and once more when it ends.
 */
@Injectable()
export class RedisService implements OnModuleDestroy {
  private readonly connections: Redis[] = [];
  private down = false;
  private readonly reconnected = new Set<() => void>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: AppLogger,
  ) {}

  get configured(): boolean {
    return this.config.redis !== undefined;
  }

  /** Whether every connection is up: false from the first one lost until all are back. */
  get reachable(): boolean {
    return this.connections.every((c) => c.status === 'ready');
  }

  /** A new connection, ready to use: a subscriber cannot share its connection with commands. */
  async connect(name: string): Promise<Redis> {
    if (!this.config.redis) throw new Error('REDIS is not set');
    const redis = createRedis(this.config.redis, {
      connectionName: `vellum-${name}`,
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      // A Redis that stops answering without closing the connection must not hold requests either.
      commandTimeout: 1000,
      // Reconnect every second at most, forever: Redis coming back must be noticed soon.
      retryStrategy: (attempt) => Math.min(attempt * 200, 1000),
    });
    await redis.connect();
    // After the first connection: a command sent while Redis is away fails now instead of waiting.
    redis.options.enableOfflineQueue = false;
    redis.on('error', () => this.lost());
    redis.on('close', () => this.lost());
    redis.on('ready', () => this.back());
    this.connections.push(redis);
    return redis;
  }

  private lost(): void {
    if (this.down || this.connections.length === 0) return;
    this.down = true;
    this.logger.warn('Redis is unreachable: the data cache is bypassed and other instances are not told of changes until it is back');
  }

  private back(): void {
    if (!this.down || !this.reachable) return;
    this.down = false;
    this.logger.info('Redis is reachable again');
    for (const listener of this.reconnected) listener();
  }

  /**
   * Called when Redis is back after an outage: what it holds may be stale (writes made meanwhile could
   * not invalidate the cache, reloads could not be announced).
   */
  onReconnect(listener: () => void): void {
    this.reconnected.add(listener);
  }

  async onModuleDestroy(): Promise<void> {
    const closing = this.connections.splice(0);
    await Promise.all(closing.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
