import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';
import { until } from '../../helpers/until';
import { createUser } from '../../factories/user.factory';
import { dropRedisNamespace, TEST_REDIS } from '../../helpers/redis-namespace';

const TOKENS = ['scraper-token-one', 'scraper-token-two'];

/** The value of one series in a Prometheus text exposition, 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const seriesOf = (text: string, name: string) =>
  text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));

/** Prometheus metrics at /metrics (METRICS_*), read as a scraper reads them. */
describe('metrics', () => {
  describe('by default', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('do not exist: 404 ROUTE_NOT_FOUND, administrators and tokens included', async () => {
      await expectError(t.as('admin').get('/metrics'), 404, 'ROUTE_NOT_FOUND');
      await expectError(
        t.as('anonymous').get('/metrics').set('Authorization', `Metrics ${TOKENS[0]}`),
        404,
        'ROUTE_NOT_FOUND',
      );
    });
  });

  describe('with METRICS_ENABLED', () => {
    let t: TestApp;
    const scrape = async () => {
      const res = await t.as('anonymous').get('/metrics').set('Authorization', `Metrics ${TOKENS[1]}`);
      expect(res.status).toBe(200);
      return res.text;
    };

    beforeAll(async () => {
      t = await createTestApp({
        env: {
          METRICS_ENABLED: 'true',
          METRICS_TOKENS: TOKENS.join(','),
          METRICS_SCHEDULE: '* * * * * *',
          CACHE_ENABLED: 'true',
        },
      });
    });
    afterAll(() => t.close());

    it('answer a metrics token and an administrator in the Prometheus text format', async () => {
      for (const res of [
        await t.as('anonymous').get('/metrics').set('Authorization', `metrics ${TOKENS[0]}`),
        await t.as('admin').get('/metrics'),
      ]) {
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
        expect(res.text).toMatch(/^# HELP process_cpu_user_seconds_total /m);
        expect(res.text).toMatch(/^nodejs_eventloop_lag_seconds /m);
      }
    });

    it('refuse anyone else with 403 FORBIDDEN', async () => {
      const user = await createUser(t, null);
      await expectError(t.as('anonymous').get('/metrics'), 403, 'FORBIDDEN');
      await expectError(
        t.as('anonymous').get('/metrics').set('Authorization', 'Metrics not-a-token'),
        403,
        'FORBIDDEN',
      );
      await expectError(
        t.as('anonymous').get('/metrics').set('Authorization', `Metrics ${TOKENS[0]} extra`),
        403,
        'FORBIDDEN',
      );
      await expectError(t.as(user.token).get('/metrics'), 403, 'FORBIDDEN');
    });

    it('count and time requests by route template and status', async () => {
      const ok = 'vellum_http_requests_total{method="GET",route="/server/ping",status="200"}';
      const denied = 'vellum_http_requests_total{method="GET",route="/users/:id",status="403"}';
      const before = await scrape();
      for (let i = 0; i < 3; i++) await t.as('anonymous').get('/server/ping');
      for (const id of ['5b2c4a3e-1111-4c4c-8c8c-000000000001', '5b2c4a3e-1111-4c4c-8c8c-000000000002'])
        await t.as('anonymous').get(`/users/${id}`);
      const after = await scrape();
      expect(value(after, ok) - value(before, ok)).toBe(3);
      expect(value(after, denied) - value(before, denied)).toBe(2);
      expect(value(after, ok.replace('requests_total', 'request_duration_seconds_count'))).toBe(value(after, ok));
      expect(after).not.toMatch(/5b2c4a3e/);
    });

    it('keep a bounded set of series whatever paths a client makes up', async () => {
      await t.as('anonymous').get(`/${uniq('warm')}`);
      const before = seriesOf(await scrape(), 'vellum_http_requests_total');
      for (let i = 0; i < 40; i++) await t.as('anonymous').get(`/${uniq('made-up')}/${i}?x=${i}`);
      for (let i = 0; i < 10; i++) await t.as('anonymous').get(`/ITEMS/${uniq('Coll')}`);
      const after = await scrape();
      expect(after).not.toMatch(/made-up|Coll|ITEMS/);
      // At most the series of /items/:collection and of this scrape's own route are new.
      expect(seriesOf(after, 'vellum_http_requests_total').length - before.length).toBeLessThanOrEqual(2);
      expect(
        value(after, 'vellum_http_requests_total{method="GET",route="unmatched",status="404"}'),
      ).toBeGreaterThanOrEqual(41);
    });

    it('count data cache hits and misses, stored upload bytes and failed statements', async () => {
      const before = await scrape();
      const path = `/roles?filter[name][_eq]=${uniq('role')}`;
      await t.as('admin').get(path);
      await t.as('admin').get(path);
      const upload = await t
        .as('admin')
        .post('/files')
        .attach('file', Buffer.alloc(1234, 1), { filename: 'm.bin', contentType: 'application/octet-stream' });
      expect(upload.status).toBe(200);
      // A second user with the admin's address fails on the unique index.
      await t.as('admin').post('/users').send({ email: t.config.admin.email, password: 'another-password' });
      const after = await scrape();
      expect(
        value(after, 'vellum_cache_misses_total') - value(before, 'vellum_cache_misses_total'),
      ).toBeGreaterThanOrEqual(1);
      expect(value(after, 'vellum_cache_hits_total') - value(before, 'vellum_cache_hits_total')).toBeGreaterThanOrEqual(
        1,
      );
      expect(value(after, 'vellum_upload_bytes_total') - value(before, 'vellum_upload_bytes_total')).toBe(1234);
      expect(
        value(after, 'vellum_db_query_errors_total') - value(before, 'vellum_db_query_errors_total'),
      ).toBeGreaterThanOrEqual(1);
      expect(after).toMatch(/^# TYPE vellum_jobs gauge$/m);
    });

    it("run the reference's connection checks on METRICS_SCHEDULE", async () => {
      let text = '';
      await until(
        async () => value((text = await scrape()), `vellum_db_${t.config.db.client}_response_time_ms_count`) >= 1,
        'a scheduled check ran',
      );
      expect(value(text, `vellum_db_${t.config.db.client}_response_time_ms_count`)).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(new RegExp(`^vellum_db_${t.config.db.client}_connection_errors 0$`, 'm'));
      expect(text).toMatch(/^vellum_cache_memory_connection_errors 0$/m);
      expect(text).toMatch(/^vellum_storage_local_connection_errors 0$/m);
    });
  });

  describe('with Redis', () => {
    const namespace = uniq('metrics');
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          METRICS_ENABLED: 'true',
          REDIS: TEST_REDIS,
          CACHE_ENABLED: 'true',
          CACHE_STORE: 'redis',
          CACHE_NAMESPACE: namespace,
        },
      });
    });
    afterAll(async () => {
      await t.close();
      await dropRedisNamespace(namespace);
    });

    it('report whether Redis is reachable, and the Redis cache among the connection checks', async () => {
      const res = await t.as('admin').get('/metrics');
      expect(res.text).toMatch(/^vellum_redis_up 1$/m);
      expect(res.text).toMatch(/^# TYPE vellum_cache_redis_connection_errors counter$/m);
      expect(res.text).toMatch(/^# TYPE vellum_redis_connection_errors counter$/m);
    });
  });
});
