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

  /** Stands for the notes collection in the table below, made only once the app runs. */
  const NOTES = '<notes>';
  const rule = (collection: string, action: string) => ({ collection, action, fields: ['*'] });
  const isAdmin = async (token: string) =>
    (await t.as(token).get('/policies/me/globals').expect(200)).body.data.admin_access;

  /** A signed-in user whose role holds one policy of `collections`' every write, and that role and policy. */
  async function nonAdmin(collections: string[]) {
    const permissions = collections.flatMap((c) => ['create', 'read', 'update', 'delete'].map((a) => rule(c, a)));
    const policy = (
      await t
        .as('admin')
        .post('/policies')
        .send({ name: uniq('p'), app_access: true, permissions })
        .expect(200)
    ).body.data.id;
    const res = await t
      .as('admin')
      .post('/roles?fields=id,policies.id')
      .send({ name: uniq('r'), policies: [{ policy }] })
      .expect(200);
    const user = await createUser(t, res.body.data.id as string);
    return {
      ...user,
      roleId: res.body.data.id as string,
      policy: policy as string,
      access: res.body.data.policies[0].id as string,
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    adminRole = (await t.as('admin').get('/users/me?fields=role').expect(200)).body.data.role;
    adminPolicy = (await t.as('admin').get(`/roles/${adminRole}?fields=policies.policy`).expect(200)).body.data
      .policies[0].policy;
    notes = await createCollection(t, uniq('notes'), [
      { field: 'title', type: 'string' },
      { field: 'owner', type: 'uuid' },
      { field: 'team', type: 'uuid' },
    ]);
    await createRelation(t, notes, 'owner', 'svc_users');
    await createRelation(t, notes, 'team', 'svc_roles');
    member = await createUser(t, null);
  });
  afterAll(() => t.close());

  it('refuses a member attaching policies to themselves through PATCH /users/me, even a plain one', async () => {
    const user = await nonAdmin([]);
    for (const policies of [
      [{ policy: adminPolicy }],
      { create: [{ policy: adminPolicy }], update: [], delete: [] },
      [{ policy: { name: 'evil', admin_access: true } }],
      [{ policy: user.policy }],
    ]) {
      const res = await t.as(user.token).patch('/users/me').send({ policies });
      expect(res.status).toBe(403);
    }
    expect(await isAdmin(user.token)).toBe(false);
    expect((await t.as('admin').get(`/users/${user.id}?fields=policies`).expect(200)).body.data.policies).toEqual([]);
  });

  const escalations: [
    string,
    string[],
    (u: Awaited<ReturnType<typeof nonAdmin>>) => [string, Record<string, unknown>],
  ][] = [
    [
      "their role's parent set to the admin role",
      ['svc_roles', NOTES],
      (u) => [`/items/${notes}`, { title: 'x', team: { id: u.roleId, parent: adminRole } }],
    ],
    [
      "their role's own admin flag",
      ['svc_roles', NOTES],
      (u) => [`/items/${notes}`, { title: 'x', team: { id: u.roleId, admin_access: true } }],
    ],
    [
      'the admin policy attached to their role',
      ['svc_roles', 'svc_access', NOTES],
      (u) => [`/items/${notes}`, { title: 'x', team: { id: u.roleId, policies: [{ policy: adminPolicy }] } }],
    ],
    [
      "their role's access row pointed at the admin policy",
      ['svc_roles', 'svc_access', NOTES],
      (u) => [
        `/items/${notes}`,
        {
          title: 'x',
          team: { id: u.roleId, policies: { create: [], update: [{ id: u.access, policy: adminPolicy }], delete: [] } },
        },
      ],
    ],
    [
      "their role's policy made admin",
      ['svc_roles', 'svc_access', 'svc_policies', NOTES],
      (u) => [
        `/items/${notes}`,
        {
          title: 'x',
          team: {
            id: u.roleId,
            policies: {
              create: [],
              update: [{ id: u.access, policy: { id: u.policy, admin_access: true } }],
              delete: [],
            },
          },
        },
      ],
    ],
    [
      'the admin policy attached to themselves as a user',
      ['svc_users', 'svc_access'],
      (u) => [`/users/${u.id}`, { policies: [{ policy: adminPolicy }] }],
    ],
    [
      'the admin policy attached to them through another collection',
      ['svc_users', 'svc_access', NOTES],
      (u) => [`/items/${notes}`, { title: 'x', owner: { id: u.id, policies: [{ policy: adminPolicy }] } }],
    ],
  ];

  it.each(escalations)('refuses %s, and nothing is written', async (_what, grants, write) => {
    const user = await nonAdmin(grants.map((c) => (c === NOTES ? notes : c)));
    const [url, body] = write(user);
    const method = url.startsWith('/users/') ? 'patch' : 'post';
    expect((await t.as(user.token)[method](url).send(body)).status).toBe(403);
    expect(await isAdmin(user.token)).toBe(false);
    const role = (await t.as('admin').get(`/roles/${user.roleId}?fields=parent,policies.policy`).expect(200)).body.data;
    expect(role).toEqual({ parent: null, policies: [{ policy: user.policy }] });
  });

  it('refuses a user manager with access-row rights giving another user the admin policy', async () => {
    const user = await nonAdmin(['svc_users', 'svc_access']);
    expect(
      (
        await t
          .as(user.token)
          .patch(`/users/${member.id}`)
          .send({ policies: [{ policy: adminPolicy }] })
      ).status,
    ).toBe(403);
    expect((await t.as('admin').get(`/users/${member.id}?fields=policies`).expect(200)).body.data.policies).toEqual([]);
  });

  it('still lets such a user attach an ordinary policy to another user', async () => {
    const user = await nonAdmin(['svc_users', 'svc_access']);
    const other = await createUser(t, null);
    await t
      .as(user.token)
      .patch(`/users/${other.id}`)
      .send({ policies: [{ policy: user.policy }] })
      .expect(200);
    expect(
      (await t.as('admin').get(`/users/${other.id}?fields=policies.policy`).expect(200)).body.data.policies,
    ).toEqual([{ policy: user.policy }]);
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
