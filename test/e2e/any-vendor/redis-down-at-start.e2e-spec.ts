import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { AppLogger } from '../../../src/common/logging/app-logger';
import { createCollection } from '../../factories/collection.factory';
import { freePort } from '../../helpers/free-port';
import { startRedis, stop } from '../../helpers/private-redis';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { until } from '../../helpers/until';

const PASSWORD = 'redis-secret-in-the-url';
const OUTAGE = 'Redis is unreachable: the data cache is bypassed';

/**
 * Redis down when Vellum starts, with every feature that uses it: the start goes on, degraded as during
 * an outage, and Redis is taken up when it comes (cache, counters, the system and realtime channels).
 */
describe('Redis unreachable when Vellum starts', () => {
  let t: TestApp;
  let redis: ChildProcess | undefined;
  let port: number;
  const lines: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'vellum-redis-'));
  const health = async () =>
    (await t.as('admin').get('/server/health').expect(200)).body as {
      status: string;
      checks: Record<string, { status: string }[]>;
    };
  const texts = async () => {
    const res = await t.as('admin').get('/items/notes?sort=id').expect(200);
    return { texts: res.body.data.map((n: { text: string }) => n.text), cache: res.headers['x-cache'] };
  };

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({
      logger: new AppLogger('info', { write: (line: string) => lines.push(line) }),
      env: {
        REDIS: `redis://:${PASSWORD}@127.0.0.1:${port}`,
        CACHE_ENABLED: 'true',
        CACHE_STATUS_HEADER: 'X-Cache',
        CACHE_STORE: 'redis',
        CACHE_COUNT_TTL: '5m',
        RATE_LIMITER_ENABLED: 'true',
        RATE_LIMITER_STORE: 'redis',
        RATE_LIMITER_POINTS: '10000',
        WEBSOCKETS_ENABLED: 'true',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    if (redis) await stop(redis);
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts, answers with the cache bypassed, logs the outage once without the password, and takes Redis up when it comes', async () => {
    const degraded = await health();
    expect({ status: degraded.status, redis: degraded.checks['redis:connection'][0].status }).toEqual({
      status: 'warn',
      redis: 'warn',
    });
    await createCollection(t, 'notes', [{ field: 'text', type: 'string' }]);
    await t.as('admin').post('/items/notes').send({ text: 'before' }).expect(200);
    await texts();
    expect(await texts()).toEqual({ texts: ['before'], cache: 'MISS' });
    expect(lines.filter((l) => l.includes(OUTAGE))).toHaveLength(1);

    redis = await startRedis(port, dir, ['--requirepass', PASSWORD]);
    await until(async () => (await health()).status === 'ok', 'the health check ok once Redis is up', 10_000);
    await texts();
    expect(await texts()).toEqual({ texts: ['before'], cache: 'HIT' });
    // Reloads and item events published by other instances reach this one.
    const client = new Redis(`redis://:${PASSWORD}@127.0.0.1:${port}`);
    const subscribers = await client.call('PUBSUB', 'NUMSUB', 'vellum:system-reload', 'vellum:realtime');
    await client.quit();
    expect(subscribers).toEqual(['vellum:system-reload', 1, 'vellum:realtime', 1]);

    expect(lines.filter((l) => l.includes(OUTAGE))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(PASSWORD))).toEqual([]);
  }, 30_000);
});
