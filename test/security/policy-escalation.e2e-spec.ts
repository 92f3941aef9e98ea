import { createCollection, createRelation } from '../factories/collection.factory';
import { createUser, CreatedUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/**
 * Only administrators make administrators, through policies too: whatever a non-admin may write
 * (their own user, users, roles, access rows, policies), no write of theirs attaches an admin policy,
 * makes a policy or a role's chain admin, or hangs a role under an admin one.
 */
describe('a non-admin cannot give anyone admin access through policies', () => {
  let t: TestApp;
  let adminRole: string;
  let adminPolicy: string;
  let notes: string;
  let member: CreatedUser;

  const rule = (collection: string, action: string) => ({ collection, action, fields: ['*'] });
  const isAdmin = async (token: string) => (await t.as(token).get('/policies/me/globals').expect(200)).body.data.admin_access;

  /** A signed-in user whose role holds one policy of `collections`' every write, and that role and policy. */
  async function nonAdmin(collections: string[]) {
    const permissions = collections.flatMap((c) => ['create', 'read', 'update', 'delete'].map((a) => rule(c, a)));
    const policy = (await t.as('admin').post('/policies').send({ name: uniq('p'), app_access: true, permissions }).expect(200)).body.data.id;
    const res = await t.as('admin').post('/roles?fields=id,policies.id').send({ name: uniq('r'), policies: [{ policy }] }).expect(200);
    const user = await createUser(t, res.body.data.id as string);
    return { ...user, roleId: res.body.data.id as string, policy: policy as string, access: res.body.data.policies[0].id as string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    adminRole = (await t.as('admin').get('/users/me?fields=role').expect(200)).body.data.role;
    adminPolicy = (await t.as('admin').get(`/roles/${adminRole}?fields=policies.policy`).expect(200)).body.data.policies[0].policy;
    notes = await createCollection(t, uniq('notes'), [{ field: 'title', type: 'string' }, { field: 'owner', type: 'uuid' }, { field: 'team', type: 'uuid' }]);
    await createRelation(t, notes, 'owner', 'svc_users');
    await createRelation(t, notes, 'team', 'svc_roles');
    member = await createUser(t, null);
  });
  afterAll(() => t.close());

  it('refuses a member attaching policies to themselves through PATCH /users/me, even a plain one', async () => {
    const user = await nonAdmin([]);
    for (const policies of [[{ policy: adminPolicy }], { create: [{ policy: adminPolicy }], update: [], delete: [] }, [{ policy: { name: 'evil', admin_access: true } }], [{ policy: user.policy }]]) {
      const res = await t.as(user.token).patch('/users/me').send({ policies });
      expect(res.status).toBe(403);
    }
    expect(await isAdmin(user.token)).toBe(false);
    expect((await t.as('admin').get(`/users/${user.id}?fields=policies`).expect(200)).body.data.policies).toEqual([]);
  });

  it("refuses a user manager's write to a user whose admin access is a policy of their own, without a 500", async () => {
    const user = await nonAdmin(['svc_users']);
    const own = await createUser(t, { role: null, policies: [{ policy: adminPolicy }] });
    for (const body of [{ first_name: 'Mallory' }, { password: 'taken-over-password-1' }]) {
      expect((await t.as(user.token).patch(`/users/${own.id}`).send(body)).status).toBe(403);
    }
    expect((await t.as(user.token).delete(`/users/${own.id}`)).status).toBe(403);
    await t.login(own.email, own.password);
    await t.as(user.token).patch(`/users/${member.id}`).send({ first_name: 'Mia' }).expect(200);
  });
});
