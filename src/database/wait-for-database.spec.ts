import { AppLogger } from '../common/logging/app-logger';
import { loadConfig } from '../config/load-config';
import { DatabaseStartupError, retryDelay, waitForDatabase } from './wait-for-database';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A clock that moves only when the code under test waits, and a logger that keeps its lines. */
function harness(env: NodeJS.ProcessEnv, outcomes: (Error | null)[]) {
  const config = loadConfig({ DB_CLIENT: 'postgres', DB_DATABASE: 'vellum', DB_PASSWORD: 's3cret-pass', ...env });
  let clock = 0;
  const lines: { level: string; msg: string }[] = [];
  const logger = new AppLogger('silent');
  logger.warn = (_obj, msg) => void lines.push({ level: 'warn', msg: msg ?? '' });
  logger.info = (_obj, msg) => void lines.push({ level: 'info', msg: msg ?? '' });
  const waits: number[] = [];
  let attempts = 0;
  const run = () =>
    waitForDatabase(config, logger, {
      connect: async () => {
        const outcome = outcomes[Math.min(attempts++, outcomes.length - 1)];
        if (outcome) throw outcome;
      },
      now: () => clock,
      wait: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
  return { run, lines, waits, attempts: () => attempts };
}

describe(retryDelay.name, () => {
  it.each([
    [1, 500],
    [2, 1000],
    [3, 2000],
    [4, 4000],
    [5, 5000],
    [20, 5000],
  ])('waits after attempt %i for %i ms', (attempt, ms) => expect(retryDelay(attempt)).toBe(ms));
});

describe(waitForDatabase.name, () => {
  it('tries again while the database refuses connections, one line per failed attempt', async () => {
    const h = harness({}, [refused(), refused(), refused(), null]);
    await h.run();
    expect(h.waits).toEqual([500, 1000, 2000]);
    expect(h.lines.map((l) => l.level)).toEqual(['warn', 'warn', 'warn', 'info']);
    expect(h.lines[0].msg).toMatch(/postgres at 127\.0\.0\.1:5432.*ECONNREFUSED.*attempt 1/);
  });

  it('gives up after DB_STARTUP_RETRY_TIMEOUT with a message naming it', async () => {
    const h = harness({ DB_STARTUP_RETRY_TIMEOUT: '10' }, [refused()]);
    await expect(h.run()).rejects.toThrow(DatabaseStartupError);
    await expect(harness({ DB_STARTUP_RETRY_TIMEOUT: '10' }, [refused()]).run()).rejects.toThrow(
      /within DB_STARTUP_RETRY_TIMEOUT \(10s, 6 attempts\)/,
    );
    // 0.5 + 1 + 2 + 4, then what is left of the 10 s.
    expect(h.waits).toEqual([500, 1000, 2000, 4000, 2500]);
  });

  it('makes one attempt with DB_STARTUP_RETRY_TIMEOUT=0', async () => {
    const h = harness({ DB_STARTUP_RETRY_TIMEOUT: '0' }, [refused()]);
    await expect(h.run()).rejects.toThrow(DatabaseStartupError);
    expect(h.attempts()).toBe(1);
  });

  it('does not wait on a failure waiting cannot fix (a wrong password)', async () => {
    const denied = Object.assign(new Error('password authentication failed for user "postgres"'), { code: '28P01' });
    const h = harness({}, [denied]);
    await expect(h.run()).rejects.toBe(denied);
    expect(h.attempts()).toBe(1);
  });

  it('never writes the password, even when a driver echoes it', async () => {
    const h = harness({ DB_STARTUP_RETRY_TIMEOUT: '1' }, [
      Object.assign(new Error('ECONNRESET while sending s3cret-pass'), { code: 'ECONNRESET' }),
    ]);
    const failure = await h.run().catch((e: Error) => e);
    expect([...h.lines.map((l) => l.msg), (failure as Error).message].join('\n')).not.toContain('s3cret-pass');
  });

  it('does not wait for SQLite', async () => {
    const config = loadConfig({});
    await expect(
      waitForDatabase(config, new AppLogger('silent'), { connect: () => Promise.reject(refused()) }),
    ).resolves.toBeUndefined();
  });
});
