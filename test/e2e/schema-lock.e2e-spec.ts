import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';
import { createCollection } from '../factories/collection.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { testClient } from '../helpers/test-database';
import { uniq } from '../helpers/uniq';

/** Another instance's schema change, seen from the database: it holds the schema lock until `release`. */
type LockHolder = (env: Record<string, string>) => Promise<{ release(): Promise<void> }>;

const LOCK = 'vellum_schema_change';
const holders: Record<string, LockHolder> = {
  postgres: async (env) => {
    const client = new Client({ host: env.DB_HOST, port: Number(env.DB_PORT), user: env.DB_USER, password: env.DB_PASSWORD, database: env.DB_DATABASE });
    await client.connect();
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('${LOCK}'))`);
    return { release: async () => (await client.query('COMMIT'), await client.end()) };
  },
  mysql: async (env) => {
    const connection = await createConnection({ host: env.DB_HOST, port: Number(env.DB_PORT), user: env.DB_USER, password: env.DB_PASSWORD, database: env.DB_DATABASE });
    await connection.query(`SELECT GET_LOCK('${LOCK}', 5)`);
    return { release: async () => (await connection.query(`SELECT RELEASE_LOCK('${LOCK}')`), await connection.end()) };
  },
};
holders.mariadb = holders.mysql;

describe('schema changes hold one lock per database', () => {
  let t: TestApp;
  let collection: string;
  beforeAll(async () => {
    t = await createTestApp();
    collection = await createCollection(t, uniq('locked'), [{ field: 'title', type: 'string' }]);
  });
  afterAll(() => t.close());

  const holder = holders[testClient()];
  if (holder) {
    it('waits for a change another instance holds the lock for, while reads and item writes go on', async () => {
      const other = await holder(t.database.env);
      let settled = false;
      const change = t.as('admin').post(`/fields/${collection}`).send({ field: 'waited', type: 'integer' }).then((res) => ((settled = true), res));
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(settled).toBe(false);
      await t.as('admin').post(`/items/${collection}`).send({ title: 'meanwhile' }).expect(200);
      await t.as('admin').get(`/items/${collection}?filter[title][_eq]=meanwhile`).expect(200);
      await other.release();
      expect((await change).status).toBe(200);
      await t.as('admin').get(`/fields/${collection}/waited`).expect(200);
    });
  } else {
    it('runs concurrent changes one after the other on the one connection of the file', async () => {
      const answers = await Promise.all(['a1', 'a2', 'a3'].map((field) => t.as('admin').post(`/fields/${collection}`).send({ field, type: 'integer' })));
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    });
  }
});
