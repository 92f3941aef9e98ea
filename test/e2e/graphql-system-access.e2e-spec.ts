import { createCollection } from '../factories/collection.factory';
import { createRole, createUser } from '../factories/user.factory';
import { uniq } from '../helpers/uniq';
import { createTestApp, TestApp } from '../helpers/test-app';

type GqlError = { extensions: { code: string } };
const codes = (body: { errors?: GqlError[] }) => (body.errors ?? []).map((e) => e.extensions.code);

/**
 * API.md 11 over POST /graphql/system: the access model as the REST routes have it. A role's and a
 * user's `policies` (access rows, `policy` expandable), a role's `parent` and `children`, the nested
 * inputs of role writes, and `update_users_me` with the rules of PATCH /users/me.
 */
describe('POST /graphql/system access model', () => {
  let t: TestApp;
  let articles: string;
  const run = (who: string, query: string, variables: Record<string, unknown> = {}) =>
    t.as(who).post('/graphql/system').send({ query, variables });
  const newPolicy = async (body: Record<string, unknown>) =>
    (
      await t
        .as('admin')
        .post('/policies')
        .send({ name: uniq('policy'), ...body })
        .expect(200)
    ).body.data.id as string;

  beforeAll(async () => {
    t = await createTestApp();
    articles = await createCollection(t, uniq('articles'), [{ field: 'title', type: 'string' }]);
    await t.as('admin').post(`/items/${articles}`).send({ title: 'Hello' }).expect(200);
  });
  afterAll(() => t.close());

  it("reads a role's policies, parent and children as GET /roles does", async () => {
    const policy = await newPolicy({});
    const parent = await createRole(t, { name: uniq('parent') });
    const role = await createRole(t, { name: uniq('child'), parent, policies: [{ policy }] });
    const res = await run(
      'admin',
      'query($id: ID!) { roles_by_id(id: $id) { id parent { id children { id } } policies { role { id } policy { id name } } } }',
      { id: role },
    );
    expect(res.body.errors).toBeUndefined();
    const rest = await t
      .as('admin')
      .get(
        `/roles/${role}?fields=id,parent.id,parent.children.id,policies.role.id,policies.policy.id,policies.policy.name`,
      )
      .expect(200);
    expect(res.body.data.roles_by_id).toEqual(rest.body.data);
    expect(res.body.data.roles_by_id.parent).toEqual({ id: parent, children: [{ id: role }] });
    expect(res.body.data.roles_by_id.policies).toEqual([
      { role: { id: role }, policy: { id: policy, name: expect.any(String) } },
    ]);
  });

  it("reads a user's own policies through users and users_me", async () => {
    const policy = await newPolicy({ app_access: true });
    const user = await createUser(t, { policies: [{ policy }] });
    const res = await run(
      'admin',
      'query($id: ID!) { users_by_id(id: $id) { policies { user { id } policy { id } } } }',
      { id: user.id },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.users_by_id.policies).toEqual([{ user: { id: user.id }, policy: { id: policy } }]);
  });

  it('creates a role with nested policies and a parent, and the grant works for its user', async () => {
    const policy = await newPolicy({
      app_access: true,
      permissions: [{ collection: articles, action: 'read', fields: ['*'] }],
    });
    const parent = await createRole(t, { name: uniq('parent') });
    const mutation =
      'mutation($data: create_svc_roles_input!) { create_roles_item(data: $data) { id parent { id } policies { policy { id } } } }';
    const res = await run('admin', mutation, {
      data: { name: uniq('readers'), parent: { id: parent }, policies: [{ policy: { id: policy } }] },
    });
    expect(res.body.errors).toBeUndefined();
    const role = res.body.data.create_roles_item;
    expect(role).toMatchObject({ parent: { id: parent }, policies: [{ policy: { id: policy } }] });
    const user = await createUser(t, role.id as string);
    const read = await t.as(user.token).get(`/items/${articles}`).expect(200);
    expect(read.body.data).toEqual([expect.objectContaining({ title: 'Hello' })]);
  });

  it('changes a role parent and its policies through update_roles_item', async () => {
    const [policy, parent, role] = [
      await newPolicy({}),
      await createRole(t, { name: uniq('parent') }),
      await createRole(t, { name: uniq('child') }),
    ];
    const mutation =
      'mutation($id: ID!, $data: update_svc_roles_input!) { update_roles_item(id: $id, data: $data) { parent { id } policies { policy { id } } } }';
    const res = await run('admin', mutation, {
      id: role,
      data: { parent: { id: parent }, policies: [{ policy: { id: policy } }] },
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.update_roles_item).toEqual({ parent: { id: parent }, policies: [{ policy: { id: policy } }] });
  });

  it("update_users_me changes the caller's own first_name, as PATCH /users/me", async () => {
    const user = await createUser(t, await createRole(t));
    const res = await run(user.token, 'mutation { update_users_me(data: { first_name: "Ada" }) { id first_name } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.update_users_me).toEqual({ id: user.id, first_name: 'Ada' });
    expect((await t.as('admin').get(`/users/${user.id}?fields=first_name`).expect(200)).body.data.first_name).toBe(
      'Ada',
    );
  });

  it("update_users_me refuses a non-admin's policies and role, as PATCH /users/me does, and writes nothing", async () => {
    const adminPolicy = await newPolicy({ admin_access: true, app_access: true });
    const adminRole = await createRole(t, { admin: true });
    const user = await createUser(t, await createRole(t));
    const attempts: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['policies', { policies: [{ policy: { id: adminPolicy } }] }, { policies: [{ policy: adminPolicy }] }],
      ['role', { role: { id: adminRole } }, { role: adminRole }],
    ];
    for (const [, data, restBody] of attempts) {
      const res = await run(
        user.token,
        'mutation($data: update_svc_users_input!) { update_users_me(data: $data) { id } }',
        { data },
      );
      expect(codes(res.body)).toEqual(['FORBIDDEN']);
      expect((await t.as(user.token).patch('/users/me').send(restBody)).status).toBe(403);
    }
    const after = await t.as('admin').get(`/users/${user.id}?fields=role,policies.policy`).expect(200);
    expect(after.body.data).toEqual({ role: user.role, policies: [] });
    // With app access, roles lists the user's own role only: still theirs, not the admin role.
    expect((await run(user.token, '{ roles { id } }')).body.data).toEqual({ roles: [{ id: user.role }] });
  });

  it('lists access rows to admins only, as the roles and policies are', async () => {
    const policy = await newPolicy({});
    const role = await createRole(t, { policies: [{ policy }] });
    const res = await run(
      'admin',
      'query($role: ID!) { access(filter: { role: { id: { _eq: $role } } }) { role { id } policy { id } } }',
      { role },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.access).toEqual([{ role: { id: role }, policy: { id: policy } }]);
    const user = await createUser(t, await createRole(t));
    expect(codes((await run(user.token, '{ access { id } }')).body)).toEqual(['FORBIDDEN']);
  });

  it('answers update_users_me without a signed-in user with INVALID_CREDENTIALS', async () => {
    const res = await run('anonymous', 'mutation { update_users_me(data: { first_name: "X" }) { id } }');
    expect(codes(res.body)).toEqual(['INVALID_CREDENTIALS']);
  });

  it('refuses an admin grant nested in a non-admin write over GraphQL as over REST', async () => {
    const role = await createRole(t);
    const presets = await t
      .as('admin')
      .post('/permissions')
      .send({ role, collection: 'svc_presets', action: 'create', fields: ['*'] })
      .expect(200);
    expect(presets.body.data.id).toBeDefined();
    const user = await createUser(t, role);
    const nested = (policy: unknown) => ({ bookmark: 'x', role: { name: uniq('escalated'), policies: [{ policy }] } });
    const rest = await t
      .as(user.token)
      .post('/presets')
      .send(nested({ name: uniq('p'), admin_access: true }));
    expect(rest.status).toBe(403);
    const mutation = 'mutation($data: create_svc_presets_input!) { create_presets_item(data: $data) { id } }';
    const res = await run(user.token, mutation, { data: nested({ name: uniq('p'), admin_access: true }) });
    expect(codes(res.body)).toEqual(['FORBIDDEN']);
    const admins = await t.as('admin').get('/roles?filter[name][_starts_with]=escalated&fields=id').expect(200);
    expect(admins.body.data).toEqual([]);
  });
});
