import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';
import { testClient } from './test-database';

/** Another instance's schema change, seen from the database: it holds the schema lock until `release`. */
export type LockHolder = (env: Record<string, string>) => Promise<{ release(): Promise<void> }>;

const LOCK = 'vellum_schema_change';
const holders: Record<string, LockHolder> = {
  postgres: async (env) => {
    const client = new Client({
      host: env.DB_HOST,
      port: Number(env.DB_PORT),
      user: env.DB_USER,
      password: env.DB_PASSWORD,
      database: env.DB_DATABASE,
    });
    await client.connect();
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('${LOCK}'))`);
    return { release: async () => (await client.query('COMMIT'), await client.end()) };
  },
  mysql: async (env) => {
    const connection = await createConnection({
      host: env.DB_HOST,
      port: Number(env.DB_PORT),
      user: env.DB_USER,
      password: env.DB_PASSWORD,
      database: env.DB_DATABASE,
    });
    await connection.query(`SELECT GET_LOCK('${LOCK}', 5)`);
    return { release: async () => (await connection.query(`SELECT RELEASE_LOCK('${LOCK}')`), await connection.end()) };
  },
};
holders.mariadb = holders.mysql;

/** The lock holder of the database under test; SQLite has none (its one connection is the lock). */
export function schemaLockHolder(): LockHolder | undefined {
  return holders[testClient()];
}
