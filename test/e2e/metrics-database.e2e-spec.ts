import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../helpers/test-app';

/** The database figures of /metrics on each vendor: SQLite has one connection and no pool to show. */
describe('metrics of the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_ENABLED: 'true' } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.as('admin').get('/metrics');
    expect(res.status).toBe(200);
    return res.text;
  };

  it('show the pool in use and idle where there is one', async () => {
    const pool = (await scrape()).split('\n').filter((line) => line.startsWith('vellum_db_pool_connections{'));
    if (t.config.db.client === 'sqlite') {
      expect(pool).toEqual([]);
    } else {
      expect(pool).toEqual([
        expect.stringMatching(/^vellum_db_pool_connections\{state="in_use"\} \d+$/),
        expect.stringMatching(/^vellum_db_pool_connections\{state="idle"\} [1-9]\d*$/),
      ]);
    }
  });

  it('count the jobs table once for every scrape of the next 15 seconds, not at each scrape', async () => {
    const jobs = (text: string) => text.split('\n').filter((line) => line.startsWith('vellum_jobs{'));
    // Past the figure any earlier scrape left.
    t.clock.advance(15_000);
    expect(jobs(await scrape())).toEqual([]);
    await t.app
      .get(DataSource)
      .createQueryBuilder()
      .insert()
      .into('svc_jobs')
      .values({ id: randomUUID(), type: 'export', collection: 'notes', status: 'completed', rows_done: 0 })
      .execute();
    t.clock.advance(14_000);
    expect(jobs(await scrape())).toEqual([]);
    t.clock.advance(1_000);
    expect(jobs(await scrape())).toEqual(['vellum_jobs{type="export",state="completed"} 1']);
  });
});
