import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** Roles nest as a tree: no write, single, batch or nested, makes a role its own ancestor. */
describe('role nesting refuses loops', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const role = async (parent: string | null = null) =>
    (
      await t
        .as('admin')
        .post('/roles')
        .send({ name: uniq('role'), parent })
        .expect(200)
    ).body.data.id as string;
  const parentOf = async (id: string) =>
    (await t.as('admin').get(`/roles/${id}?fields=parent`).expect(200)).body.data.parent;

  it('refuses a role as its own parent, or under its child or grandchild, and keeps the tree', async () => {
    const top = await role();
    const child = await role(top);
    const grandchild = await role(child);
    await expectError(t.as('admin').patch(`/roles/${top}`).send({ parent: top }), 400, 'INVALID_PAYLOAD');
    await expectError(t.as('admin').patch(`/roles/${top}`).send({ parent: child }), 400, 'INVALID_PAYLOAD');
    await expectError(
      t
        .as('admin')
        .patch('/roles')
        .send({ keys: [top], data: { parent: grandchild } }),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      t
        .as('admin')
        .patch(`/roles/${grandchild}`)
        .send({ children: [top] }),
      400,
      'INVALID_PAYLOAD',
    );
    expect([await parentOf(top), await parentOf(child), await parentOf(grandchild)]).toEqual([null, top, child]);
  });

  it('still moves a role to another branch', async () => {
    const a = await role();
    const b = await role();
    const child = await role(a);
    await t.as('admin').patch(`/roles/${child}`).send({ parent: b }).expect(200);
    await t.as('admin').patch(`/roles/${a}`).send({ parent: child }).expect(200);
    expect(await parentOf(a)).toBe(child);
  });
});
