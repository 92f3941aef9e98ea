import type { QueryRunner, Table } from 'typeorm';
import type { Dialect } from '../../../database/dialects/dialect';

/** One DDL statement as TypeORM builds it. */
export interface DdlStatement {
  query: string;
  parameters?: unknown[];
}

/** A statement of a run of schema apply steps, with the step it belongs to (named when it fails). */
export interface StepStatement extends DdlStatement {
  step: number;
}

/** The statements TypeORM's createTable runs for `table`, built without running them. */
export async function createTableDdl(runner: QueryRunner, table: Table): Promise<DdlStatement[]> {
  runner.enableSqlMemory();
  try {
    await runner.createTable(table);
    return runner.getMemorySql().upQueries.map(({ query, parameters }) => ({ query, parameters }));
  } finally {
    runner.disableSqlMemory();
  }
}

const SAVEPOINT = 'vellum_ddl';

/**
 * Runs `statements` in order inside the caller's transaction. Where the vendor takes several statements
 * in one query, they go in one round trip (fifty tables' DDL cost fifty round trips otherwise), behind a
 * savepoint: when one fails, the script is undone and the statements run again one by one, so the
 * failing statement's step is reported (`onStep` is told each statement's step before it runs) with
 * its own error, as when they ran one by one in the first place.
 */
export async function runDdl(
  runner: QueryRunner,
  dialect: Dialect,
  statements: StepStatement[],
  onStep: (step: number) => void,
): Promise<void> {
  if (statements.length > 1 && dialect.multiStatementQuery && statements.every((s) => !s.parameters?.length)) {
    try {
      await runner.query(
        [`SAVEPOINT ${SAVEPOINT}`, ...statements.map((s) => s.query), `RELEASE SAVEPOINT ${SAVEPOINT}`].join(';\n'),
      );
      return;
    } catch {
      await runner.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
    }
  }
  for (const statement of statements) {
    onStep(statement.step);
    await runner.query(statement.query, statement.parameters);
  }
}
