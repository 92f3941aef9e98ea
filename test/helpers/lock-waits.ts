import { DataSource } from 'typeorm';
import type { TestApp } from './test-app';
import { testClient } from './test-database';
import { until } from './until';

// InnoDB's lock-wait tables are a snapshot refreshed only after 0.1 s without a read of them, which a poll
// never leaves; a locking read in progress stands for a waiting one, as the test holds the rows it reads.
// The poll's own connection is left out: its text matches.
const mysqlWaiting = `SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST
  WHERE DB = DATABASE() AND (STATE = 'User lock' OR INFO LIKE '%FOR UPDATE%') AND ID <> CONNECTION_ID()`;

/** Sessions on the app's own database blocked by a lock (a named or advisory lock, or a row lock). */
const WAITING: Record<string, string> = {
  postgres: `SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  mysql: mysqlWaiting,
  mariadb: mysqlWaiting,
};

export interface LockWaits {
  /** Resolves once a statement of the app waits for a lock held elsewhere; fails with `what` otherwise. */
  reached(what: string): Promise<void>;
}

/**
 * Watches for the app blocking on a lock a test holds (a schema lock, a row in an open transaction), so
 * the test lets the lock go exactly while the app waits for it, not after a guessed pause. Start it
 * before sending the request that will block. PostgreSQL and MariaDB show their waiting sessions; on
 * SQLite the app's one connection queues a statement from outside the running transaction
 * (serialize-sqlite-transactions.ts), so any statement the app issues after the start is a waiting one.
 */
export function watchLockWaits(t: TestApp): LockWaits {
  const dataSource = t.app.get(DataSource);
  const sql = WAITING[testClient()];
  if (sql) {
    const waiting = async () => Number((await dataSource.query<{ n: number | string }[]>(sql))[0].n) > 0;
    return { reached: (what) => until(waiting, what) };
  }
  const shared = dataSource.createQueryRunner();
  let issued = 0;
  const restores = (['query', 'startTransaction'] as const).map((method) => {
    const original = shared[method].bind(shared) as (...args: unknown[]) => Promise<unknown>;
    shared[method] = ((...args: unknown[]) => (issued++, original(...args))) as never;
    return () => void (shared[method] = original as never);
  });
  return {
    reached: (what) => until(() => issued > 0, what).finally(() => restores.forEach((restore) => restore())),
  };
}
