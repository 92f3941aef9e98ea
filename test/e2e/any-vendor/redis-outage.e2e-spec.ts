import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCollection } from '../../factories/collection.factory';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../../helpers/test-app';
import { freePort } from '../../helpers/free-port';
import { startRedis, stop } from '../../helpers/private-redis';
import { until } from '../../helpers/until';

describe('a Redis outage with CACHE_STORE=redis', () => {
  let t: TestApp;
  let redis: ChildProcess;
  let port: number;
  const dir = mkdtempSync(join(tmpdir(), 'vellum-redis-'));
  const health = async () =>
    (await t.as('admin').get('/server/health')).body as {
      status: string;
      checks: Record<string, { status: string }[]>;
    };

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port, dir);
    t = await createTestApp({
      env: {
        REDIS: `redis://127.0.0.1:${port}`,
        CACHE_ENABLED: 'true',
        CACHE_STATUS_HEADER: 'X-Cache',
        CACHE_STORE: 'redis',
      },
    });
    await createCollection(t, 'notes', [{ field: 'text', type: 'string' }]);
    await t.as('admin').post('/items/notes').send({ text: 'before' }).expect(200);
  });
  afterAll(async () => {
    await t.close();
    await stop(redis);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps answering (reads, writes, sign-in) with the cache bypassed, says so in the health report, and recovers when Redis is back', async () => {
    await t.as('admin').get('/items/notes?sort=id').expect(200);
    expect((await t.as('admin').get('/items/notes?sort=id').expect(200)).headers['x-cache']).toBe('HIT');
    expect((await health()).checks['redis:connection'][0].status).toBe('ok');

    await stop(redis);
    const started = performance.now();
    await t.as('admin').post('/items/notes').send({ text: 'during' }).expect(200);
    const during = await t.as('admin').get('/items/notes?sort=id').expect(200);
    expect(during.body.data.map((n: { text: string }) => n.text)).toEqual(['before', 'during']);
    await t.as('anonymous').post('/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
    expect(performance.now() - started).toBeLessThan(5000);
    const degraded = await health();
    expect({ status: degraded.status, redis: degraded.checks['redis:connection'][0].status }).toEqual({
      status: 'warn',
      redis: 'warn',
    });

    redis = await startRedis(port, dir);
    await until(async () => (await health()).status === 'ok', 'the health check ok again', 5_000);
    expect((await health()).checks['redis:connection'][0].status).toBe('ok');
    // The entry cached before the outage does not come back: the write made during it is seen.
    const after = await t.as('admin').get('/items/notes?sort=id').expect(200);
    expect(after.body.data.map((n: { text: string }) => n.text)).toEqual(['before', 'during']);
    expect((await t.as('admin').get('/items/notes?sort=id').expect(200)).headers['x-cache']).toBe('HIT');
  }, 30_000);
});

describe('meta counts across a Redis outage, two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let redis: ChildProcess;
  let port: number;
  const dir = mkdtempSync(join(tmpdir(), 'vellum-redis-'));
  const count = async (t: TestApp) =>
    (await t.as('admin').get('/items/tasks?meta=filter_count&limit=1').expect(200)).body.meta.filter_count as number;
  const redisOk = async (t: TestApp) =>
    (await t.as('admin').get('/server/health')).body.checks['redis:connection'][0].status === 'ok';

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port, dir);
    const env = { REDIS: `redis://127.0.0.1:${port}`, CACHE_COUNT_TTL: '5m' };
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database });
    await createCollection(a, 'tasks', [{ field: 'text', type: 'string' }]);
    await a.as('admin').post('/items/tasks').send({ text: 'before' }).expect(200);
  });
  afterAll(async () => {
    await b.close();
    // The test closes `a` itself; a second close is harmless either way.
    await a.app.close().catch(() => undefined);
    await a.database.drop();
    await stop(redis);
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts while Redis is away, and no instance serves a count cached before a write made during the outage', async () => {
    expect(await count(b)).toBe(1);
    expect(await count(b)).toBe(1);

    await stop(redis);
    await a.as('admin').post('/items/tasks').send({ text: 'during' }).expect(200);
    expect(await count(b)).toBe(2);
    // The writer is gone before Redis is back: it cannot replace the generations itself.
    await a.app.close();

    redis = await startRedis(port, dir);
    await until(() => redisOk(b), 'b reaches Redis again', 5_000);
    expect(await redisOk(b)).toBe(true);
    expect(await count(b)).toBe(2);
  }, 30_000);
});
