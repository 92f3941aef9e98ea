import type { DataSource, QueryRunner } from 'typeorm';
import { DatabaseUnavailableError } from '../common/errors/errors';
import type { Dialect } from './dialects/dialect';

/** ms a request waits for a pooled connection, and for one statement's answer (0: no bound). */
export interface StatementBounds {
  acquireMs: number;
  statementMs: number;
}

type Bound = <T>(run: () => Promise<T>) => Promise<T>;
const bounds = new WeakMap<QueryRunner, Bound>();

/**
 * `work`, or DatabaseUnavailableError (503) once `ms` have passed; `onLate` runs then, so what the
 * work holds (a connection that stopped answering, or one that arrives too late) is cut loose.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, onLate: () => void): Promise<T> {
  if (ms <= 0) return work;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onLate();
      reject(new DatabaseUnavailableError());
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * Runs `run`, a statement sent on `runner`'s connection without its `query` (the MySQL dialect's
 * prepared INSERTs), under the same bound as `query`.
 */
export function boundStatement<T>(runner: QueryRunner, run: () => Promise<T>): Promise<T> {
  const bound = bounds.get(runner);
  return bound ? bound(run) : run();
}

/**
 * A database that accepts connections but never answers (a stalled server, a network that drops
 * packets silently) would hold every request and pooled connection forever: each runner's connection
 * acquisition and each statement get a deadline after which the request fails with 503 and the
 * connection is closed, so the pool opens fresh ones once the database answers again.
 */
export function boundStatements(dataSource: DataSource, dialect: Dialect, limits: StatementBounds): void {
  if (dialect.connectionBounds(limits.acquireMs) === null) return;
  const driver = dataSource.driver;
  const create = driver.createQueryRunner.bind(driver);
  const bound = new WeakSet<QueryRunner>();
  driver.createQueryRunner = (mode) => {
    const runner = create(mode);
    if (!bound.has(runner)) {
      bound.add(runner);
      boundRunner(runner, dialect, limits);
    }
    return runner;
  };
}

function boundRunner(runner: QueryRunner, dialect: Dialect, limits: StatementBounds): void {
  const connect = runner.connect.bind(runner) as () => Promise<unknown>;
  runner.connect = () => {
    const connecting = connect();
    // A connection the pool hands over after the deadline is closed: nobody waits for it any more.
    return withinDeadline(
      connecting,
      limits.acquireMs,
      () =>
        void connecting.then(
          () => dialect.cutConnection(runner),
          () => undefined,
        ),
    );
  };
  const statement: Bound = (run) => withinDeadline(run(), limits.statementMs, () => dialect.cutConnection(runner));
  bounds.set(runner, statement);
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) => statement(() => query(...args))) as QueryRunner['query'];
}
