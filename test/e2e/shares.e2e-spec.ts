import { createPublishedAndDraft } from '../factories/collection.factory';
import { createRole, createUser, CreatedUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** `/shares` (svc_shares): links to one item, made only by who may share it, with their public info. */
describe('/shares', () => {
  let t: TestApp;
  let articles: string;
  let published: number;
  let draft: number;
  let sharer: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    ({ articles, published, draft } = await createPublishedAndDraft(t));
    const role = await createRole(t);
    await grant(t, role, articles, 'read');
    await grant(t, role, 'svc_shares', 'create');
    await grant(t, role, articles, 'share' as 'read', { permissions: { status: { _eq: 'published' } } });
    sharer = await createUser(t, role);
  });
  afterAll(() => t.close());

  const share = async (values: Record<string, unknown>, who = 'admin') => {
    const res = await t
      .as(who)
      .post('/shares')
      .send({ collection: articles, item: String(published), ...values });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 200, errors: undefined });
    return res.body.data as Record<string, unknown> & { id: string };
  };

  it('creates, reads, lists, updates and deletes shares, one or many', async () => {
    const admin = (await t.as('admin').get('/users/me?fields=id')).body.data.id;
    const one = await share({ name: 'For the press', password: 'open sesame', max_uses: 5 });
    expect(one).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'For the press',
      collection: articles,
      item: String(published),
      role: null,
      password: '**********',
      user_created: admin,
      date_created: expect.any(String),
      date_start: null,
      date_end: null,
      times_used: 0,
      max_uses: 5,
    });
    const many = await t
      .as('admin')
      .post('/shares?fields=id,item')
      .send([
        { collection: articles, item: draft, name: 'a' },
        { collection: articles, item: String(published), name: 'b' },
      ]);
    expect(many.body.data).toEqual([
      { id: expect.any(String), item: String(draft) },
      { id: expect.any(String), item: String(published) },
    ]);
    const keys = many.body.data.map((s: { id: string }) => s.id);
    const list = await t
      .as('admin')
      .get(
        `/shares?filter[collection][_eq]=${articles}&filter[name][_in]=a,b&sort=name&fields=name,user_created.id&meta=filter_count`,
      );
    expect(list.body).toEqual({
      data: [
        { name: 'a', user_created: { id: admin } },
        { name: 'b', user_created: { id: admin } },
      ],
      meta: { filter_count: 2 },
    });
    expect((await t.as('admin').get(`/shares/${one.id}?fields=name`)).body.data).toEqual({ name: 'For the press' });
    expect((await t.as('admin').patch(`/shares/${one.id}`).send({ name: 'Renamed' })).body.data.name).toBe('Renamed');
    const batch = await t
      .as('admin')
      .patch('/shares?fields=max_uses')
      .send({ keys, data: { max_uses: 1 } });
    expect(batch.body.data).toEqual([{ max_uses: 1 }, { max_uses: 1 }]);
    expect((await t.as('admin').delete('/shares').send(keys)).status).toBe(204);
    expect((await t.as('admin').delete(`/shares/${one.id}`)).status).toBe(204);
    await expectError(t.as('admin').get(`/shares/${one.id}`), 403, 'FORBIDDEN');
  });

  it('tells anyone holding an open share what it opens, and nothing about a closed one', async () => {
    const open = await share({ password: 'secret', max_uses: 3 });
    const info = await t.as('anonymous').get(`/shares/info/${open.id}`);
    expect(info.body).toEqual({
      data: {
        id: open.id,
        collection: articles,
        item: String(published),
        password: '**********',
        max_uses: 3,
        times_used: 0,
        date_start: null,
        date_end: null,
      },
    });
    const free = await share({});
    expect((await t.as('anonymous').get(`/shares/info/${free.id}`)).body.data.password).toBeNull();

    const closed = [
      await share({ date_end: '2020-01-01T00:00:00.000Z' }),
      await share({ date_start: '2999-01-01T00:00:00.000Z' }),
      await share({ max_uses: 0 }),
    ];
    for (const s of closed) await expectError(t.as('anonymous').get(`/shares/info/${s.id}`), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get('/shares/info/00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get('/shares/info/not-a-uuid'), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get(`/shares/${open.id}`), 403, 'FORBIDDEN');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['without an item', { item: undefined }, 'FAILED_VALIDATION'],
    ['of a collection that does not exist', { collection: 'nowhere' }, 'INVALID_FOREIGN_KEY'],
    ['with a use limit that is no number', { max_uses: 'many' }, 'INVALID_PAYLOAD'],
    ['with an end that is no date', { date_end: 'someday' }, 'INVALID_PAYLOAD'],
  ])('refuses a share %s with 400 and the standard body', async (_name, values, code) => {
    const name = uniq('bad');
    await expectError(
      t
        .as('admin')
        .post('/shares')
        .send({ collection: articles, item: String(published), name, ...values }),
      400,
      code,
    );
    expect((await t.as('admin').get(`/shares?filter[name][_eq]=${name}`)).body.data).toEqual([]);
  });

  it('lets a user share only what their share rule allows and they can read', async () => {
    const mine = await share({ name: uniq('mine') }, sharer.token);
    expect(mine.user_created).toBe(sharer.id);
    await expectError(
      t
        .as(sharer.token)
        .post('/shares')
        .send({ collection: articles, item: String(draft) }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t.as(sharer.token).post('/shares').send({ collection: articles, item: '999999' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t.as(sharer.token).post('/shares').send({ collection: 'svc_users', item: sharer.id }),
      403,
      'FORBIDDEN',
    );
    await expectError(t.as(sharer.token).post('/shares').send({ collection: articles }), 400, 'INVALID_PAYLOAD');
    // A batch with one item it may not share writes none.
    const name = uniq('batch');
    await expectError(
      t
        .as(sharer.token)
        .post('/shares')
        .send([
          { collection: articles, item: published, name },
          { collection: articles, item: draft, name },
        ]),
      403,
      'FORBIDDEN',
    );
    expect((await t.as('admin').get(`/shares?filter[name][_eq]=${name}`)).body.data).toEqual([]);

    const plain = await createUser(t, await createRole(t));
    await expectError(
      t
        .as(plain.token)
        .post('/shares')
        .send({ collection: articles, item: String(published) }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t
        .as('anonymous')
        .post('/shares')
        .send({ collection: articles, item: String(published) }),
      403,
      'FORBIDDEN',
    );
  });

  it("shows an app user the shares they made and no one else's", async () => {
    const mine = await share({ name: uniq('own') }, sharer.token);
    const admins = await share({ name: uniq('admins') });
    const seen = (await t.as(sharer.token).get('/shares?fields=id,user_created')).body.data;
    expect(seen.map((s: { id: string }) => s.id)).toContain(mine.id);
    expect(seen.every((s: { user_created: string }) => s.user_created === sharer.id)).toBe(true);
    await expectError(t.as(sharer.token).get(`/shares/${admins.id}`), 403, 'FORBIDDEN');
    await expectError(t.as(sharer.token).delete(`/shares/${mine.id}`), 403, 'FORBIDDEN');
  });

  it('is listed in /collections and /fields; app users see at least ten system collections', async () => {
    expect((await t.as('admin').get('/collections/svc_shares')).body.data).toMatchObject({
      collection: 'svc_shares',
      meta: { system: true },
    });
    const fields = (await t.as('admin').get('/fields/svc_shares')).body.data
      .map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual([
      'collection',
      'date_created',
      'date_end',
      'date_start',
      'id',
      'item',
      'max_uses',
      'name',
      'password',
      'role',
      'times_used',
      'user_created',
    ]);
    const seen = (await t.as(sharer.token).get('/collections')).body.data.map(
      (c: { collection: string }) => c.collection,
    );
    expect(seen.filter((c: string) => c.startsWith('svc_')).length).toBeGreaterThanOrEqual(10);
    expect(seen).toEqual(expect.arrayContaining(['svc_presets', 'svc_notifications', 'svc_shares']));
  });

  it('keeps presets, notifications and shares out of a schema snapshot', async () => {
    const snapshot = JSON.stringify((await t.as('admin').get('/schema/snapshot')).body.data);
    expect(snapshot).toContain(articles);
    for (const system of ['svc_presets', 'svc_notifications', 'svc_shares']) expect(snapshot).not.toContain(system);
  });
});
