import Redis from 'ioredis';
import { RedisStore } from '../../src/modules/cache/redis.store';

/** The shared Redis of the test machine; tests keep to a namespace of their own in it. */
export const TEST_REDIS = process.env.REDIS ?? 'redis://127.0.0.1:6379';

/** Removes every key a test's apps wrote under `CACHE_NAMESPACE=namespace`. */
export async function dropRedisNamespace(namespace: string): Promise<void> {
  const redis = new Redis(TEST_REDIS);
  await new RedisStore(redis).deleteByPrefix(`${namespace}:`);
  await redis.quit();
}
