import { createCollection } from '../../factories/collection.factory';
import { createRole, createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';

/**
 * `/access` (svc_access, the rows attaching policies to roles and users) as the reference serves it:
 * the standard collection routes, administrators only, through the items engine, so the last-admin rule
 * and the permission caches hold as for `/policies`. Its own instance: the bootstrap administrator is
 * the only admin, through their role's access row.
 */
describe('/access', () => {
  let t: TestApp;
  let adminRole: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminRole = (await t.as('admin').get('/users/me?fields=role').expect(200)).body.data.role;
  });
  afterAll(() => t.close());

  const policy = async (body: Record<string, unknown> = {}) =>
    (
      await t
        .as('admin')
        .post('/policies')
        .send({ name: uniq('policy'), ...body })
        .expect(200)
    ).body.data.id as string;

  it('lists, reads, searches, creates, updates and deletes access rows, one and many', async () => {
    const role = await createRole(t);
    const [first, second] = [await policy(), await policy()];
    const one = (await t.as('admin').post('/access').send({ role, policy: first, sort: 1 }).expect(200)).body.data;
    expect(one).toMatchObject({ id: expect.any(String), role, user: null, policy: first, sort: 1 });
    const many = (
      await t
        .as('admin')
        .post('/access?fields=id,policy')
        .send([{ role, policy: second, sort: 2 }])
        .expect(200)
    ).body.data;
    expect(many).toEqual([{ id: expect.any(String), policy: second }]);
    const listed = (await t.as('admin').get(`/access?filter[role][_eq]=${role}&fields=policy&sort=sort`).expect(200))
      .body.data;
    expect(listed).toEqual([{ policy: first }, { policy: second }]);
    const searched = await t
      .as('admin')
      .search('/access')
      .send({ query: { filter: { role: { _eq: role } }, fields: ['id'] } })
      .expect(200);
    expect(searched.body.data).toHaveLength(2);
    expect((await t.as('admin').get(`/access/${one.id}?fields=policy.name`).expect(200)).body.data.policy.name).toEqual(
      expect.any(String),
    );
    await t.as('admin').patch(`/access/${one.id}`).send({ sort: 5 }).expect(200);
    await t
      .as('admin')
      .patch('/access')
      .send({ keys: [many[0].id], data: { sort: 6 } })
      .expect(200);
    const sorts = (await t.as('admin').get(`/access?filter[role][_eq]=${role}&fields=sort&sort=sort`).expect(200)).body
      .data;
    expect(sorts).toEqual([{ sort: 5 }, { sort: 6 }]);
    await t.as('admin').delete(`/access/${one.id}`).expect(204);
    await t.as('admin').delete('/access').send([many[0].id]).expect(204);
    expect((await t.as('admin').get(`/access?filter[role][_eq]=${role}`).expect(200)).body.data).toEqual([]);
  });

  it('gives and takes access at once: the permission caches follow each write', async () => {
    const collection = await createCollection(t, uniq('notes'));
    const granting = await policy({ permissions: [{ collection, action: 'read', fields: ['*'], permissions: null }] });
    const user = await createUser(t, await createRole(t));
    await expectError(t.as(user.token).get(`/items/${collection}`), 403, 'FORBIDDEN');
    const row = (await t.as('admin').post('/access').send({ user: user.id, policy: granting }).expect(200)).body.data
      .id;
    await t.as(user.token).get(`/items/${collection}`).expect(200);
    await t.as('admin').delete(`/access/${row}`).expect(204);
    await expectError(t.as(user.token).get(`/items/${collection}`), 403, 'FORBIDDEN');
  });

  it('is for administrators only, reads included', async () => {
    const user = await createUser(t, await createRole(t));
    const [row] = (await t.as('admin').get('/access?limit=1&fields=id').expect(200)).body.data;
    await expectError(t.as(user.token).get('/access'), 403, 'FORBIDDEN');
    await expectError(t.as(user.token).get(`/access/${row.id}`), 403, 'FORBIDDEN');
    await expectError(
      t
        .as(user.token)
        .post('/access')
        .send({ user: user.id, policy: await policy({ admin_access: true }) }),
      403,
      'FORBIDDEN',
    );
    await expectError(t.as(user.token).delete(`/access/${row.id}`), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get('/access'), 403, 'FORBIDDEN');
  });

  it("refuses to take the last admin's admin policy away, one row or many", async () => {
    const rows = (
      await t.as('admin').get(`/access?filter[role][_eq]=${adminRole}&fields=id,policy.admin_access`).expect(200)
    ).body.data;
    const adminRow = rows.find((r: { policy: { admin_access: boolean } }) => r.policy.admin_access).id as string;
    await expectError(t.as('admin').delete(`/access/${adminRow}`), 422, 'UNPROCESSABLE_CONTENT');
    await expectError(
      t
        .as('admin')
        .delete('/access')
        .send({ keys: [adminRow] }),
      422,
      'UNPROCESSABLE_CONTENT',
    );
    await expectError(
      t
        .as('admin')
        .patch(`/access/${adminRow}`)
        .send({ policy: await policy() }),
      422,
      'UNPROCESSABLE_CONTENT',
    );
    await t.as('admin').get('/permissions').expect(200);
  });

  it('is a GraphQL system collection for administrators only', async () => {
    const query = '{ access(limit: 1) { id policy { id } } }';
    const admin = await t.as('admin').post('/graphql/system').send({ query }).expect(200);
    expect(admin.body.data.access).toHaveLength(1);
    const user = await createUser(t, await createRole(t));
    const refused = await t.as(user.token).post('/graphql/system').send({ query });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const role = await createRole(t);
    const created = await t
      .as('admin')
      .post('/graphql/system')
      .send({
        query: `mutation { create_access_item(data: { role: { id: "${role}" }, policy: { id: "${await policy()}" } }) { role { id } } }`,
      });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.create_access_item).toEqual({ role: { id: role } });
  });
});
