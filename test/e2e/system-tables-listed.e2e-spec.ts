import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';
import { createRole, createUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { provisionDatabase, TestDatabase } from '../helpers/test-database';

async function onDatabase(t: TestApp, work: (db: DataSource) => Promise<unknown>): Promise<void> {
  const db = await new DataSource(dataSourceOptions(t.config)).initialize();
  try {
    await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * The reference lists its sessions and migrations tables among the system collections; so does Vellum
 * (svc_sessions, svc_migrations), to administrators only. A database made before the migrations' record
 * was named svc_migrations keeps its history.
 */
describe('sessions and migrations as system collections', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await provisionDatabase();
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
    await database.drop();
  });

  it('lists svc_sessions and svc_migrations with their fields to an administrator, not to an app user', async () => {
    const names = (await t.as('admin').get('/collections').expect(200)).body.data.map(
      (c: { collection: string }) => c.collection,
    );
    expect(names).toEqual(expect.arrayContaining(['svc_sessions', 'svc_migrations']));
    const fields = (await t.as('admin').get('/fields/svc_migrations').expect(200)).body.data
      .map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual(['id', 'name', 'timestamp']);
    expect(
      (await t.as('admin').get('/fields/svc_sessions').expect(200)).body.data.map((f: { field: string }) => f.field),
    ).toEqual(expect.arrayContaining(['token', 'user', 'expires']));

    const user = await createUser(t, await createRole(t));
    const visible = (await t.as(user.token).get('/collections').expect(200)).body.data.map(
      (c: { collection: string }) => c.collection,
    );
    expect(visible).not.toContain('svc_sessions');
    expect(visible).not.toContain('svc_migrations');
    await t.as('admin').get('/items/svc_sessions').expect(403);
  });

  it('starts on a database whose migrations are recorded under the older name, without running them again', async () => {
    let ran = 0;
    await onDatabase(t, async (db) => {
      ran = (await db.query('SELECT COUNT(*) AS n FROM svc_migrations'))[0].n;
      await db.createQueryRunner().renameTable('svc_migrations', 'migrations');
    });
    await t.close();
    t = await createTestApp({ database });
    await onDatabase(t, async (db) => {
      expect(Number((await db.query('SELECT COUNT(*) AS n FROM svc_migrations'))[0].n)).toBe(Number(ran));
      expect(await db.createQueryRunner().hasTable('migrations')).toBe(false);
    });
    expect(Number(ran)).toBeGreaterThan(5);
    await t.as('admin').get('/server/ping').expect(200);
  });
});
