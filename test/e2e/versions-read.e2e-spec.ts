import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** API.md 5.7 (reading items through a version) and relational payloads in a version (5.4, 5.6). */
describe('reading through a version, relational versions', () => {
  let t: TestApp;
  let authors: string;
  let articles: string;
  let comments: string;
  let ann: number;
  let bea: number;

  const admin = () => t.as('admin');

  /** An article by Ann with two comments, and a version of it under `key`. */
  async function fixture(key: string, title = uniq('Main')) {
    const id = (await admin().post(`/items/${articles}`).send({ title, author: ann })).body.data.id as number;
    const made = await admin()
      .post(`/items/${comments}`)
      .send([
        { text: 'c1', article: id },
        { text: 'c2', article: id },
      ]);
    const [c1, c2] = made.body.data.map((c: { id: number }) => c.id) as number[];
    const v = (
      await admin()
        .post('/versions')
        .send({ key, collection: articles, item: String(id) })
    ).body.data as { id: string; hash: string };
    return { id, title, c1, c2, v };
  }
  /** API.md 5.7: what a read through a version tells of the version it applied. */
  const meta = (version: string) => ({ version_id: version });
  const save = async (version: string, body: unknown) => {
    const res = await admin()
      .post(`/versions/${version}/save`)
      .send(body as object);
    expect(res.status).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    authors = await createCollection(t, uniq('authors'), [{ field: 'name', type: 'string' }]);
    articles = await createCollection(
      t,
      uniq('articles'),
      [
        { field: 'title', type: 'string' },
        { field: 'author', type: 'integer' },
      ],
      { versioning: true },
    );
    comments = await createCollection(t, uniq('comments'), [
      { field: 'text', type: 'string' },
      { field: 'article', type: 'integer' },
    ]);
    await createRelation(t, articles, 'author', authors);
    await createRelation(t, comments, 'article', articles, 'comments');
    [ann, bea] = (
      await admin()
        .post(`/items/${authors}`)
        .send([{ name: 'Ann' }, { name: 'Bea' }])
    ).body.data.map((a: { id: number }) => a.id);
  });
  afterAll(() => t.close());

  describe('GET /items/:collection/:id?version=', () => {
    it('tells $meta.version_id of an applied version, and an empty delta of one that changes nothing', async () => {
      const key = uniq('empty');
      const { id, title, v } = await fixture(key);
      const unchanged = await admin().get(`/items/${articles}/${id}?version=${key}&fields=title`);
      expect(unchanged.body.data).toEqual({ title, $meta: { version_id: v.id, delta: {} } });
      await save(v.id, { title: 'Changed' });
      const changed = await admin().get(`/items/${articles}/${id}?version=${key}&fields=title`);
      expect(changed.body.data).toEqual({ title: 'Changed', $meta: { version_id: v.id } });
    });

    it('answers the item as it would be after promote, in the shape of a normal read', async () => {
      const key = uniq('draft');
      const { id, title, c1, c2, v } = await fixture(key);
      await save(v.id, { title: 'Draft title' });
      const main = await admin().get(`/items/${articles}/${id}`);
      expect(main.body.data).toEqual({ id, title, author: ann, comments: [c1, c2] });
      const res = await admin().get(`/items/${articles}/${id}?version=${key}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          ...main.body.data,
          title: 'Draft title',
          $meta: { version_id: v.id },
        },
      });
      expect((await admin().get(`/items/${articles}/${id}`)).body).toEqual(main.body);
    });

    it('applies fields and relations', async () => {
      const key = uniq('draft');
      const { id, v } = await fixture(key);
      await save(v.id, { title: 'With author', author: bea });
      const res = await admin().get(`/items/${articles}/${id}?version=${key}&fields=title,author.name`);
      expect(res.body).toEqual({ data: { title: 'With author', author: { name: 'Bea' }, $meta: meta(v.id) } });
    });

    it('reads main for version=main and version=published', async () => {
      const key = uniq('draft');
      const { id, title, v } = await fixture(key);
      await save(v.id, { title: 'Not main' });
      for (const name of ['main', 'published']) {
        const res = await admin().get(`/items/${articles}/${id}?version=${name}&fields=title`);
        expect(res.body).toEqual({ data: { title } });
      }
    });

    it('answers 403 when the item has no version of that key', async () => {
      const key = uniq('draft');
      await fixture(key);
      const other = await fixture(uniq('draft'));
      await expectError(admin().get(`/items/${articles}/${other.id}?version=${key}`), 403, 'FORBIDDEN');
      await expectError(admin().get(`/items/${articles}/${other.id}?version=${uniq('none')}`), 403, 'FORBIDDEN');
    });

    it('answers main with the raw delta assigned for versionRaw=true', async () => {
      const key = uniq('draft');
      const { id, v } = await fixture(key);
      await save(v.id, { title: 'Raw', comments: { create: [{ text: 'c3' }] } });
      const res = await admin().get(`/items/${articles}/${id}?version=${key}&versionRaw=true`);
      expect(res.body.data).toEqual({ id, title: 'Raw', author: ann, comments: { create: [{ text: 'c3' }] } });
    });
  });

  describe('GET /items/:collection?version=', () => {
    it('answers only the items with a version of that key, through it', async () => {
      const key = uniq('draft');
      const a = await fixture(key, uniq('Listed'));
      const b = await fixture(uniq('other'), uniq('Listed'));
      await save(a.v.id, { title: `${a.title} (draft)` });
      await save(b.v.id, { title: 'Other version' });
      const res = await admin().get(
        `/items/${articles}?version=${key}&filter[id][_in]=${a.id},${b.id}&fields=id,title&sort=id`,
      );
      expect(res.body).toEqual({ data: [{ id: a.id, title: `${a.title} (draft)`, $meta: meta(a.v.id) }] });
      const none = await admin().get(
        `/items/${articles}?version=${uniq('none')}&filter[id][_in]=${a.id},${b.id}&meta=filter_count`,
      );
      expect(none.body).toEqual({ data: [], meta: { filter_count: 0 } });
    });

    it('filters and counts on the versioned values', async () => {
      const key = uniq('draft');
      const a = await fixture(key);
      await save(a.v.id, { title: `${key} title` });
      const res = await admin().get(
        `/items/${articles}?version=${key}&filter[title][_eq]=${key} title&fields=id&meta=filter_count`,
      );
      expect(res.body).toEqual({ data: [{ id: a.id, $meta: meta(a.v.id) }], meta: { filter_count: 1 } });
      const main = await admin().get(`/items/${articles}?filter[title][_eq]=${key} title`);
      expect(main.body.data).toEqual([]);
      const counted = await admin().get(
        `/items/${articles}?version=${key}&aggregate[count]=*&filter[title][_starts_with]=${key}`,
      );
      expect(counted.body).toEqual({ data: [{ count: 1 }] });
    });

    it('still lists when the item of a version was deleted', async () => {
      const key = uniq('draft');
      const gone = await fixture(key);
      const kept = await fixture(key);
      await save(gone.v.id, { title: 'gone' });
      await save(kept.v.id, { title: 'kept draft' });
      await admin().delete(`/items/${comments}`).send([gone.c1, gone.c2]);
      expect((await admin().delete(`/items/${articles}/${gone.id}`)).status).toBe(204);
      const res = await admin().get(
        `/items/${articles}?version=${key}&filter[id][_in]=${gone.id},${kept.id}&fields=id,title`,
      );
      expect(res.body.data).toEqual([{ id: kept.id, title: 'kept draft', $meta: meta(kept.v.id) }]);
    });
  });

  describe('singletons', () => {
    it('read the singleton through a version', async () => {
      const settings = await createCollection(t, uniq('site'), [{ field: 'headline', type: 'string' }], {
        singleton: true,
        versioning: true,
      });
      const main = await admin().patch(`/items/${settings}`).send({ headline: 'Live' });
      const key = uniq('draft');
      const v = (
        await admin()
          .post('/versions')
          .send({ key, collection: settings, item: String(main.body.data.id) })
      ).body.data;
      await save(v.id, { headline: 'Coming soon' });
      expect((await admin().get(`/items/${settings}?version=${key}&fields=headline`)).body).toEqual({
        data: { headline: 'Coming soon', $meta: meta(v.id) },
      });
      expect((await admin().get(`/items/${settings}?fields=headline`)).body).toEqual({ data: { headline: 'Live' } });
    });
  });

  describe('relational payloads', () => {
    it('keeps a new many-to-one item in the delta, shows it through the version and creates it on promote', async () => {
      const key = uniq('draft');
      const { id, v } = await fixture(key);
      const saved = await save(v.id, { author: { name: 'Cid' } });
      expect(saved.body.data).toMatchObject({ id, author: { name: 'Cid' } });
      const through = await admin().get(`/items/${articles}/${id}?version=${key}&fields=author.name`);
      expect(through.body.data).toEqual({ author: { name: 'Cid' }, $meta: meta(v.id) });
      const cids = async () => (await admin().get(`/items/${authors}?filter[name][_eq]=Cid`)).body.data;
      expect(await cids()).toEqual([]);

      expect((await admin().post(`/versions/${v.id}/promote`).send({ mainHash: v.hash })).status).toBe(200);
      const [cid] = await cids();
      expect(cid).toEqual({ id: expect.any(Number), name: 'Cid' });
      expect((await admin().get(`/items/${articles}/${id}?fields=author`)).body.data).toEqual({ author: cid.id });
    });

    it('updates an existing many-to-one item named by its key', async () => {
      const author = (await admin().post(`/items/${authors}`).send({ name: 'Dee' })).body.data.id;
      const key = uniq('draft');
      const { id, v } = await fixture(key);
      await save(v.id, { author: { id: author, name: 'Dee (edited)' } });
      expect((await admin().get(`/items/${articles}/${id}?version=${key}&fields=author.*`)).body.data).toEqual({
        author: { id: author, name: 'Dee (edited)' },
        $meta: meta(v.id),
      });
      expect((await admin().get(`/items/${authors}/${author}`)).body.data.name).toBe('Dee');
      await admin().post(`/versions/${v.id}/promote`).send({ mainHash: v.hash });
      expect((await admin().get(`/items/${articles}/${id}?fields=author.*`)).body.data).toEqual({
        author: { id: author, name: 'Dee (edited)' },
      });
    });

    it('applies a one-to-many change set (create, update, delete) on read and on promote', async () => {
      const key = uniq('draft');
      const { id, c1, c2, v } = await fixture(key);
      await save(v.id, {
        comments: { create: [{ text: 'c3' }], update: [{ id: c1, text: 'c1 edited' }], delete: [c2] },
      });
      const through = await admin().get(
        `/items/${articles}/${id}?version=${key}&fields=comments.text&deep[comments][_sort]=text`,
      );
      expect(through.body.data).toEqual({ comments: [{ text: 'c1 edited' }, { text: 'c3' }], $meta: meta(v.id) });
      const untouched = await admin().get(`/items/${articles}/${id}?fields=comments.text&deep[comments][_sort]=text`);
      expect(untouched.body.data).toEqual({ comments: [{ text: 'c1' }, { text: 'c2' }] });

      await admin().post(`/versions/${v.id}/promote`).send({ mainHash: v.hash });
      const promoted = await admin().get(`/items/${articles}/${id}?fields=comments.text&deep[comments][_sort]=text`);
      expect(promoted.body.data).toEqual({ comments: [{ text: 'c1 edited' }, { text: 'c3' }] });
      // The default deselect action detaches: the removed comment still exists without its article.
      expect((await admin().get(`/items/${comments}/${c2}?fields=text,article`)).body.data).toEqual({
        text: 'c2',
        article: null,
      });
    });

    it('applies a one-to-many list: listed items attached, new ones created, the others detached', async () => {
      const key = uniq('draft');
      const { id, c1, c2, v } = await fixture(key);
      const loose = (await admin().post(`/items/${comments}`).send({ text: 'loose' })).body.data.id;
      await save(v.id, { comments: [c1, loose, { text: 'fresh' }] });
      const through = await admin().get(
        `/items/${articles}/${id}?version=${key}&fields=comments.text&deep[comments][_sort]=text`,
      );
      expect(through.body.data).toEqual({
        comments: [{ text: 'c1' }, { text: 'fresh' }, { text: 'loose' }],
        $meta: meta(v.id),
      });
      await admin().post(`/versions/${v.id}/promote`).send({ mainHash: v.hash });
      const promoted = await admin().get(`/items/${articles}/${id}?fields=comments.text&deep[comments][_sort]=text`);
      expect(promoted.body.data).toEqual({ comments: [{ text: 'c1' }, { text: 'fresh' }, { text: 'loose' }] });
      expect((await admin().get(`/items/${comments}/${c2}?fields=article`)).body.data).toEqual({ article: null });
    });

    it('a later save replaces a relational payload as a whole', async () => {
      const key = uniq('draft');
      const { id, v } = await fixture(key);
      await save(v.id, { comments: { create: [{ text: 'first' }] } });
      await save(v.id, { comments: { create: [{ text: 'second' }] } });
      expect((await admin().get(`/versions/${v.id}?fields=delta`)).body.data.delta).toEqual({
        id: String(id),
        comments: { create: [{ text: 'second' }] },
      });
    });

    it.each([
      ['a key for a one-to-many field', { comments: 5 }, 'INVALID_PAYLOAD'],
      ['a change set member that is not a list', { comments: { create: { text: 'x' } } }, 'INVALID_PAYLOAD'],
      ['a wrong type in a nested item', { comments: { create: [{ text: { not: 'a string' } }] } }, 'INVALID_PAYLOAD'],
      ['a wrong type in a many-to-one object', { author: { name: { not: 'a string' } } }, 'INVALID_PAYLOAD'],
      ['a many-to-one key that does not exist', { author: 987654 }, 'INVALID_FOREIGN_KEY'],
    ])('refuses %s on save', async (_label, body, code) => {
      const { v } = await fixture(uniq('draft'));
      await expectError(admin().post(`/versions/${v.id}/save`).send(body), 400, code);
      expect((await admin().get(`/versions/${v.id}?fields=delta`)).body.data.delta).toBeNull();
    });
  });

  describe('permissions', () => {
    let role: string;
    let user: { token: string };
    let key: string;
    let item: { id: number; v: { id: string } };

    beforeAll(async () => {
      role = await createRole(t);
      user = await createUser(t, role);
      key = uniq('draft');
      item = await fixture(key);
      await save(item.v.id, { title: 'Seen by readers', author: bea });
      await grant(t, role, articles, 'read', { fields: ['id', 'title'] });
    });

    it('needs read access to versions', async () => {
      await expectError(t.as(user.token).get(`/items/${articles}/${item.id}?version=${key}`), 403, 'FORBIDDEN');
    });

    it('reads through the version with the caller permissions', async () => {
      await grant(t, role, 'svc_versions', 'read');
      const res = await t.as(user.token).get(`/items/${articles}/${item.id}?version=${key}`);
      expect(res.body).toEqual({ data: { id: item.id, title: 'Seen by readers', $meta: meta(item.v.id) } });
      await expectError(
        t.as(user.token).get(`/items/${articles}/${item.id}?version=${key}&fields=author`),
        403,
        'FORBIDDEN',
      );
      const list = await t.as(user.token).get(`/items/${articles}?version=${key}&filter[id][_eq]=${item.id}`);
      expect(list.body).toEqual({ data: [{ id: item.id, title: 'Seen by readers', $meta: meta(item.v.id) }] });
    });
  });
});
