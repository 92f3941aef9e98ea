import { createRole, createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';

/** Its own instance: the bootstrap administrator starts as the only active admin. */
describe('the last active admin (as the reference)', () => {
  let t: TestApp;
  let adminId: string;
  let adminRole: string;
  beforeAll(async () => {
    t = await createTestApp();
    const me = (await t.as('admin').get('/users/me?fields=id,role')).body.data;
    adminId = me.id;
    adminRole = me.role;
  });
  afterAll(() => t.close());

  it('can be neither suspended, moved out of the admin role nor deleted, and keeps its sessions', async () => {
    const other = await createRole(t);
    await expectError(
      t.as('admin').patch(`/users/${adminId}`).send({ status: 'suspended' }),
      422,
      'UNPROCESSABLE_CONTENT',
    );
    await expectError(t.as('admin').patch(`/users/${adminId}`).send({ role: other }), 422, 'UNPROCESSABLE_CONTENT');
    await expectError(
      t
        .as('admin')
        .patch('/users')
        .send({ keys: [adminId], data: { role: null } }),
      422,
      'UNPROCESSABLE_CONTENT',
    );
    await expectError(t.as('admin').delete(`/users/${adminId}`), 422, 'UNPROCESSABLE_CONTENT');
    await expectError(t.as('admin').delete('/users').send([adminId]), 422, 'UNPROCESSABLE_CONTENT');
    const stored = await t.as('admin').get(`/users/${adminId}?fields=status,role`);
    expect(stored.body.data).toEqual({ status: 'active', role: adminRole });
    expect(
      (await t.as('anonymous').post('/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
    ).toBe(200);
  });

  it('can change once another active admin exists, which then becomes the last one', async () => {
    const second = await createUser(t, adminRole);
    expect((await t.as('admin').patch(`/users/${second.id}`).send({ first_name: 'Second' })).status).toBe(200);
    expect((await t.as(second.token).patch(`/users/${adminId}`).send({ status: 'suspended' })).status).toBe(200);
    await expectError(t.as(second.token).delete(`/users/${second.id}`), 422, 'UNPROCESSABLE_CONTENT');
    expect((await t.as(second.token).patch(`/users/${adminId}`).send({ status: 'active' })).status).toBe(200);
    expect((await t.as(second.token).delete(`/users/${second.id}`)).status).toBe(204);
  });
});
