import { runBuiltServerToExit } from '../helpers/spawn-vellum';
import { Api, expectStatus, waitFor } from './lib/api';
import { Fleet } from './lib/fleet';
import { freePort } from './lib/ports';

/** Given although the private cluster trusts every connection: it must show in no log line. */
const DB_PASSWORD = 'fault-suite-db-password';

const attempts = (output: string) => output.split('\n').filter((line) => /is not reachable yet/.test(line));

/**
 * Issue 28: Vellum started before its database accepts connections (docker compose, a first MariaDB
 * initialisation) waits for it with backoff for DB_STARTUP_RETRY_TIMEOUT, one log line per attempt,
 * then serves; without a database it gives up with a message naming the setting, and a non-zero exit.
 */
describe('fault: the database unreachable at start', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await Fleet.start();
    fleet.pg.stop();
  }, 60_000);
  afterAll(() => fleet?.close(), 60_000);

  it('gives up after DB_STARTUP_RETRY_TIMEOUT with a clear message and a non-zero exit code', async () => {
    const started = Date.now();
    const ended = await runBuiltServerToExit(
      fleet.env({ LOG_LEVEL: 'info', DB_PASSWORD, DB_STARTUP_RETRY_TIMEOUT: '2' }),
      await freePort(41000),
      30_000,
    );
    const elapsed = Date.now() - started;
    expect(ended.code).toBe(1);
    const message =
      /Vellum failed to start: The database \(postgres at 127\.0\.0\.1:\d+\) could not be reached within DB_STARTUP_RETRY_TIMEOUT \(2s, (\d+) attempts\)/.exec(
        ended.output,
      );
    expect(message).not.toBeNull();
    // Waits of 0.5 s, 1 s, then what is left of the 2 s: a line for each attempt but the last, which the message reports.
    expect(Number(message![1])).toBeGreaterThanOrEqual(3);
    expect(attempts(ended.output)).toHaveLength(Number(message![1]) - 1);
    expect(elapsed).toBeLessThan(10_000);
    expect(ended.output).not.toContain(DB_PASSWORD);
  }, 40_000);

  it('waits for a database that comes up a few seconds later, then serves', async () => {
    let log = '';
    const starting = fleet.vellum({ LOG_LEVEL: 'info', DB_PASSWORD }, (chunk) => (log += chunk));
    // Started once Vellum has tried three times (0.5 + 1 s of waits), whatever its own start-up took.
    expect(await waitFor(() => attempts(log).length >= 3, 30_000, 50)).toBe(true);
    fleet.pg.start();
    const server = await starting;
    const admin = await new Api(server.url).asAdmin();
    expectStatus(await admin.get('/server/health'), 200, 'health');
    const lines = attempts(server.output());
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.map((line) => JSON.parse(line).attempt)).toEqual(lines.map((_, i) => i + 1));
    expect(server.output()).toMatch(/"msg":"The database \(postgres at [^)]+\) is reachable"/);
    expect(server.output()).not.toContain(DB_PASSWORD);
  }, 60_000);
});
