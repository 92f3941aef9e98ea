import objectHash from 'object-hash';
import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** API.md 5.1-5.3: creating, reading, renaming and deleting versions. */
describe('/versions', () => {
  let t: TestApp;
  let articles: string;
  let plain: string;
  let first: number;
  let second: number;

  const create = (body: unknown) =>
    t
      .as('admin')
      .post('/versions')
      .send(body as object);

  beforeAll(async () => {
    t = await createTestApp();
    articles = await createCollection(
      t,
      uniq('articles'),
      [
        { field: 'title', type: 'string' },
        { field: 'body', type: 'text' },
      ],
      { versioning: true },
    );
    plain = await createCollection(t, uniq('plain'), [{ field: 'title', type: 'string' }]);
    const res = await t
      .as('admin')
      .post(`/items/${articles}`)
      .send([{ title: 'first' }, { title: 'second' }]);
    [first, second] = res.body.data.map((a: { id: number }) => a.id);
  });
  afterAll(() => t.close());

  describe('POST', () => {
    it('creates one version from an object and stores the hash of the main item', async () => {
      const res = await create({ key: uniq('draft'), name: 'Draft', collection: articles, item: String(first) });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        key: expect.stringMatching(/^draft_/),
        name: 'Draft',
        collection: articles,
        item: String(first),
        hash: objectHash({ id: first, title: 'first', body: null }),
        date_created: expect.any(String),
        date_updated: expect.any(String),
        user_created: expect.any(String),
        user_updated: null,
        delta: null,
      });
    });

    it('creates many from an array and from { data: [...] }', async () => {
      const bare = await create([
        { key: uniq('a'), collection: articles, item: String(first) },
        { key: uniq('b'), collection: articles, item: String(second) },
      ]);
      expect(bare.status).toBe(200);
      expect(bare.body.data).toHaveLength(2);
      expect(bare.body.data.map((v: { item: string }) => v.item).sort()).toEqual(
        [String(first), String(second)].sort(),
      );
      const wrapped = await create({ data: [{ key: uniq('c'), collection: articles, item: String(first) }] });
      expect(wrapped.status).toBe(200);
      expect(wrapped.body.data).toEqual([expect.objectContaining({ collection: articles, item: String(first) })]);
    });

    it('answers with the fields asked for', async () => {
      const res = await t
        .as('admin')
        .post('/versions?fields=key,item')
        .send({ key: 'fields-asked', collection: articles, item: String(second) });
      expect(res.body).toEqual({ data: { key: 'fields-asked', item: String(second) } });
    });

    it.each([
      ['a missing key', { item: '1' }],
      ['a numeric item', { key: 'k', item: 1 }],
      ['a missing item', { key: 'k' }],
      ['the reserved key main', { key: 'main', item: '1' }],
      ['the reserved key published', { key: 'published', item: '1' }],
      ['a field set by the server', { key: 'k', item: '1', hash: 'x' }],
      ['a delta', { key: 'k', item: '1', delta: { title: 'x' } }],
    ])('refuses %s with 400', async (_label, body) => {
      await expectError(create({ collection: articles, ...body }), 400, 'INVALID_PAYLOAD');
    });

    it('refuses a collection without versioning and a system collection with 422, an unknown collection with 403 as the reference', async () => {
      const res = await t.as('admin').post(`/items/${plain}`).send({ title: 'x' });
      await expectError(
        create({ key: 'k', collection: plain, item: String(res.body.data.id) }),
        422,
        'UNPROCESSABLE_CONTENT',
      );
      await expectError(create({ key: 'k', collection: uniq('nowhere'), item: '1' }), 403, 'FORBIDDEN');
      const role = await createRole(t);
      await expectError(create({ key: 'k', collection: 'svc_roles', item: role }), 422, 'UNPROCESSABLE_CONTENT');
    });

    it('refuses a second version with the same key on the same item with 422, also inside one array', async () => {
      const key = uniq('dup');
      expect((await create({ key, collection: articles, item: String(first) })).status).toBe(200);
      await expectError(create({ key, collection: articles, item: String(first) }), 422, 'UNPROCESSABLE_CONTENT');
      expect((await create({ key, collection: articles, item: String(second) })).status).toBe(200);
      const other = uniq('dup');
      await expectError(
        create([
          { key: other, collection: articles, item: String(first) },
          { key: other, collection: articles, item: String(first) },
        ]),
        422,
        'UNPROCESSABLE_CONTENT',
      );
      const stored = await t.as('admin').get(`/versions?filter[key][_eq]=${other}`);
      expect(stored.body.data).toEqual([]);
    });

    it('refuses an item that does not exist with 403', async () => {
      await expectError(create({ key: 'k', collection: articles, item: '987654' }), 403, 'FORBIDDEN');
    });
  });

  describe('permissions', () => {
    let role: string;
    let editor: { token: string };
    let hidden: number;

    beforeAll(async () => {
      role = await createRole(t);
      editor = await createUser(t, role);
      hidden = (await t.as('admin').post(`/items/${articles}`).send({ title: 'hidden' })).body.data.id;
      await grant(t, role, articles, 'read', { permissions: { title: { _neq: 'hidden' } } });
    });

    it('needs create permission on svc_versions', async () => {
      await expectError(
        t
          .as(editor.token)
          .post('/versions')
          .send({ key: uniq('p'), collection: articles, item: String(first) }),
        403,
        'FORBIDDEN',
      );
      await expectError(t.as('anonymous').get('/versions'), 403, 'FORBIDDEN');
    });

    it('needs read access to the item, and hashes the item as the caller reads it', async () => {
      await grant(t, role, 'svc_versions', 'create');
      await grant(t, role, 'svc_versions', 'read');
      await expectError(
        t
          .as(editor.token)
          .post('/versions')
          .send({ key: uniq('p'), collection: articles, item: String(hidden) }),
        403,
        'FORBIDDEN',
      );
      const res = await t
        .as(editor.token)
        .post('/versions')
        .send({ key: uniq('p'), collection: articles, item: String(first) });
      expect(res.status).toBe(200);
      expect(res.body.data.hash).toBe(objectHash({ id: first, title: 'first', body: null }));
    });

    it('answers 403 for an item the caller may not read before looking at versioning', async () => {
      const res = await t.as('admin').post(`/items/${plain}`).send({ title: 'x' });
      await expectError(
        t
          .as(editor.token)
          .post('/versions')
          .send({ key: uniq('p'), collection: plain, item: String(res.body.data.id) }),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('GET', () => {
    let key: string;
    let id: string;

    beforeAll(async () => {
      key = uniq('listed');
      id = (await create({ key, collection: articles, item: String(second) })).body.data.id;
    });

    it('lists through the shared query engine with meta', async () => {
      const res = await t.as('admin').get(`/versions?filter[key][_eq]=${key}&fields=id,key,item&meta=*`);
      expect(res.body).toEqual({
        data: [{ id, key, item: String(second) }],
        meta: { total_count: expect.any(Number), filter_count: 1 },
      });
      const sorted = await t
        .as('admin')
        .get(`/versions?filter[collection][_eq]=${articles}&sort=-date_created&limit=1&fields=id`);
      expect(sorted.body.data).toHaveLength(1);
    });

    it('reads one version and answers an unknown one with 403', async () => {
      const res = await t.as('admin').get(`/versions/${id}?fields=key,collection`);
      expect(res.body).toEqual({ data: { key, collection: articles } });
      await expectError(t.as('admin').get('/versions/00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
    });

    it('reads with SEARCH and a query in the body', async () => {
      const res = await t
        .as('admin')
        .search('/versions')
        .send({ query: { filter: { key: { _eq: key } }, fields: ['key'] } });
      expect(res.body).toEqual({ data: [{ key }] });
    });
  });

  describe('PATCH', () => {
    it('renames one version (key and name)', async () => {
      const { id } = (await create({ key: uniq('old'), collection: articles, item: String(first) })).body.data;
      const key = uniq('new');
      const res = await t.as('admin').patch(`/versions/${id}`).send({ key, name: 'Renamed' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id, key, name: 'Renamed', collection: articles, item: String(first) });
    });

    it.each([
      ['the collection', { collection: 'other' }],
      ['the item', { item: '2' }],
      ['the delta', { delta: { title: 'x' } }],
      ['the hash', { hash: 'x' }],
      ['to a reserved key', { key: 'main' }],
    ])('refuses to change %s with 400', async (_label, body) => {
      const { id } = (await create({ key: uniq('fixed'), collection: articles, item: String(first) })).body.data;
      await expectError(t.as('admin').patch(`/versions/${id}`).send(body), 400, 'INVALID_PAYLOAD');
      const after = await t.as('admin').get(`/versions/${id}`);
      expect(after.body.data).toMatchObject({ collection: articles, item: String(first), delta: null });
    });

    it('refuses a key another version of the item already has with 422', async () => {
      const taken = uniq('taken');
      await create({ key: taken, collection: articles, item: String(first) });
      const { id } = (await create({ key: uniq('free'), collection: articles, item: String(first) })).body.data;
      await expectError(t.as('admin').patch(`/versions/${id}`).send({ key: taken }), 422, 'UNPROCESSABLE_CONTENT');
      const other = (await create({ key: uniq('free'), collection: articles, item: String(second) })).body.data.id;
      expect((await t.as('admin').patch(`/versions/${other}`).send({ key: taken })).status).toBe(200);
    });

    it('changes many with { keys, data }, { query, data } and an array', async () => {
      const ids: string[] = (
        await create([
          { key: uniq('m'), collection: articles, item: String(first) },
          { key: uniq('m'), collection: articles, item: String(second) },
        ])
      ).body.data.map((v: { id: string }) => v.id);
      const byKeys = await t
        .as('admin')
        .patch('/versions?fields=name')
        .send({ keys: ids, data: { name: 'by keys' } });
      expect(byKeys.body).toEqual({ data: [{ name: 'by keys' }, { name: 'by keys' }] });
      const byQuery = await t
        .as('admin')
        .patch('/versions?fields=name')
        .send({ query: { filter: { id: { _in: ids } } }, data: { name: 'by query' } });
      expect(byQuery.body.data).toEqual([{ name: 'by query' }, { name: 'by query' }]);
      const byArray = await t
        .as('admin')
        .patch('/versions?fields=id,name')
        .send([
          { id: ids[0], name: 'one' },
          { id: ids[1], name: 'two' },
        ]);
      expect(byArray.body.data).toEqual(
        expect.arrayContaining([
          { id: ids[0], name: 'one' },
          { id: ids[1], name: 'two' },
        ]),
      );
    });

    it('applies the rules to every batch form', async () => {
      const ids: string[] = (
        await create([
          { key: uniq('m'), collection: articles, item: String(first) },
          { key: uniq('m'), collection: articles, item: String(first) },
        ])
      ).body.data.map((v: { id: string }) => v.id);
      await expectError(
        t
          .as('admin')
          .patch('/versions')
          .send({ keys: ids, data: { item: '5' } }),
        400,
        'INVALID_PAYLOAD',
      );
      await expectError(
        t
          .as('admin')
          .patch('/versions')
          .send([{ id: ids[0], collection: plain }]),
        400,
        'INVALID_PAYLOAD',
      );
      // Both versions of one item renamed to the same key.
      await expectError(
        t
          .as('admin')
          .patch('/versions')
          .send({ keys: ids, data: { key: uniq('same') } }),
        422,
        'UNPROCESSABLE_CONTENT',
      );
      const same = uniq('same');
      await expectError(
        t
          .as('admin')
          .patch('/versions')
          .send([
            { id: ids[0], key: same },
            { id: ids[1], key: same },
          ]),
        422,
        'UNPROCESSABLE_CONTENT',
      );
      const after = await t.as('admin').get(`/versions?filter[id][_in]=${ids.join(',')}&filter[key][_eq]=${same}`);
      expect(after.body.data).toEqual([]);
    });
  });

  describe('DELETE', () => {
    const three = async () =>
      (
        await create([1, 2, 3].map(() => ({ key: uniq('del'), collection: articles, item: String(first) })))
      ).body.data.map((v: { id: string }) => v.id) as string[];

    it('deletes one, an array of keys, { keys } and { query } with 204', async () => {
      const ids = await three();
      const one = await t.as('admin').delete(`/versions/${ids[0]}`);
      expect(one.status).toBe(204);
      expect(one.text).toBe('');
      expect((await t.as('admin').delete('/versions').send([ids[1]])).status).toBe(204);
      expect(
        (
          await t
            .as('admin')
            .delete('/versions')
            .send({ keys: [ids[2]] })
        ).status,
      ).toBe(204);
      const more = await three();
      expect(
        (
          await t
            .as('admin')
            .delete('/versions')
            .send({ query: { filter: { id: { _in: more } } } })
        ).status,
      ).toBe(204);
      const left = await t.as('admin').get(`/versions?filter[id][_in]=${[...ids, ...more].join(',')}`);
      expect(left.body.data).toEqual([]);
    });

    it('answers an unknown version with 403 and a bad body with 400', async () => {
      await expectError(t.as('admin').delete('/versions/00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
      await expectError(t.as('admin').delete('/versions').send({ nothing: true }), 400, 'INVALID_PAYLOAD');
    });
  });
});
