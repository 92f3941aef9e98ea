import { randomUUID } from 'node:crypto';
import * as argon2 from 'argon2';
import * as jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/load-config';
import { dataSourceOptions } from '../../src/database/data-source';
import { dialectFor } from '../../src/database/dialects/dialect-for';
import { MIGRATIONS } from '../../src/database/migrations/migrations';
import { tokenHash } from '../../src/modules/tokens/token-hash';
import { expectError } from '../helpers/expect-error';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';
import { provisionDatabase, TestDatabase } from '../helpers/test-database';

const POLICIES_MIGRATION = 'CreateSvcPoliciesAccess1764500000000';
const ids = {
  editor: randomUUID(),
  admins: randomUUID(),
  tfa: randomUUID(),
  admin: randomUUID(),
  writer: randomUUID(),
  tfaUser: randomUUID(),
};

/** Rows as a deployment made them before policies: flags on roles, permissions on roles (null: the public). */
async function seedAsBeforePolicies(db: DataSource): Promise<void> {
  const bool = (value: boolean) => dialectFor(db.options.type).booleanParam(value);
  // One row at a time: without an entity, TypeORM names the columns of a single row only.
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    for (const row of rows) await db.createQueryBuilder().insert().into(table).values(row).execute();
  };
  await insert('svc_roles', [
    { id: ids.editor, name: 'Editor', admin_access: bool(false), app_access: bool(true), enforce_tfa: bool(false) },
    { id: ids.admins, name: 'Admins', admin_access: bool(true), app_access: bool(true), enforce_tfa: bool(false) },
    { id: ids.tfa, name: 'Careful', admin_access: bool(false), app_access: bool(true), enforce_tfa: bool(true) },
  ]);
  const user = (id: string, role: string, extra: Record<string, unknown>) => ({
    id,
    role,
    email: `${id}@example.com`,
    status: 'active',
    provider: 'default',
    ...extra,
  });
  await insert('svc_users', [
    user(ids.admin, ids.admins, {
      token: tokenHash('tok-admin'),
      email: ADMIN_EMAIL,
      password: await argon2.hash(ADMIN_PASSWORD),
    }),
    user(ids.writer, ids.editor, { token: tokenHash('tok-editor') }),
    user(ids.tfaUser, ids.tfa, { password: await argon2.hash('careful-password-1') }),
  ]);
  await insert('svc_folders', [
    { id: randomUUID(), name: 'a' },
    { id: randomUUID(), name: 'b' },
  ]);
  await insert('svc_permissions', [
    {
      role: ids.editor,
      collection: 'svc_folders',
      action: 'read',
      permissions: JSON.stringify({ name: { _eq: 'a' } }),
      fields: 'id,name',
    },
    {
      role: ids.editor,
      collection: 'svc_folders',
      action: 'create',
      validation: JSON.stringify({ name: { _starts_with: 'e-' } }),
      fields: '*',
    },
    {
      role: null,
      collection: 'svc_folders',
      action: 'read',
      permissions: JSON.stringify({ name: { _eq: 'b' } }),
      fields: 'name',
    },
  ]);
}

async function withDataSource(
  database: TestDatabase,
  migrations: unknown[],
  work: (db: DataSource) => Promise<void>,
): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SECRET: 'test-secret-that-is-long-enough-0123456789',
    ...database.env,
  });
  const db = await new DataSource({ ...dataSourceOptions(config), migrations: migrations as never }).initialize();
  try {
    await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * A database made before policies (main's migrations only, rows as that version wrote them) keeps every
 * grant once the policies migration has run: each role is a policy of the same flags attached to it,
 * the public permissions are the public policy's, and the same requests get the same answers.
 */
describe('migrating roles and permissions to policies', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await provisionDatabase();
    const policies = MIGRATIONS.findIndex((m) => m.name === POLICIES_MIGRATION);
    await withDataSource(database, MIGRATIONS.slice(0, policies), async (db) => {
      await db.runMigrations();
      expect(await db.query('SELECT COUNT(*) AS n FROM svc_migrations')).toEqual([{ n: expect.anything() }]);
      await seedAsBeforePolicies(db);
    });
    await withDataSource(database, MIGRATIONS, async (db) => {
      const ran = await db.runMigrations();
      // The policies migration and those after it (the role's app access default), in order.
      expect(ran.map((m) => m.name)).toEqual(MIGRATIONS.slice(policies).map((m) => m.name));
    });
    t = await createTestApp({ database });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((f) => f.name).sort();

  it('turns each role into a policy of the same flags attached to it, and the public permissions into the public policy', async () => {
    const policies = (
      await t
        .as('tok-admin')
        .get(
          '/policies?fields=name,admin_access,app_access,enforce_tfa,roles.role,users.user,permissions.collection,permissions.action&sort=name&limit=-1',
        )
        .expect(200)
    ).body.data;
    const byName = Object.fromEntries(policies.map((p: { name: string }) => [p.name, p]));
    expect(byName.Editor).toMatchObject({
      admin_access: false,
      app_access: true,
      enforce_tfa: false,
      roles: [{ role: ids.editor }],
    });
    expect(byName.Editor.permissions).toHaveLength(2);
    expect(byName.Admins).toMatchObject({
      admin_access: true,
      app_access: true,
      roles: [{ role: ids.admins }],
      permissions: [],
    });
    expect(byName.Careful).toMatchObject({ admin_access: false, enforce_tfa: true, roles: [{ role: ids.tfa }] });
    // The public's access row has neither role nor user: as on the reference, it is in neither list (the
    // anonymous reads below show it attaches the policy to the public).
    expect(byName['$t:public_label']).toMatchObject({
      admin_access: false,
      app_access: false,
      roles: [],
      users: [],
      permissions: [{ collection: 'svc_folders', action: 'read' }],
    });
    expect(policies).toHaveLength(4);
    const left = (await t.as('tok-admin').get('/permissions?fields=role,policy&limit=-1').expect(200)).body.data;
    expect(left.every((p: { role: unknown; policy: unknown }) => p.role === null && typeof p.policy === 'string')).toBe(
      true,
    );
  });

  it('answers the same reads and writes as before', async () => {
    expect(names(await t.as('tok-editor').get('/folders?fields=name').expect(200))).toEqual(['a']);
    expect(names(await t.as('anonymous').get('/folders?fields=name').expect(200))).toEqual(['b']);
    expect(names(await t.as('tok-admin').get('/folders?fields=name').expect(200))).toEqual(['a', 'b']);
    await expectError(t.as('tok-editor').post('/folders').send({ name: 'x' }), 400, 'FAILED_VALIDATION');
    // Created, but not readable back by the editor (only folder "a" is): an empty answer, as before.
    await t.as('tok-editor').post('/folders').send({ name: 'e-1' }).expect(204);
    await expectError(t.as('tok-editor').get('/permissions'), 403, 'FORBIDDEN');
    await expectError(t.as('tok-editor').get('/folders?fields=parent'), 403, 'FORBIDDEN');
    const me = (await t.as('tok-editor').get('/permissions/me').expect(200)).body.data;
    expect(me.svc_folders.read).toMatchObject({ access: 'partial', fields: ['id', 'name'] });
    expect(me.svc_folders.create).toMatchObject({ access: 'full' });
  });

  it('signs the same claims in: admin and app access, and two-factor enforced for a role that enforced it', async () => {
    const token = await t.login(`${ids.tfaUser}@example.com`, 'careful-password-1');
    expect(jwt.decode(token)).toMatchObject({
      role: ids.tfa,
      admin_access: false,
      app_access: true,
      enforce_tfa: true,
    });
  });

  it('still keeps the last administrator, now an administrator through a policy', async () => {
    await expectError(t.as('tok-admin').delete(`/users/${ids.admin}`), 422, 'UNPROCESSABLE_CONTENT');
    const [admins] = (await t.as('tok-admin').get('/policies?fields=id&filter[name][_eq]=Admins').expect(200)).body
      .data;
    await expectError(
      t.as('tok-admin').patch(`/policies/${admins.id}`).send({ admin_access: false }),
      422,
      'UNPROCESSABLE_CONTENT',
    );
    await expectError(
      t.as('tok-admin').patch(`/roles/${ids.admins}`).send({ policies: [] }),
      422,
      'UNPROCESSABLE_CONTENT',
    );
    await expectError(t.as('tok-admin').delete(`/roles/${ids.admins}`), 422, 'UNPROCESSABLE_CONTENT');
    await expectError(t.as('tok-admin').delete(`/policies/${admins.id}`), 422, 'UNPROCESSABLE_CONTENT');
    await t.as('tok-admin').get('/permissions').expect(200);
    // With a second administrator, the first may stop being one.
    await t
      .as('tok-admin')
      .patch(`/users/${ids.writer}`)
      .send({ policies: [{ policy: admins.id }] })
      .expect(200);
    await t.as('tok-admin').patch(`/roles/${ids.admins}`).send({ policies: [] }).expect(200);
    await expectError(t.as('tok-admin').get('/permissions'), 403, 'FORBIDDEN');
  });
});
