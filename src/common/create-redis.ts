import type Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';

/** ioredis is loaded on first use only: an instance without REDIS should not carry it in memory. */
export function createRedis(url: string, options: RedisOptions): Redis {
  const { default: RedisClient } = require('ioredis') as typeof import('ioredis');
  return new RedisClient(url, options);
}
