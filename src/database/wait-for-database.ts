import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { isDatabaseUnreachable } from '../common/errors/database-unreachable';
import type { AppLogger } from '../common/logging/app-logger';
import type { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source';

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5000;

/** The wait after failed attempt `attempt` (1, 2, ...): 0.5 s doubling up to 5 s. */
export function retryDelay(attempt: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
}

/** The database stayed out of reach for all of DB_STARTUP_RETRY_TIMEOUT: main.ts prints this message alone. */
export class DatabaseStartupError extends Error {}

export interface WaitOptions {
  /** One connection attempt; resolves once connected. */
  connect?: () => Promise<void>;
  now?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

/** Opens and closes one connection with Vellum's own settings (bounded by DB_ACQUIRE_TIMEOUT). */
async function connectOnce(config: AppConfig): Promise<void> {
  const probe = new DataSource({ ...dataSourceOptions(config), migrations: [], entities: [] });
  await probe.initialize();
  await probe.destroy();
}

/**
 * Waits for the database at start: one that refuses connections, is not resolvable yet or is still
 * starting up (a container started alongside, a first MariaDB initialisation) is tried again with
 * backoff for DB_STARTUP_RETRY_TIMEOUT, one log line per attempt. Any other failure (a wrong password,
 * a missing database) is thrown at once, since waiting cannot fix it. SQLite is a local file: no wait.
 */
export async function waitForDatabase(config: AppConfig, logger: AppLogger, options: WaitOptions = {}): Promise<void> {
  if (config.db.client === 'sqlite') return;
  const { connect = () => connectOnce(config), now = Date.now, wait = sleep } = options;
  const target = `${config.db.client} at ${config.db.host}:${config.db.port}`;
  const limit = config.db.startupRetryTimeout;
  const deadline = now() + limit;
  for (let attempt = 1; ; attempt++) {
    try {
      await connect();
      if (attempt > 1) logger.info({ attempt }, `The database (${target}) is reachable`);
      return;
    } catch (e) {
      if (!isDatabaseUnreachable(e)) throw e;
      const reason = describe(e, config.db.password);
      const delay = Math.min(retryDelay(attempt), deadline - now());
      if (delay <= 0) {
        throw new DatabaseStartupError(
          `The database (${target}) could not be reached within DB_STARTUP_RETRY_TIMEOUT (${limit / 1000}s, ${attempt} attempts): ${reason}`,
        );
      }
      logger.warn(
        { attempt, retryInMs: delay },
        `The database (${target}) is not reachable yet (${reason}); attempt ${attempt}, next in ${delay} ms`,
      );
      await wait(delay);
    }
  }
}

/** The driver's message, never the password even if a driver echoed it. */
function describe(e: unknown, password: string | undefined): string {
  const message = e instanceof Error ? e.message || String((e as { code?: unknown }).code) : String(e);
  return password ? message.split(password).join('***') : message;
}
