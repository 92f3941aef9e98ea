import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { dialectFor } from './dialects/dialect-for';
import { POSTGRES_TYPES } from './dialects/postgres-types';
import { MIGRATIONS } from './migrations/migrations';
import { MIGRATIONS_TABLE } from './vellum-data-source';

/** One place that turns Vellum's DB_* settings into TypeORM options, for the app and the TypeORM CLI. */
export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  const common = {
    migrations: MIGRATIONS,
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsRun: false,
    synchronize: false,
    logging: false,
  } as const;
  const { db } = config;
  const bounds = dialectFor(db.client).connectionBounds(db.acquireTimeout);
  switch (db.client) {
    case 'sqlite':
      if (db.filename !== ':memory:') mkdirSync(dirname(db.filename), { recursive: true });
      return { ...common, type: 'better-sqlite3', database: db.filename, enableWAL: db.filename !== ':memory:' };
    case 'mysql':
    case 'mariadb':
      return {
        ...common,
        // CONVENTIONS 7: MariaDB needs its own TypeORM type, or JSON columns are misread.
        type: db.client,
        host: db.host,
        port: db.port,
        username: db.user,
        password: db.password,
        database: db.database,
        charset: 'utf8mb4_unicode_ci',
        timezone: 'Z',
        supportBigNumbers: true,
        bigNumberStrings: false,
        // Bulk INSERTs run as prepared statements (MysqlDialect.runInsert), kept per connection; the
        // server counts them against max_prepared_stmt_count (16382) across all its clients.
        extra: { maxPreparedStatements: 32 },
        ...bounds,
      };
    case 'postgres':
      return {
        ...common,
        type: 'postgres',
        host: db.host,
        port: db.port,
        username: db.user,
        password: db.password,
        database: db.database,
        extra: { types: POSTGRES_TYPES },
        ...bounds,
      };
  }
}
