import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, QueryRunner } from 'typeorm';

/**
 * TypeORM runs SQLite on one connection through one shared QueryRunner: two concurrent transactions
 * would nest into each other, and one's rollback would undo the other's writes (or a plain write made
 * meanwhile). So on SQLite a transaction waits for the running one to end, and a query from outside the
 * running transaction waits too. The owner of a transaction is its async context.
 */
export function serializeSqliteTransactions(dataSource: DataSource): void {
  const runner: QueryRunner = dataSource.driver.createQueryRunner('master');
  const owner = new AsyncLocalStorage<symbol>();
  let current: symbol | null = null;
  let idle: Promise<void> = Promise.resolve();
  let markIdle: () => void = () => undefined;

  const waitForOthers = async (me: symbol | undefined): Promise<void> => {
    while (current !== null && current !== me) await idle;
  };
  const acquire = async (token: symbol): Promise<void> => {
    await waitForOthers(token);
    current = token;
    idle = new Promise((resolve) => (markIdle = resolve));
  };
  const releaseWhenDone = () => {
    if (!runner.isTransactionActive && current !== null) {
      current = null;
      markIdle();
    }
  };

  const startTransaction = runner.startTransaction.bind(runner);
  runner.startTransaction = (isolationLevel) => {
    const me = owner.getStore();
    if (runner.isTransactionActive && me !== undefined && me === current) return startTransaction(isolationLevel);
    const token = Symbol('transaction');
    // Synchronously, so the caller's continuation (its queries and its commit) carries the token.
    owner.enterWith(token);
    return acquire(token)
      .then(() => startTransaction(isolationLevel))
      .catch((e: unknown) => {
        releaseWhenDone();
        throw e;
      });
  };
  for (const method of ['commitTransaction', 'rollbackTransaction'] as const) {
    const original = runner[method].bind(runner);
    runner[method] = () => original().finally(releaseWhenDone);
  }
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) => {
    const me = owner.getStore();
    if (current === null || current === me) return query(...args);
    return waitForOthers(me).then(() => query(...args));
  }) as QueryRunner['query'];
}
