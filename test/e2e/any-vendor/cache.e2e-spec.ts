import { Controller, Get, Module, Param } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CacheService } from '../../../src/modules/cache/cache.service';
import { RedisService } from '../../../src/modules/cache/redis.service';
import { SystemCacheService } from '../../../src/modules/cache/system-cache.service';
import { SettingsEntity } from '../../../src/modules/settings/entities/settings.entity';
import { UsersService } from '../../../src/modules/users/users.service';
import { expectError } from '../../helpers/expect-error';
import { dropRedisNamespace } from '../../helpers/redis-namespace';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';
import { until } from '../../helpers/until';

const REDIS = process.env.REDIS ?? 'redis://127.0.0.1:6379';

/** A read of one collection that counts how often it really ran: a cached answer repeats the count. */
let probeReads = 0;
@Controller('cache-probe')
class CacheProbeController {
  @Get(':collection')
  read(@Param('collection') collection: string) {
    return { data: { collection, reads: ++probeReads } };
  }
}
@Module({ controllers: [CacheProbeController] })
class CacheProbeModule {}

/** Renames the project behind the API's back, so a cached answer is told apart from a fresh one. */
async function renameProject(t: TestApp, name: string): Promise<void> {
  await t.app
    .get(DataSource)
    .getRepository(SettingsEntity)
    .createQueryBuilder()
    .update()
    .set({ project_name: name })
    .execute();
}

async function projectName(t: TestApp, who = 'admin', url = '/server/info') {
  const res = await t.as(who).get(url);
  expect(res.status).toBe(200);
  return { name: res.body.data.project.project_name as string, cache: res.headers['x-cache'] as string | undefined };
}

async function signInNonAdmin(t: TestApp): Promise<string> {
  const users = t.app.get(UsersService);
  const role = await users.createRole({ name: uniq('editor'), admin_access: false, app_access: true });
  const email = `${uniq('editor')}@example.com`;
  await users.createUser({ email, password: 'editor-password-1', role: role.id });
  return t.login(email, 'editor-password-1');
}

describe('data cache, two instances on one database and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const namespace = uniq('vellum_test');
  beforeAll(async () => {
    const env = {
      CACHE_ENABLED: 'true',
      CACHE_STATUS_HEADER: 'X-Cache',
      CACHE_STORE: 'redis',
      REDIS,
      CACHE_NAMESPACE: namespace,
      CACHE_TTL: '5m',
    };
    a = await createTestApp({ env, extraModules: [CacheProbeModule] });
    b = await createTestApp({ env, database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropRedisNamespace(namespace);
  });
  beforeEach(async () => {
    await a.as('admin').post('/utils/cache/clear');
  });

  it('answers a repeated GET from the cache, shared by both instances', async () => {
    await renameProject(a, 'First');
    expect(await projectName(a)).toEqual({ name: 'First', cache: 'MISS' });
    await renameProject(a, 'Second');
    expect(await projectName(a)).toEqual({ name: 'First', cache: 'HIT' });
    expect(await projectName(b)).toEqual({ name: 'First', cache: 'HIT' });
  });

  it('a clear on one instance is seen by the other: 200 with an empty body', async () => {
    await renameProject(a, 'Before clear');
    await projectName(b);
    await renameProject(a, 'After clear');
    expect(await projectName(b)).toEqual({ name: 'Before clear', cache: 'HIT' });

    const res = await a.as('admin').post('/utils/cache/clear');
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(await projectName(b)).toEqual({ name: 'After clear', cache: 'MISS' });
  });

  it('a write invalidates cached reads on every instance', async () => {
    await renameProject(a, 'Before write');
    await projectName(a);
    await renameProject(a, 'After write');
    await b.app.get(CacheService).invalidateCollection('svc_settings');
    expect(await projectName(a)).toEqual({ name: 'After write', cache: 'MISS' });
  });

  it("a write invalidates that collection's reads and cross-collection reads, not others", async () => {
    const read = async (url: string) => {
      const res = await a.as('admin').get(url);
      return { reads: res.body.data.reads as number, cache: res.headers['x-cache'] };
    };
    const alpha = await read('/cache-probe/alpha');
    const related = await read('/cache-probe/alpha?fields=id,author.name');
    expect(await read('/cache-probe/alpha')).toEqual({ reads: alpha.reads, cache: 'HIT' });

    await b.app.get(CacheService).invalidateCollection('beta');
    expect(await read('/cache-probe/alpha')).toEqual({ reads: alpha.reads, cache: 'HIT' });
    expect((await read('/cache-probe/alpha?fields=id,author.name')).cache).toBe('MISS');
    expect((await projectName(a)).cache).toBe('MISS');

    await b.app.get(CacheService).invalidateCollection('alpha');
    expect(await read('/cache-probe/alpha')).toEqual({ reads: expect.any(Number), cache: 'MISS' });
    expect(related.reads).toBeGreaterThan(alpha.reads);

    await read('/cache-probe/gamma');
    await b.app.get(CacheService).invalidateCollection('svc_permissions');
    expect((await read('/cache-probe/gamma')).cache).toBe('MISS');
  });

  it('keys entries by caller and by sorted query', async () => {
    await projectName(a, 'admin', '/server/info?a=1&b=2');
    expect((await projectName(a, 'admin', '/server/info?b=2&a=1')).cache).toBe('HIT');
    expect((await projectName(a, 'admin', '/server/info?b=3&a=1')).cache).toBe('MISS');
    const anonymous = await a.as('anonymous').get('/server/info?a=1&b=2');
    expect(anonymous.headers['x-cache']).toBe('MISS');
    expect(anonymous.body.data.version).toBeUndefined();
  });

  it('honours Cache-Control: no-store from the client', async () => {
    await renameProject(a, 'Cached');
    await projectName(a);
    await renameProject(a, 'Fresh');
    const res = await a.as('admin').get('/server/info').set('Cache-Control', 'no-store');
    expect(res.body.data.project.project_name).toBe('Fresh');
    expect(res.headers['x-cache']).toBeUndefined();
  });

  it('never caches /auth, /server/health or /utils', async () => {
    const first = await a.as('anonymous').get('/utils/random/string');
    const second = await a.as('anonymous').get('/utils/random/string');
    expect(first.body.data).not.toBe(second.body.data);
    expect(first.headers['x-cache']).toBeUndefined();
    expect((await a.as('anonymous').get('/server/health')).headers['x-cache']).toBeUndefined();
  });

  it('system=true reloads the system cache on every instance; without it, nothing reloads', async () => {
    const reloads = { a: 0, b: 0 };
    const offA = a.app.get(SystemCacheService).onReload(() => void reloads.a++);
    const offB = b.app.get(SystemCacheService).onReload(() => void reloads.b++);
    try {
      expect((await a.as('admin').post('/utils/cache/clear')).status).toBe(200);
      const res = await a.as('admin').post('/utils/cache/clear?system=true');
      expect([res.status, res.text]).toEqual([200, '']);
      expect(reloads.a).toBe(1);
      await until(() => reloads.b === 1, 'b reloaded');
      // A marker: b handles reload messages in the order sent, so once it holds this second version any
      // stray reload of the clears above has run too.
      expect((await a.as('admin').post('/utils/cache/clear?system=true')).status).toBe(200);
      const marker = a.app.get(SystemCacheService)['loadedVersion'];
      await until(() => b.app.get(SystemCacheService)['loadedVersion'] === marker, 'b reached the marker version');
      expect(reloads).toEqual({ a: 2, b: 2 });
    } finally {
      offA();
      offB();
    }
  });

  it('an instance catches up with a system reload before its next answer', async () => {
    let reloaded = false;
    const off = b.app.get(SystemCacheService).onReload(async () => {
      // The time is the subject: a reload slower than the next request, which must wait for it to end.
      await new Promise((resolve) => setTimeout(resolve, 300));
      reloaded = true;
    });
    try {
      expect((await a.as('admin').post('/utils/cache/clear?system=true')).status).toBe(200);
      expect(reloaded).toBe(false);
      // Any answer that reads system state; not /server/ping, which reads none and never waits on Redis (issue 28).
      expect((await b.as('anonymous').get('/server/info')).status).toBe(200);
      expect(reloaded).toBe(true);
    } finally {
      off();
    }
  });

  it('is admin only: 403 FORBIDDEN for other users and the public', async () => {
    const editor = await signInNonAdmin(a);
    await expectError(a.as(editor).post('/utils/cache/clear'), 403, 'FORBIDDEN');
    await expectError(a.as('anonymous').post('/utils/cache/clear?system=true'), 403, 'FORBIDDEN');
  });
});

describe('data cache when Redis goes away', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        CACHE_ENABLED: 'true',
        CACHE_STATUS_HEADER: 'X-Cache',
        CACHE_STORE: 'redis',
        REDIS,
        CACHE_NAMESPACE: uniq('vellum_test'),
      },
    });
  });
  afterAll(() => t?.close());

  it('answers reads uncached and lets writes succeed', async () => {
    await t.app.get(RedisService).onApplicationShutdown();
    await renameProject(t, 'Without Redis');
    expect((await projectName(t)).name).toBe('Without Redis');
    await expect(t.app.get(CacheService).invalidateCollection('articles')).resolves.toBeUndefined();
    await renameProject(t, 'Still without Redis');
    expect((await projectName(t)).name).toBe('Still without Redis');
  });
});

describe('data cache in Redis named by REDIS_HOST and REDIS_PORT (no REDIS url)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { hostname, port } = new URL(REDIS);
    t = await createTestApp({
      env: {
        CACHE_ENABLED: 'true',
        CACHE_STATUS_HEADER: 'X-Cache',
        CACHE_STORE: 'redis',
        REDIS_HOST: hostname,
        REDIS_PORT: port || '6379',
        CACHE_NAMESPACE: uniq('vellum_test'),
      },
    });
  });
  afterAll(() => t?.close());

  it('caches in Redis', async () => {
    expect(t.config.redis).toBe(`redis://${new URL(REDIS).host}`);
    await renameProject(t, 'Host and port');
    expect(await projectName(t)).toEqual({ name: 'Host and port', cache: 'MISS' });
    expect(await projectName(t)).toEqual({ name: 'Host and port', cache: 'HIT' });
  });
});

describe('data cache in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Long, as in production: the test moves the app's clock past it instead of waiting.
    t = await createTestApp({
      env: { CACHE_ENABLED: 'true', CACHE_STATUS_HEADER: 'X-Cache', CACHE_STORE: 'memory', CACHE_TTL: '5m' },
    });
  });
  afterAll(() => t?.close());

  it('caches, clears and expires after CACHE_TTL', async () => {
    await renameProject(t, 'One');
    expect(await projectName(t)).toEqual({ name: 'One', cache: 'MISS' });
    await renameProject(t, 'Two');
    expect(await projectName(t)).toEqual({ name: 'One', cache: 'HIT' });
    await t.as('admin').post('/utils/cache/clear');
    expect(await projectName(t)).toEqual({ name: 'Two', cache: 'MISS' });
    await renameProject(t, 'Three');
    expect(await projectName(t)).toEqual({ name: 'Two', cache: 'HIT' });
    t.clock.advance(5 * 60_000);
    expect(await projectName(t)).toEqual({ name: 'Three', cache: 'MISS' });
  });
});

describe('the cache status header (CACHE_STATUS_HEADER, as the reference)', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  const boot = async (env: Record<string, string>) => {
    const app = await createTestApp({ env: { CACHE_ENABLED: 'true', CACHE_STORE: 'memory', CACHE_TTL: '5m', ...env } });
    apps.push(app);
    return app;
  };

  it('is sent under the configured name, HIT or MISS', async () => {
    const app = await boot({ CACHE_STATUS_HEADER: 'X-Vellum-Cache' });
    const first = await app.as('admin').get('/server/info').expect(200);
    expect([first.headers['x-vellum-cache'], first.headers['x-cache']]).toEqual(['MISS', undefined]);
    expect((await app.as('admin').get('/server/info').expect(200)).headers['x-vellum-cache']).toBe('HIT');
  });

  it('is not sent when unset, while the cache still answers', async () => {
    const app = await boot({});
    await renameProject(app, 'Cached');
    await projectName(app);
    await renameProject(app, 'Renamed');
    const res = await app.as('admin').get('/server/info').expect(200);
    expect(res.body.data.project.project_name).toBe('Cached');
    expect(Object.keys(res.headers).filter((h) => /cache/i.test(h) && h !== 'cache-control')).toEqual([]);
  });

  it('refuses a value that is no header name at start', async () => {
    await expect(boot({ CACHE_STATUS_HEADER: 'X Cache' })).rejects.toThrow(/CACHE_STATUS_HEADER/);
  });
});

describe('data cache disabled (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('always answers fresh data without a cache status', async () => {
    await renameProject(t, 'Live');
    await projectName(t);
    await renameProject(t, 'Live again');
    expect(await projectName(t)).toEqual({ name: 'Live again', cache: undefined });
  });

  it('still lets admins call clear', async () => {
    const res = await t.as('admin').post('/utils/cache/clear?system');
    expect([res.status, res.text]).toEqual([200, '']);
  });
});
