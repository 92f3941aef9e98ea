import { createRole, createUser, CreatedUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** `/presets` (svc_presets): bookmarks and layout settings, with the reference's app access rules. */
describe('/presets', () => {
  let t: TestApp;
  let role: string;
  let ann: CreatedUser;
  let bob: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    role = await createRole(t);
    ann = await createUser(t, role);
    bob = await createUser(t, role);
  });
  afterAll(() => t.close());

  const create = async (values: Record<string, unknown>, who = 'admin') => {
    const res = await t
      .as(who)
      .post('/presets')
      .send({ collection: 'svc_users', ...values });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: expect.anything() });
    return res.body.data as Record<string, unknown> & { id: number };
  };

  it('creates, reads, lists, updates and deletes presets, one or many', async () => {
    const layoutQuery = { tabular: { fields: ['email', 'role.name'], sort: ['-email'], page: 2 } };
    const one = await create({
      bookmark: uniq('Active'),
      filter: { status: { _eq: 'active' } },
      layout_query: layoutQuery,
      refresh_interval: 30,
    });
    expect(one).toEqual({
      id: expect.any(Number),
      bookmark: expect.stringMatching(/^Active_/),
      user: null,
      role: null,
      collection: 'svc_users',
      search: null,
      layout: 'tabular',
      layout_query: layoutQuery,
      layout_options: null,
      refresh_interval: 30,
      filter: { status: { _eq: 'active' } },
      icon: 'bookmark',
      color: null,
    });
    const many = await t
      .as('admin')
      .post('/presets?fields=id,user,search')
      .send([
        { collection: 'svc_files', user: ann.id, search: 'cats' },
        { collection: 'svc_files', user: ann.id, search: 'dogs' },
      ]);
    expect(many.body.data).toEqual([
      { id: expect.any(Number), user: ann.id, search: 'cats' },
      { id: expect.any(Number), user: ann.id, search: 'dogs' },
    ]);
    const keys = many.body.data.map((p: { id: number }) => p.id);

    expect((await t.as('admin').get(`/presets/${one.id}?fields=bookmark`)).body.data).toEqual({
      bookmark: one.bookmark,
    });
    const list = await t
      .as('admin')
      .get(`/presets?filter[user][_eq]=${ann.id}&sort=-search&fields=search,user.email&meta=filter_count`);
    expect(list.body).toEqual({
      data: [
        { search: 'dogs', user: { email: ann.email } },
        { search: 'cats', user: { email: ann.email } },
      ],
      meta: { filter_count: 2 },
    });

    expect((await t.as('admin').patch(`/presets/${one.id}`).send({ color: '#FF0000' })).body.data.color).toBe(
      '#FF0000',
    );
    const batch = await t
      .as('admin')
      .patch('/presets?fields=id,layout')
      .send({ keys, data: { layout: 'cards' } });
    expect(batch.body.data.map((p: { layout: string }) => p.layout)).toEqual(['cards', 'cards']);

    expect((await t.as('admin').delete('/presets').send(keys)).status).toBe(204);
    expect((await t.as('admin').delete(`/presets/${one.id}`)).status).toBe(204);
    expect((await t.as('admin').get(`/presets?filter[id][_in]=${[one.id, ...keys].join(',')}`)).body.data).toEqual([]);
    await expectError(t.as('admin').get(`/presets/${one.id}`), 403, 'FORBIDDEN');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['without a collection', { collection: undefined }, 'FAILED_VALIDATION'],
    ['with a refresh interval that is no number', { refresh_interval: 'often' }, 'INVALID_PAYLOAD'],
    ['with a search longer than its column', { search: 'x'.repeat(101) }, 'VALUE_TOO_LONG'],
    ['for a user that does not exist', { user: '00000000-0000-4000-8000-000000000000' }, 'INVALID_FOREIGN_KEY'],
  ])('refuses a preset %s with 400 and the standard body', async (_name, values, code) => {
    const res = await t
      .as('admin')
      .post('/presets')
      .send({ collection: 'svc_users', ...values });
    await expectError(res, 400, code);
  });

  it('refuses a bad query and anonymous callers', async () => {
    await expectError(t.as('admin').get('/presets?filter[nope][_eq]=1'), 400, 'INVALID_QUERY');
    await expectError(t.as('anonymous').get('/presets'), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').post('/presets').send({ collection: 'svc_users' }), 403, 'FORBIDDEN');
  });

  it("shows an app user their own, their role's and the global presets, never another user's or role's", async () => {
    const other = await createRole(t);
    const collection = uniq('scope');
    const own = await create({ collection, user: ann.id, bookmark: 'own' });
    const ofRole = await create({ collection, role, bookmark: 'role' });
    const global = await create({ collection, bookmark: 'global' });
    await create({ collection, user: bob.id, bookmark: 'bob' });
    await create({ collection, role: other, bookmark: 'other role' });
    // Another user's preset that names Ann's role is still that user's.
    await create({ collection, user: bob.id, role, bookmark: 'bob in role' });

    const seen = await t.as(ann.token).get(`/presets?filter[collection][_eq]=${collection}&sort=id&fields=id`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((p: { id: number }) => p.id)).toEqual([own.id, ofRole.id, global.id]);
    await expectError(
      t.as(ann.token).get(`/presets/${(await create({ collection, user: bob.id })).id}`),
      403,
      'FORBIDDEN',
    );
  });

  it('lets an app user write only their own presets', async () => {
    const mine = await create(
      { collection: 'svc_files', user: ann.id, layout_options: { cards: { size: 4 } } },
      ann.token,
    );
    expect(mine.layout_options).toEqual({ cards: { size: 4 } });
    expect((await t.as(ann.token).patch(`/presets/${mine.id}`).send({ search: 'mine' })).body.data.search).toBe('mine');

    const bobs = await create({ user: bob.id });
    const global = await create({});
    for (const id of [bobs.id, global.id]) {
      await expectError(t.as(ann.token).patch(`/presets/${id}`).send({ search: 'hijack' }), 403, 'FORBIDDEN');
      await expectError(t.as(ann.token).delete(`/presets/${id}`), 403, 'FORBIDDEN');
    }
    expect((await t.as('admin').get(`/presets/${bobs.id}`)).body.data.search).toBeNull();
    // Neither for someone else nor for no one: a new preset must name its author.
    for (const user of [bob.id, null]) {
      await expectError(
        t.as(ann.token).post('/presets').send({ collection: 'svc_files', user }),
        400,
        'FAILED_VALIDATION',
      );
    }
    expect(
      (await t.as('admin').get(`/presets?filter[collection][_eq]=svc_files&filter[user][_neq]=${ann.id}`)).body.data,
    ).toEqual([]);
    await expectError(t.as(ann.token).patch(`/presets/${mine.id}`).send({ user: bob.id }), 400, 'FAILED_VALIDATION');
    expect((await t.as(ann.token).delete(`/presets/${mine.id}`)).status).toBe(204);
  });

  it('is listed with its fields in /collections and /fields, for admins and app users', async () => {
    const collections = await t.as('admin').get('/collections/svc_presets');
    expect(collections.body.data).toMatchObject({
      collection: 'svc_presets',
      meta: { system: true },
      schema: { name: 'svc_presets' },
    });
    const fields = (await t.as('admin').get('/fields/svc_presets')).body.data
      .map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual(
      [
        'bookmark',
        'collection',
        'color',
        'filter',
        'icon',
        'id',
        'layout',
        'layout_options',
        'layout_query',
        'refresh_interval',
        'role',
        'search',
        'user',
      ].sort(),
    );
    const relation = (await t.as('admin').get('/relations/svc_presets/user')).body.data;
    expect(relation).toMatchObject({ collection: 'svc_presets', field: 'user', related_collection: 'svc_users' });
    const seen = (await t.as(ann.token).get('/fields/svc_presets')).body.data.map((f: { field: string }) => f.field);
    expect(seen).toEqual(expect.arrayContaining(['layout_query', 'user', 'role']));
  });
});
