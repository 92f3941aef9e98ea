import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type Redis from 'ioredis';
import { createRedis } from '../../common/create-redis';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/** Redis connections of this instance (REDIS), closed at shutdown. */
@Injectable()
export class RedisService implements OnModuleDestroy {
  private readonly connections: Redis[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return this.config.redis !== undefined;
  }

  /** A new connection, ready to use: a subscriber cannot share its connection with commands. */
  async connect(name: string): Promise<Redis> {
    if (!this.config.redis) throw new Error('REDIS is not set');
    const redis = createRedis(this.config.redis, {
      connectionName: `vellum-${name}`,
      lazyConnect: true,
      // A cache must not hold requests hostage while Redis is away: fail fast, callers fall back.
      maxRetriesPerRequest: 1,
    });
    await redis.connect();
    this.connections.push(redis);
    return redis;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
    this.connections.length = 0;
  }
}
