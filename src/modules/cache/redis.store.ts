import type Redis from 'ioredis';
import type { CacheStore } from './cache-store';

const SCAN_BATCH = 500;

export class RedisStore implements CacheStore {
  constructor(private readonly redis: Redis) {}

  async getMany(keys: string[]): Promise<(string | undefined)[]> {
    const values = await this.redis.mget(keys);
    return values.map((v) => v ?? undefined);
  }

  async set(key: string, value: string, ttl?: number): Promise<void> {
    if (ttl === undefined) await this.redis.set(key, value);
    else await this.redis.set(key, value, 'PX', ttl);
  }

  async setMany(entries: [string, string][]): Promise<void> {
    await this.redis.mset(entries.flat());
  }

  async deleteByPrefix(prefix: string): Promise<void> {
    // SCAN, not KEYS: a large cache must not block Redis for the other instances.
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH);
      if (keys.length > 0) await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}
