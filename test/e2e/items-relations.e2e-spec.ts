import { createCollection, createRelation } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('/items/:collection', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('relations', () => {
    let authors: string;
    let posts: string;
    let author: number;

    beforeAll(async () => {
      authors = await createCollection(t, uniq('authors'), [{ field: 'name', type: 'string' }]);
      posts = await createCollection(t, uniq('posts'), [
        { field: 'title', type: 'string' },
        { field: 'author', type: 'integer' },
      ]);
      await createRelation(t, posts, 'author', authors, 'posts');
      author = (await t.as('admin').post(`/items/${authors}`).send({ name: 'Ann' })).body.data.id;
      await t
        .as('admin')
        .post(`/items/${posts}`)
        .send([
          { title: 'p1', author },
          { title: 'p2', author },
          { title: 'p3', author: null },
        ]);
    });

    it('expands many-to-one with dot paths and *.*', async () => {
      const res = await t.as('admin').get(`/items/${posts}?fields=title,author.name&sort=title`);
      expect(res.body.data).toEqual([
        { title: 'p1', author: { name: 'Ann' } },
        { title: 'p2', author: { name: 'Ann' } },
        { title: 'p3', author: null },
      ]);
      const all = await t.as('admin').get(`/items/${posts}?fields=*.*&limit=1&sort=title`);
      expect(all.body.data[0]).toEqual({
        id: expect.any(Number),
        title: 'p1',
        author: { id: author, name: 'Ann', posts: expect.any(Array) },
      });
    });

    it('answers one-to-many as keys with * and as objects with a path', async () => {
      const res = await t.as('admin').get(`/items/${authors}/${author}`);
      expect(res.body.data.posts).toHaveLength(2);
      const deep = await t
        .as('admin')
        .get(`/items/${authors}/${author}?fields=name,posts.title&deep[posts][_sort]=-title&deep[posts][_limit]=1`);
      expect(deep.body.data).toEqual({ name: 'Ann', posts: [{ title: 'p2' }] });
    });

    it('windows, sorts and filters one-to-many keys read with * by deep as it does objects', async () => {
      const keys = (
        await t.as('admin').get(`/items/${posts}?fields=id&filter[author][_eq]=${author}&sort=-title`)
      ).body.data.map((p: { id: number }) => p.id);
      const offset = await t
        .as('admin')
        .get(`/items/${authors}/${author}?fields=*&deep[posts][_sort]=-title&deep[posts][_offset]=1`);
      expect(offset.body.data.posts).toEqual([keys[1]]);
      const limit = await t
        .as('admin')
        .get(`/items/${authors}?fields=*&filter[id][_eq]=${author}&deep[posts][_sort]=-title&deep[posts][_limit]=1`);
      expect(limit.body.data[0].posts).toEqual([keys[0]]);
      const filtered = await t
        .as('admin')
        .get(`/items/${authors}/${author}?fields=posts&deep[posts][_filter][title][_eq]=p1`);
      expect(filtered.body.data).toEqual({ posts: [keys[1]] });
    });

    it('counts one-to-many items with count()', async () => {
      const res = await t.as('admin').get(`/items/${authors}/${author}?fields=name,count(posts)`);
      expect(res.body.data).toEqual({ name: 'Ann', posts_count: 2 });
      const filtered = await t.as('admin').get(`/items/${authors}?fields=name&filter[count(posts)][_gte]=2`);
      expect(filtered.body.data).toEqual([{ name: 'Ann' }]);
    });

    it('filters through relations', async () => {
      const res = await t.as('admin').get(`/items/${posts}?fields=title&filter[author][name][_eq]=Ann&sort=title`);
      expect(res.body.data).toEqual([{ title: 'p1' }, { title: 'p2' }]);
      const some = await t.as('admin').get(`/items/${authors}?fields=name&filter[posts][_some][title][_eq]=p2`);
      expect(some.body.data).toEqual([{ name: 'Ann' }]);
      const none = await t.as('admin').get(`/items/${authors}?fields=name&filter[posts][_none][title][_eq]=p2`);
      expect(none.body.data).toEqual([]);
    });

    it('sorts by a many-to-one path, then by a field', async () => {
      const res = await t
        .as('admin')
        .get(`/items/${posts}?fields=title&filter[author][_nnull]=true&sort=-author.name,-title`);
      expect(res.body.data).toEqual([{ title: 'p2' }, { title: 'p1' }]);
    });

    it('writes nested many-to-one objects', async () => {
      const created = await t
        .as('admin')
        .post(`/items/${posts}?fields=title,author.name`)
        .send({ title: 'n1', author: { name: 'Bob' } });
      expect(created.body.data).toEqual({ title: 'n1', author: { name: 'Bob' } });
      const linked = await t
        .as('admin')
        .post(`/items/${posts}?fields=author.name`)
        .send({ title: 'n2', author: { id: author, name: 'Ann B.' } });
      expect(linked.body.data).toEqual({ author: { name: 'Ann B.' } });
      await t.as('admin').patch(`/items/${authors}/${author}`).send({ name: 'Ann' });
    });

    it('writes one-to-many sets: arrays replace the set, { create, update, delete } change parts', async () => {
      const made = await t
        .as('admin')
        .post(`/items/${authors}?fields=name,posts.title`)
        .send({ name: 'Cy', posts: [{ title: 'c1' }, { title: 'c2' }] });
      expect(made.body.data).toEqual({ name: 'Cy', posts: [{ title: 'c1' }, { title: 'c2' }] });
      const cy = (await t.as('admin').get(`/items/${authors}?filter[name][_eq]=Cy&fields=id,posts`)).body.data[0];
      const [c1, c2] = cy.posts;
      const replaced = await t
        .as('admin')
        .patch(`/items/${authors}/${cy.id}?fields=posts.title`)
        .send({ posts: [c2, { title: 'c3' }] });
      expect(replaced.body.data.posts.map((p: { title: string }) => p.title).sort()).toEqual(['c2', 'c3']);
      expect((await t.as('admin').get(`/items/${posts}/${c1}?fields=author`)).body.data).toEqual({ author: null });
      const partial = await t
        .as('admin')
        .patch(`/items/${authors}/${cy.id}?fields=posts.title`)
        .send({ posts: { create: [{ title: 'c4' }], update: [{ id: c2, title: 'c2!' }], delete: [] } });
      expect(partial.body.data.posts.map((p: { title: string }) => p.title).sort()).toEqual(['c2!', 'c3', 'c4']);
      await expectError(
        t.as('admin').patch(`/items/${authors}/${cy.id}`).send({ posts: 'nope' }),
        400,
        'INVALID_PAYLOAD',
      );
    });

    it('answers an invalid foreign key with INVALID_FOREIGN_KEY on every vendor', () =>
      expectError(
        t.as('admin').post(`/items/${posts}`).send({ title: 'bad', author: 424242 }),
        400,
        'INVALID_FOREIGN_KEY',
      ));
  });
});

describe('/items with the data cache on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_ENABLED: 'true', CACHE_STATUS_HEADER: 'X-Cache' } });
  });
  afterAll(() => t.close());

  it('never answers a cached read that a write made stale', async () => {
    const c = await createCollection(t, uniq('cached'), [{ field: 'title', type: 'string' }]);
    const id = (await t.as('admin').post(`/items/${c}`).send({ title: 'a' })).body.data.id;
    expect((await t.as('admin').get(`/items/${c}?fields=title`)).body.data).toEqual([{ title: 'a' }]);
    const again = await t.as('admin').get(`/items/${c}?fields=title`);
    expect(again.headers['x-cache']).toBe('HIT');
    await t.as('admin').patch(`/items/${c}/${id}`).send({ title: 'b' });
    expect((await t.as('admin').get(`/items/${c}?fields=title`)).body.data).toEqual([{ title: 'b' }]);
    await t.as('admin').post(`/fields/${c}`).send({ field: 'extra', type: 'string' });
    expect((await t.as('admin').get(`/items/${c}?fields=title`)).headers['x-cache']).toBe('MISS');
  });
});
