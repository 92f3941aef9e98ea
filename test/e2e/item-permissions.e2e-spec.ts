import { createCollection, createPublishedAndDraft } from '../factories/collection.factory';
import { createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/**
 * `GET /permissions/me/:collection/:key?`: what the caller may do to one item (or a singleton), as the
 * reference's app asks before offering save, delete and share on an item's page.
 */
describe('item permissions of the caller', () => {
  let t: TestApp;
  let articles: string;
  let published: number;
  let draft: number;
  let settings: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ articles, published, draft } = await createPublishedAndDraft(t));
    settings = await createCollection(t, uniq('site'), [{ field: 'motto', type: 'string' }], { singleton: true });
  });
  afterAll(() => t.close());

  /** A user whose role carries one policy with `permissions`. */
  async function userWith(permissions: Record<string, unknown>[]) {
    const policy = { name: uniq('policy'), app_access: true, permissions };
    const role = await t
      .as('admin')
      .post('/roles')
      .send({ name: uniq('role'), policies: { create: [{ policy }], update: [], delete: [] } });
    expect(role.status).toBe(200);
    return createUser(t, role.body.data.id as string);
  }

  const read = async (token: string, path: string) =>
    (await t.as(token).get(`/permissions/me/${path}`).expect(200)).body.data;

  it('opens every action to an administrator, and refuses anonymous callers', async () => {
    expect(await read('admin', `${articles}/${draft}`)).toEqual({
      update: { access: true },
      delete: { access: true },
      share: { access: true },
    });
    await expectError(t.as('anonymous').get(`/permissions/me/${articles}/${draft}`), 403, 'FORBIDDEN');
  });

  it("opens an action for an item only when the item passes that action's row filter", async () => {
    const user = await userWith([
      { collection: articles, action: 'read', fields: ['*'], permissions: null },
      { collection: articles, action: 'update', fields: ['title'], permissions: { status: { _eq: 'draft' } } },
      { collection: articles, action: 'share', fields: ['*'], permissions: { status: { _eq: 'published' } } },
    ]);
    expect(await read(user.token, `${articles}/${draft}`)).toEqual({
      update: { access: true },
      delete: { access: false },
      share: { access: false },
    });
    expect(await read(user.token, `${articles}/${published}`)).toEqual({
      update: { access: false },
      delete: { access: false },
      share: { access: true },
    });
    // Without a key: whether the caller has a rule for the action at all.
    expect(await read(user.token, articles)).toEqual({
      update: { access: true },
      delete: { access: false },
      share: { access: true },
    });
  });

  it('answers closed for an item that does not exist, a key of the wrong type and an unknown collection', async () => {
    const user = await userWith([{ collection: articles, action: 'update', fields: ['*'], permissions: null }]);
    const closed = { update: { access: false }, delete: { access: false }, share: { access: false } };
    expect(await read(user.token, `${articles}/999999`)).toEqual(closed);
    expect(await read(user.token, `${articles}/not-a-number`)).toEqual(closed);
    expect(await read(user.token, `${uniq('missing')}/1`)).toEqual(closed);
  });

  it("gives a singleton's update the fields and presets of the rule: create before its row exists, update after", async () => {
    const user = await userWith([
      { collection: settings, action: 'create', fields: ['motto'], permissions: null, presets: { motto: 'new' } },
      {
        collection: settings,
        action: 'update',
        fields: ['motto'],
        permissions: { motto: { _eq: 'open' } },
        presets: { motto: 'kept' },
      },
    ]);
    expect((await read(user.token, settings)).update).toEqual({
      access: true,
      fields: ['motto'],
      presets: { motto: 'new' },
    });
    await t.as('admin').patch(`/items/${settings}`).send({ motto: 'closed' }).expect(200);
    expect((await read(user.token, settings)).update).toEqual({ access: false });
    await t.as('admin').patch(`/items/${settings}`).send({ motto: 'open' }).expect(200);
    expect(await read(user.token, settings)).toEqual({
      update: { access: true, fields: ['motto'], presets: { motto: 'kept' } },
      delete: { access: false },
      share: { access: false },
    });
  });
});
