import type { Dialect } from './dialect';
import { MysqlDialect } from './mysql.dialect';
import { PostgresDialect } from './postgres.dialect';
import { SqliteDialect } from './sqlite.dialect';

/** Accepts Vellum's DB_CLIENT values and TypeORM's driver types (migrations only know the latter). */
export function dialectFor(client: string): Dialect {
  switch (client) {
    case 'mysql':
    case 'mariadb':
      return new MysqlDialect();
    case 'postgres':
      return new PostgresDialect();
    case 'sqlite':
    case 'better-sqlite3':
      return new SqliteDialect();
    default:
      throw new Error(`No dialect for database client "${client}"`);
  }
}
