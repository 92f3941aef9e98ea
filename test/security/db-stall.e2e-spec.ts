import { expectError } from '../helpers/expect-error';
import { StallProxy } from '../helpers/stall-proxy';
import { createTestApp, TestApp } from '../helpers/test-app';
import { provisionDatabase, testClient, TestDatabase } from '../helpers/test-database';
import { until } from '../helpers/until';

/** SQLite has no server to stall: the suite's SQLite pass checks the bounds on the shared PostgreSQL. */
const client = testClient() === 'sqlite' ? 'postgres' : testClient();
const ACQUIRE_MS = 1000;
const STATEMENT_MS = 2000;
/** The longest a request may take once the database stalls: a wait for a connection, then one statement. */
const BOUND_MS = ACQUIRE_MS + STATEMENT_MS + 1500;

describe(`a database that accepts connections but never answers (${client})`, () => {
  let database: TestDatabase;
  let proxy: StallProxy;
  let t: TestApp;

  beforeAll(async () => {
    database = await provisionDatabase(client);
    proxy = await StallProxy.start({ host: database.env.DB_HOST, port: Number(database.env.DB_PORT) });
    t = await createTestApp({
      database,
      env: {
        DB_HOST: '127.0.0.1',
        DB_PORT: String(proxy.port),
        DB_ACQUIRE_TIMEOUT: String(ACQUIRE_MS),
        DB_STATEMENT_TIMEOUT: String(STATEMENT_MS),
      },
    });
  });
  afterAll(async () => {
    proxy?.unstall();
    await t?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 SERVICE_UNAVAILABLE within the configured bounds while stalled, and recovers after', async () => {
    expect((await t.as('admin').get('/users')).status).toBe(200);

    proxy.stall();
    // More requests than the pool has connections: some wait for a connection, the others on a statement.
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t
          .as('admin')
          .get('/users')
          .timeout(BOUND_MS * 3)
          .then((res) => ({ res, ms: Date.now() - started })),
      ),
    );
    for (const { res, ms } of answers) {
      await expectError(Promise.resolve(res), 503, 'SERVICE_UNAVAILABLE');
      expect(ms).toBeLessThan(BOUND_MS);
    }

    proxy.unstall();
    let status = 0;
    await until(
      async () =>
        (status = (
          await t
            .as('admin')
            .get('/users')
            .timeout(BOUND_MS * 3)
        ).status) === 200,
      'the server answers again',
      10_000,
      100,
    );
    expect(status).toBe(200);
  });
});
