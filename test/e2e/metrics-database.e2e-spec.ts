import { createTestApp, TestApp } from '../helpers/test-app';

/** The database figures of /metrics on each vendor: SQLite has one connection and no pool to show. */
describe('metrics of the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_ENABLED: 'true' } });
  });
  afterAll(() => t.close());

  it('show the pool in use and idle where there is one', async () => {
    const res = await t.as('admin').get('/metrics');
    expect(res.status).toBe(200);
    const pool = res.text.split('\n').filter((line) => line.startsWith('vellum_db_pool_connections{'));
    if (t.config.db.client === 'sqlite') {
      expect(pool).toEqual([]);
    } else {
      expect(pool).toEqual([
        expect.stringMatching(/^vellum_db_pool_connections\{state="in_use"\} \d+$/),
        expect.stringMatching(/^vellum_db_pool_connections\{state="idle"\} [1-9]\d*$/),
      ]);
    }
  });
});
