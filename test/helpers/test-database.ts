import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mysql from 'mysql2/promise';
import { Client } from 'pg';

export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** The database vendor the e2e suite runs on: DB_CLIENT of the test process, SQLite by default. */
export function testClient(): string {
  return process.env.DB_CLIENT ?? 'sqlite';
}

/**
 * DB_HOST/DB_PORT/DB_USER/DB_PASSWORD of the test process describe the server of its own DB_CLIENT;
 * a test that also provisions another vendor (the cross-vendor round trip) gets that vendor's defaults.
 */
function serverEnv(client: string, defaultPort: number, defaultUser: string) {
  const same = ['mysql', 'mariadb'].includes(client)
    ? ['mysql', 'mariadb'].includes(testClient())
    : ['postgres', 'pg'].includes(testClient());
  const env = same ? process.env : {};
  return {
    DB_HOST: env.DB_HOST ?? '127.0.0.1',
    DB_PORT: env.DB_PORT ?? String(defaultPort),
    DB_USER: env.DB_USER ?? defaultUser,
    DB_PASSWORD: env.DB_PASSWORD ?? '',
  };
}

/** A fresh, throw-away database per test app, so spec files run in parallel without sharing rows. */
export async function provisionDatabase(client = testClient()): Promise<TestDatabase> {
  const name = `vellum_t_${randomBytes(6).toString('hex')}`;
  if (client === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'vellum-'));
    return {
      env: { DB_CLIENT: 'sqlite', DB_FILENAME: join(dir, 'vellum.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (client === 'mysql' || client === 'mariadb') {
    const server = serverEnv(client, 3306, 'root');
    const connect = () =>
      mysql.createConnection({
        host: server.DB_HOST,
        port: Number(server.DB_PORT),
        user: server.DB_USER,
        password: server.DB_PASSWORD,
      });
    const admin = await connect();
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    return {
      env: { DB_CLIENT: client, DB_DATABASE: name, ...server },
      drop: async () => {
        const conn = await connect();
        await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await conn.end();
      },
    };
  }
  if (client === 'postgres' || client === 'pg') {
    const server = serverEnv(client, 5432, 'postgres');
    const connect = async () => {
      const pg = new Client({
        host: server.DB_HOST,
        port: Number(server.DB_PORT),
        user: server.DB_USER,
        password: server.DB_PASSWORD || undefined,
        database: 'postgres',
      });
      await pg.connect();
      return pg;
    };
    const admin = await connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    // A commit need not wait for its WAL flush: only durability through a server crash differs, which no
    // e2e test looks at (the fault suite runs its own server), and each test app's migrations commit often.
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
    await admin.end();
    return {
      env: { DB_CLIENT: 'postgres', DB_DATABASE: name, ...server },
      drop: async () => {
        const pg = await connect();
        await pg.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await pg.end();
      },
    };
  }
  throw new Error(`Unknown DB_CLIENT for tests: ${client}`);
}
