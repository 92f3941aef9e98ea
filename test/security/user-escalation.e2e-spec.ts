import { DataSource } from 'typeorm';
import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, CreatedUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { watchLockWaits } from '../helpers/lock-waits';
import { ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/**
 * A role granted every write on svc_users (a "user manager") is still no administrator: it may neither
 * make one, nor touch one, nor change what decides its own access, by any path that writes users.
 */
describe('a user manager cannot become or take over an administrator', () => {
  let t: TestApp;
  let adminId: string;
  let adminEmail: string;
  let adminRole: string;
  let plainRole: string;
  let otherRole: string;
  let mgrRole: string;
  let mgr: CreatedUser;
  let notes: string;

  const as = () => t.as(mgr.token);
  const stored = async (id: string) =>
    (await t.as('admin').get(`/users/${id}?fields=id,email,role,status,first_name`).expect(200)).body.data;
  const byEmail = async (email: string) =>
    (await t.as('admin').get(`/users?filter[email][_eq]=${email}&fields=id`).expect(200)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    const me = (await t.as('admin').get('/users/me?fields=id,role,email').expect(200)).body.data;
    ({ id: adminId, role: adminRole, email: adminEmail } = me);
    plainRole = await createRole(t);
    otherRole = await createRole(t);
    mgrRole = await createRole(t);
    for (const action of ['create', 'read', 'update', 'delete'] as const) await grant(t, mgrRole, 'svc_users', action);
    for (const action of ['read', 'update'] as const) await grant(t, mgrRole, 'svc_roles', action);
    notes = await createCollection(t, uniq('notes'), [
      { field: 'title', type: 'string' },
      { field: 'owner', type: 'uuid' },
      { field: 'team', type: 'uuid' },
    ]);
    await createRelation(t, notes, 'owner', 'svc_users');
    await createRelation(t, notes, 'team', 'svc_roles');
    for (const action of ['create', 'read'] as const) await grant(t, mgrRole, notes, action);
    mgr = await createUser(t, mgrRole);
  });
  afterAll(() => t.close());

  /** The administrator is untouched and can still sign in as before. */
  async function adminIntact(): Promise<void> {
    expect(await stored(adminId)).toMatchObject({
      email: adminEmail,
      role: adminRole,
      status: 'active',
      first_name: expect.not.stringMatching(/^Mallory$/),
    });
    await t.login(adminEmail, ADMIN_PASSWORD);
  }

  describe('giving a user an admin role', () => {
    it('is refused on create, single and batch, and nobody is created', async () => {
      const email = `${uniq('evil')}@example.com`;
      await expectError(
        as().post('/users').send({ email, password: 'evil-password-1', role: adminRole }),
        403,
        'FORBIDDEN',
      );
      const other = `${uniq('evil')}@example.com`;
      await expectError(
        as()
          .post('/users')
          .send([
            { email: other, password: 'evil-password-1', role: plainRole },
            { email, password: 'evil-password-1', role: adminRole },
          ]),
        403,
        'FORBIDDEN',
      );
      expect([...(await byEmail(email)), ...(await byEmail(other))]).toEqual([]);
    });

    it('is refused on their own user through /users/:id and batches, which keeps its role', async () => {
      await expectError(as().patch(`/users/${mgr.id}`).send({ role: adminRole }), 403, 'FORBIDDEN');
      await expectError(
        as()
          .patch('/users')
          .send({ keys: [mgr.id], data: { role: adminRole } }),
        403,
        'FORBIDDEN',
      );
      await expectError(
        as()
          .patch('/users')
          .send([{ id: mgr.id, role: adminRole }]),
        403,
        'FORBIDDEN',
      );
      await expectError(
        as()
          .patch('/users')
          .send({ query: { filter: { id: { _eq: mgr.id } } }, data: { role: adminRole } }),
        403,
        'FORBIDDEN',
      );
      expect((await stored(mgr.id)).role).toBe(mgrRole);
    });

    it('is refused on another ordinary user', async () => {
      const user = await createUser(t, plainRole);
      await expectError(as().patch(`/users/${user.id}`).send({ role: adminRole }), 403, 'FORBIDDEN');
      expect((await stored(user.id)).role).toBe(plainRole);
    });

    it('is refused through a nested write from another collection', async () => {
      const email = `${uniq('evil')}@example.com`;
      await expectError(
        as()
          .post(`/items/${notes}`)
          .send({ title: 'x', owner: { email, password: 'evil-password-1', role: adminRole } }),
        403,
        'FORBIDDEN',
      );
      await expectError(
        as()
          .post(`/items/${notes}`)
          .send({ title: 'x', owner: { id: mgr.id, role: adminRole } }),
        403,
        'FORBIDDEN',
      );
      expect(await byEmail(email)).toEqual([]);
      expect((await stored(mgr.id)).role).toBe(mgrRole);
    });

    it("is refused through a role's users alias, with svc_roles permissions", async () => {
      await expectError(
        as()
          .patch(`/roles/${adminRole}`)
          .send({ users: [mgr.id] }),
        403,
        'FORBIDDEN',
      );
      const nested = await as()
        .post(`/items/${notes}`)
        .send({ title: 'x', team: { id: adminRole, users: [mgr.id] } });
      expect(nested.status).toBe(403);
      const gql = await as()
        .post('/graphql/system')
        .send({
          query: `mutation { update_roles_item(id: "${adminRole}", data: { users: [{ id: "${mgr.id}" }] }) { id } }`,
        });
      expect(gql.body.errors?.length).toBeGreaterThan(0);
      expect((await stored(mgr.id)).role).toBe(mgrRole);
    });
  });

  describe('writing to an administrator', () => {
    const takeovers: [string, () => Record<string, unknown>][] = [
      ['password', () => ({ password: 'taken-over-password-1' })],
      ['email', () => ({ email: `${uniq('evil')}@example.com` })],
      ['static token', () => ({ token: uniq('evil-token') })],
      ['status', () => ({ status: 'suspended' })],
      ['role', () => ({ role: plainRole })],
      ['name', () => ({ first_name: 'Mallory' })],
    ];

    it.each(takeovers)('refuses their %s through /users/:id, batches and nested writes', async (_what, body) => {
      await expectError(as().patch(`/users/${adminId}`).send(body()), 403, 'FORBIDDEN');
      await expectError(
        as()
          .patch('/users')
          .send({ keys: [adminId], data: body() }),
        403,
        'FORBIDDEN',
      );
      await expectError(
        as()
          .patch('/users')
          .send([{ id: adminId, ...body() }]),
        403,
        'FORBIDDEN',
      );
      await expectError(
        as()
          .patch('/users')
          .send({ query: { filter: { role: { _eq: adminRole } } }, data: body() }),
        403,
        'FORBIDDEN',
      );
      await expectError(
        as()
          .post(`/items/${notes}`)
          .send({ title: 'x', owner: { id: adminId, ...body() } }),
        403,
        'FORBIDDEN',
      );
      await adminIntact();
    });

    it('refuses a token set on them, so it cannot sign in as them', async () => {
      const token = uniq('evil-token');
      await expectError(as().patch(`/users/${adminId}`).send({ token }), 403, 'FORBIDDEN');
      await expectError(t.as(token).get('/users/me'), 401, 'INVALID_CREDENTIALS');
    });

    it('refuses deleting them, single and batch', async () => {
      await expectError(as().delete(`/users/${adminId}`), 403, 'FORBIDDEN');
      await expectError(as().delete('/users').send([adminId]), 403, 'FORBIDDEN');
      await expectError(
        as()
          .delete('/users')
          .send({ query: { filter: { role: { _eq: adminRole } } } }),
        403,
        'FORBIDDEN',
      );
      await adminIntact();
    });

    it('refuses a write to a user an administrator is promoting at the same moment', async () => {
      const user = await createUser(t, plainRole);
      const runner = t.app.get(DataSource).createQueryRunner();
      await runner.startTransaction();
      try {
        await runner.manager
          .createQueryBuilder()
          .update('svc_users')
          .set({ role: adminRole })
          .where('id = :id', { id: user.id })
          .execute();
        const waits = watchLockWaits(t);
        const write = as()
          .patch(`/users/${user.id}`)
          .send({ password: 'taken-over-password-1' })
          .then((res) => res);
        await waits.reached('the write waits for the promotion to commit');
        await runner.commitTransaction();
        await expectError(write, 403, 'FORBIDDEN');
      } finally {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        await runner.release();
      }
      await t.login(user.email, user.password);
    });

    it('refuses a batch that mixes an ordinary user with an administrator, writing neither', async () => {
      const user = await createUser(t, plainRole);
      await expectError(
        as()
          .patch('/users')
          .send({ keys: [user.id, adminId], data: { first_name: 'Mallory' } }),
        403,
        'FORBIDDEN',
      );
      expect((await stored(user.id)).first_name).not.toBe('Mallory');
      await adminIntact();
    });
  });

  it('refuses setting their own status or token through /users/:id, as /users/me does', async () => {
    for (const body of [{ status: 'suspended' }, { token: uniq('own-token') }, { provider: 'other' }]) {
      await expectError(as().patch(`/users/${mgr.id}`).send(body), 403, 'FORBIDDEN');
    }
    expect((await stored(mgr.id)).status).toBe('active');
    await as().patch(`/users/${mgr.id}`).send({ first_name: 'Mia' }).expect(200);
  });

  it('offers no users mutations on /graphql/system, nor imports into svc_users', async () => {
    const email = `${uniq('evil')}@example.com`;
    const mutations = [
      `mutation { create_users_item(data: { email: "${email}", password: "evil-password-1", role: "${adminRole}" }) { id } }`,
      `mutation { update_users_item(id: "${adminId}", data: { password: "taken-over-password-1" }) { id } }`,
      `mutation { delete_users_item(id: "${adminId}") { id } }`,
    ];
    for (const query of mutations)
      expect((await as().post('/graphql/system').send({ query })).body.errors?.length).toBeGreaterThan(0);
    const rows = JSON.stringify([{ email, password: 'evil-password-1', role: adminRole }]);
    const imported = await as()
      .post('/utils/import/svc_users')
      .attach('file', Buffer.from(rows), { filename: 'u.json', contentType: 'application/json' });
    await expectError(Promise.resolve(imported), 403, 'FORBIDDEN');
    expect(await byEmail(email)).toEqual([]);
    await adminIntact();
  });

  describe('legitimate use goes on', () => {
    it('the user manager creates, edits, re-roles and deletes ordinary users', async () => {
      const email = `${uniq('new')}@example.com`;
      const created = await as()
        .post('/users')
        .send({ email, password: 'fine-password-1', role: plainRole })
        .expect(200);
      const id = created.body.data.id;
      await as()
        .patch(`/users/${id}`)
        .send({ first_name: 'Ann', password: 'fine-password-2', role: otherRole })
        .expect(200);
      await as()
        .patch('/users')
        .send({ keys: [id], data: { last_name: 'Lee' } })
        .expect(200);
      expect(await stored(id)).toMatchObject({ first_name: 'Ann', role: otherRole });
      await t.login(email, 'fine-password-2');
      await as().delete(`/users/${id}`).expect(204);
    });

    it('an administrator still makes and edits administrators', async () => {
      const email = `${uniq('admin')}@example.com`;
      const id = (
        await t.as('admin').post('/users').send({ email, password: 'admin-password-2', role: adminRole }).expect(200)
      ).body.data.id;
      await t.as('admin').patch(`/users/${id}`).send({ first_name: 'Ada', password: 'admin-password-3' }).expect(200);
      const token = await t.login(email, 'admin-password-3');
      await t.as(token).patch(`/users/${mgr.id}`).send({ role: adminRole }).expect(200);
      await t.as(token).patch(`/users/${mgr.id}`).send({ role: mgrRole }).expect(200);
      await t.as('admin').delete(`/users/${id}`).expect(204);
    });
  });
});
