import type { EntityManager } from 'typeorm';

/** A statement with named parameters (`:name`, `:...list`), as TypeORM's drivers bind them. */
export interface Sql {
  text: string;
  params: Record<string, unknown>;
}

export type Row = Record<string, unknown>;

/** Runs `sql` on `manager` (and so in its transaction, when it has one). */
export function runSql(manager: EntityManager, sql: Sql): Promise<Row[]> {
  const [query, bound] = manager.connection.driver.escapeQueryWithParameters(sql.text, sql.params, {});
  return manager.query(query, bound);
}
