import type { DataSource, QueryRunner } from 'typeorm';

/** What one statement may change: rows of a table (and what its foreign keys cascade to), or anything. */
export type TableWrite = { table: string; action: 'insert' | 'update' | 'delete' } | 'any';

/** Statements that change no row: reads, transaction control, session settings. */
const READ_ONLY =
  /^(select|show|explain|describe|pragma|savepoint|release|rollback|commit|begin|start\s+transaction|set|values)\b/i;
const IDENTIFIER = String.raw`((?:"(?:[^"]|"")+"|\x60(?:[^\x60]|\x60\x60)+\x60|[\w$]+)(?:\s*\.\s*(?:"(?:[^"]|"")+"|\x60(?:[^\x60]|\x60\x60)+\x60|[\w$]+))?)`;
const WRITES: [RegExp, 'insert' | 'update' | 'delete'][] = [
  [new RegExp(String.raw`^insert\s+(?:ignore\s+)?into\s+${IDENTIFIER}`, 'i'), 'insert'],
  // REPLACE deletes the row it replaces: its foreign keys' ON DELETE rules apply.
  [new RegExp(String.raw`^replace\s+into\s+${IDENTIFIER}`, 'i'), 'delete'],
  [new RegExp(String.raw`^update\s+(?:only\s+)?${IDENTIFIER}`, 'i'), 'update'],
  [new RegExp(String.raw`^delete\s+from\s+(?:only\s+)?${IDENTIFIER}`, 'i'), 'delete'],
];

function unquote(identifier: string): string {
  const last = identifier.match(/("(?:[^"]|"")+"|`(?:[^`]|``)+`|[\w$]+)\s*$/)![1];
  if (last.startsWith('"')) return last.slice(1, -1).replace(/""/g, '"');
  if (last.startsWith('`')) return last.slice(1, -1).replace(/``/g, '`');
  return last;
}

/**
 * What a statement may write: null for one that changes no row, the table of a plain INSERT, UPDATE or
 * DELETE, and 'any' for everything else (DDL, statements this does not recognise), so a count cached
 * on a table is never kept past a change it could not attribute.
 */
export function classifyStatement(sql: string): TableWrite | null {
  const text = sql.replace(/^(\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  if (READ_ONLY.test(text)) return null;
  for (const [pattern, action] of WRITES) {
    const match = text.match(pattern);
    if (match) return { table: unquote(match[1]), action };
  }
  return 'any';
}

export type WritesListener = (writes: TableWrite[]) => Promise<void>;

type Track = <T>(sql: unknown, run: () => Promise<T>) => Promise<T>;
const tracks = new WeakMap<QueryRunner, Track>();

/**
 * Runs `run`, a statement sent on `runner`'s connection without its `query` (a prepared statement of
 * the MySQL dialect), reporting what it writes as `query` would.
 */
export function trackStatement<T>(runner: QueryRunner, sql: string, run: () => Promise<T>): Promise<T> {
  const track = tracks.get(runner);
  return track ? track(sql, run) : run();
}

/**
 * Calls `listener` with what each statement run through `dataSource` may have written, once it is
 * visible to other connections: after the statement outside a transaction, at the end of the
 * outermost transaction inside one (committed or not: a rolled-back write only costs a cache miss,
 * and MySQL commits implicitly before DDL). The listener is awaited, so a write's caller carries on
 * only after it; it must not throw. Every query of TypeORM, the engine and raw SQL passes through a
 * QueryRunner made by the driver, so no write path is left out.
 */
export function watchWrites(dataSource: DataSource, listener: WritesListener): void {
  const driver = dataSource.driver;
  const create = driver.createQueryRunner.bind(driver);
  const watched = new WeakSet<QueryRunner>();
  driver.createQueryRunner = (mode) => {
    const runner = create(mode);
    if (!watched.has(runner)) {
      watched.add(runner);
      watchRunner(runner, listener);
    }
    return runner;
  };
}

/**
 * A statement belongs to the transaction that was open when it started and is still open when it ends.
 * SQLite shares one runner: a statement from outside waits for the open transaction to end (see
 * serialize-sqlite-transactions.ts) and may end inside the next one, so transactions are told apart.
 */
function watchRunner(runner: QueryRunner, listener: WritesListener): void {
  let pending: TableWrite[] = [];
  let transaction = 0;
  const current = () => (runner.isTransactionActive ? transaction : null);
  const start = runner.startTransaction.bind(runner);
  runner.startTransaction = async (level) => {
    await start(level);
    // Asked once started: on SQLite a transaction may have waited for another one to end.
    if ((runner as unknown as { transactionDepth: number }).transactionDepth === 1) transaction++;
  };
  const track: Track = async (sql, run) => {
    const write = typeof sql === 'string' ? classifyStatement(sql) : 'any';
    const opened = current();
    try {
      return await run();
    } finally {
      if (write && opened !== null && opened === current()) pending.push(write);
      else if (write) await listener([write]);
    }
  };
  tracks.set(runner, track);
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) => track(args[0], () => query(...args))) as QueryRunner['query'];
  for (const method of ['commitTransaction', 'rollbackTransaction'] as const) {
    const end = runner[method].bind(runner);
    runner[method] = () =>
      end().finally(async () => {
        if (runner.isTransactionActive || !pending.length) return;
        const writes = pending;
        pending = [];
        await listener(writes);
      });
  }
}
