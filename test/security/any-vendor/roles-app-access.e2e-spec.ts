import { createRole, createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';

/**
 * `/roles` as the reference: app access reads the caller's own roles (their role and its parents) and
 * nothing else; without app access, or without a signed-in user, no role at all; writes stay admin only.
 */
describe('/roles for users who are not administrators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id).sort();

  it('lets a user with app access read their own role and its parent, and no other', async () => {
    const parent = await createRole(t, { app_access: false });
    const role = await createRole(t, { parent });
    const other = await createRole(t);
    const user = await createUser(t, role);
    expect(ids(await t.as(user.token).get('/roles?fields=id').expect(200))).toEqual([parent, role].sort());
    expect((await t.as(user.token).get(`/roles/${role}?fields=name`).expect(200)).body.data.name).toEqual(
      expect.any(String),
    );
    await expectError(t.as(user.token).get(`/roles/${other}`), 403, 'FORBIDDEN');
    expect(
      ids(
        await t
          .as(user.token)
          .search('/roles')
          .send({ query: { fields: ['id'] } })
          .expect(200),
      ),
    ).toEqual([parent, role].sort());
    const graphql = await t.as(user.token).post('/graphql/system').send({ query: '{ roles { id } }' }).expect(200);
    expect(graphql.body.data.roles.map((r: { id: string }) => r.id).sort()).toEqual([parent, role].sort());
  });

  it('keeps the writes for administrators', async () => {
    const role = await createRole(t);
    const user = await createUser(t, role);
    await expectError(
      t
        .as(user.token)
        .post('/roles')
        .send({ name: uniq('role') }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t
        .as(user.token)
        .patch(`/roles/${role}`)
        .send({ name: uniq('role') }),
      403,
      'FORBIDDEN',
    );
    await expectError(t.as(user.token).delete(`/roles/${role}`), 403, 'FORBIDDEN');
    const mutation = await t
      .as(user.token)
      .post('/graphql/system')
      .send({ query: `mutation { update_roles_item(id: "${role}", data: { name: "x" }) { id } }` });
    expect(mutation.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('reads no role without app access, nor for anonymous callers', async () => {
    const user = await createUser(t, await createRole(t, { app_access: false }));
    await expectError(t.as(user.token).get('/roles'), 403, 'FORBIDDEN');
    await expectError(t.as(user.token).get(`/roles/${user.role}`), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get('/roles'), 403, 'FORBIDDEN');
  });
});
