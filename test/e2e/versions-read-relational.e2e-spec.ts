import { createCollection, createRelation } from '../factories/collection.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

interface Schema {
  articles: string;
  authors: string;
  links: string;
  tags: string;
  junction: string;
  texts: string;
  numbers: string;
}

/**
 * API.md 5.7, as the reference suite reads items through a version: `$meta` on each versioned item,
 * relational changes of every kind (many-to-one, one-to-many, many-to-many, many-to-any) applied, and
 * rows that exist only in the version answered with null keys.
 */
describe('reading related items through a version', () => {
  let t: TestApp;
  let s: Schema;
  const admin = () => t.as('admin');

  async function m2m(articles: string, tags: string): Promise<string> {
    expect(
      (
        await admin()
          .post(`/fields/${articles}`)
          .send({ field: 'tags', type: 'alias', meta: { special: ['m2m'] } })
      ).status,
    ).toBe(200);
    const junction = await createCollection(t, uniq('articles_tags'), [
      { field: 'articles_id', type: 'integer' },
      { field: 'tags_id', type: 'integer' },
    ]);
    const toTag = {
      collection: junction,
      field: 'tags_id',
      related_collection: tags,
      meta: { junction_field: 'articles_id' },
      schema: { on_delete: 'SET NULL' },
    };
    expect((await admin().post('/relations').send(toTag)).status).toBe(200);
    const toArticle = {
      collection: junction,
      field: 'articles_id',
      related_collection: articles,
      meta: { one_field: 'tags', junction_field: 'tags_id' },
      schema: { on_delete: 'SET NULL' },
    };
    expect((await admin().post('/relations').send(toArticle)).status).toBe(200);
    return junction;
  }

  async function m2a(articles: string, targets: string[]): Promise<void> {
    expect(
      (
        await admin()
          .post(`/fields/${articles}`)
          .send({ field: 'sections', type: 'alias', meta: { special: ['m2a'] } })
      ).status,
    ).toBe(200);
    const junction = await createCollection(t, uniq('articles_sections'), [
      { field: 'articles_id', type: 'integer' },
      { field: 'item', type: 'string' },
      { field: 'collection', type: 'string' },
    ]);
    const item = {
      collection: junction,
      field: 'item',
      related_collection: null,
      meta: { one_allowed_collections: targets, one_collection_field: 'collection', junction_field: 'articles_id' },
    };
    expect((await admin().post('/relations').send(item)).status).toBe(200);
    const parent = {
      collection: junction,
      field: 'articles_id',
      related_collection: articles,
      meta: { one_field: 'sections', junction_field: 'item' },
      schema: { on_delete: 'SET NULL' },
    };
    expect((await admin().post('/relations').send(parent)).status).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
    const articles = await createCollection(
      t,
      uniq('articles'),
      [
        { field: 'title', type: 'string' },
        { field: 'author', type: 'integer' },
      ],
      { versioning: true },
    );
    const authors = await createCollection(t, uniq('authors'), [{ field: 'name', type: 'string' }]);
    const links = await createCollection(t, uniq('links'), [
      { field: 'link', type: 'string' },
      { field: 'article', type: 'integer' },
    ]);
    const tags = await createCollection(t, uniq('tags'), [{ field: 'tag', type: 'string' }]);
    const texts = await createCollection(t, uniq('texts'), [{ field: 'text', type: 'string' }]);
    const numbers = await createCollection(t, uniq('numbers'), [{ field: 'num', type: 'integer' }]);
    await createRelation(t, articles, 'author', authors);
    await createRelation(t, links, 'article', articles, 'links');
    const junction = await m2m(articles, tags);
    await m2a(articles, [numbers, texts]);
    s = { articles, authors, links, tags, junction, texts, numbers };
  });
  afterAll(() => t.close());

  /** An article with an author, two links, two tags and a text and a number section; a version `key` of it. */
  async function fixture(key: string) {
    const body = {
      title: 'Article 1',
      author: { name: 'Author 1' },
      links: [{ link: 'Link A' }, { link: 'Link B' }],
      tags: [{ tags_id: { tag: 'Tag A' } }, { tags_id: { tag: 'Tag B' } }],
      sections: [
        { collection: s.texts, item: { text: 'Text A' } },
        { collection: s.numbers, item: { num: 2 } },
      ],
    };
    const fields = 'id,author,links,tags.id,tags.tags_id,sections.id,sections.item';
    const made = await admin().post(`/items/${s.articles}?fields=${fields}`).send(body);
    expect(made.status).toBe(200);
    const a = made.body.data as {
      id: number;
      author: number;
      links: number[];
      tags: { id: number; tags_id: number }[];
      sections: { id: number; item: string }[];
    };
    const version = (
      await admin()
        .post('/versions')
        .send({ key, name: key, collection: s.articles, item: String(a.id) })
    ).body.data.id as string;
    return { ...a, version };
  }

  const save = async (version: string, delta: object) =>
    expect((await admin().post(`/versions/${version}/save`).send(delta)).status).toBe(200);
  const fields =
    'id,title,author.id,author.name,tags.id,tags.tags_id.id,tags.tags_id.tag,sections.id,sections.collection,sections.item.*,links.id,links.link';
  const sorted = '&deep[links][_sort]=id&deep[tags][_sort]=id&deep[sections][_sort]=id';

  it('answers the item through the version with its $meta, keys for relations by default', async () => {
    const a = await fixture(uniq('v'));
    await save(a.version, { title: 'Changed' });
    const key = (await admin().get(`/versions/${a.version}?fields=key`)).body.data.key;
    const res = await admin().get(`/items/${s.articles}/${a.id}?version=${key}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: a.id,
      title: 'Changed',
      author: a.author,
      links: a.links,
      tags: a.tags.map((x) => x.id),
      sections: a.sections.map((x) => x.id),
      $meta: { version_id: a.version },
    });
  });

  it('applies nested changes of every relation kind, in list form', async () => {
    const key = uniq('v');
    const a = await fixture(key);
    const delta = {
      title: 'Changed',
      author: { id: a.author, name: 'Changed' },
      links: [{ id: a.links[0], link: 'Link A Changed' }],
      tags: [{ id: a.tags[0].id, tags_id: { id: a.tags[0].tags_id, tag: 'Tag A Changed' } }],
      sections: [
        { id: a.sections[0].id, collection: s.texts, item: { id: Number(a.sections[0].item), text: 'Text A Changed' } },
      ],
    };
    await save(a.version, delta);
    const res = await admin().get(`/items/${s.articles}/${a.id}?version=${key}&fields=${fields}`);
    expect(res.body.data).toEqual({
      id: a.id,
      title: 'Changed',
      author: { id: a.author, name: 'Changed' },
      tags: [{ id: a.tags[0].id, tags_id: { id: a.tags[0].tags_id, tag: 'Tag A Changed' } }],
      sections: [
        { id: a.sections[0].id, collection: s.texts, item: { id: Number(a.sections[0].item), text: 'Text A Changed' } },
      ],
      links: [{ id: a.links[0], link: 'Link A Changed' }],
      $meta: { version_id: a.version },
    });
    const main = await admin().get(`/items/${s.articles}/${a.id}?fields=title,author.name,links`);
    expect(main.body.data).toEqual({ title: 'Article 1', author: { name: 'Author 1' }, links: a.links });
  });

  it('answers rows created only in the version with null keys', async () => {
    const key = uniq('v');
    const a = await fixture(key);
    const [textA, numB] = a.sections.map((x) => Number(x.item));
    await save(a.version, {
      links: {
        create: [{ link: 'Link C' }],
        update: [{ id: a.links[1], link: 'Link B Changed' }],
        delete: [a.links[0]],
      },
      tags: {
        create: [{ tags_id: { tag: 'Tag C' } }],
        update: [{ id: a.tags[1].id, tags_id: { id: a.tags[1].tags_id, tag: 'Tag B Changed' } }],
        delete: [a.tags[0].id],
      },
      sections: {
        create: [{ collection: s.numbers, item: { num: 3 } }],
        update: [{ id: a.sections[0].id, collection: s.texts, item: { id: textA, text: 'Text B Changed' } }],
        delete: [a.sections[1].id],
      },
    });
    const res = await admin().get(`/items/${s.articles}/${a.id}?version=${key}&fields=${fields}${sorted}`);
    expect(res.body.data).toMatchObject({
      links: [
        { id: a.links[1], link: 'Link B Changed' },
        { id: null, link: 'Link C' },
      ],
      tags: [
        { id: a.tags[1].id, tags_id: { id: a.tags[1].tags_id, tag: 'Tag B Changed' } },
        { id: null, tags_id: { id: null, tag: 'Tag C' } },
      ],
      sections: [
        { id: a.sections[0].id, collection: s.texts, item: { id: textA, text: 'Text B Changed' } },
        { id: null, collection: s.numbers, item: { id: null, num: 3 } },
      ],
      $meta: { version_id: a.version },
    });
    const keys = await admin().get(`/items/${s.articles}/${a.id}?version=${key}&fields=links,tags,sections${sorted}`);
    expect(keys.body.data).toMatchObject({
      links: [a.links[1], null],
      tags: [a.tags[1].id, null],
      sections: [a.sections[0].id, null],
    });
    expect((await admin().get(`/items/${s.numbers}?filter[num][_eq]=3`)).body.data).toEqual([]);
    expect((await admin().get(`/items/${s.numbers}/${numB}`)).body.data).toEqual({ id: numB, num: 2 });
  });

  it('reads two versions that change the same rows in opposite order at the same time', async () => {
    const a = (
      await admin()
        .post(`/items/${s.articles}?fields=id,links`)
        .send({ title: 'Article A', links: [{ link: 'Link A' }, { link: 'Link B' }] })
    ).body.data;
    const [l0, l1] = a.links as number[];
    const b = (
      await admin()
        .post(`/items/${s.articles}`)
        .send({ title: 'Article B', links: [l0, l1] })
    ).body.data;
    const key = uniq('v');
    const va = (
      await admin()
        .post('/versions')
        .send({ key, collection: s.articles, item: String(a.id) })
    ).body.data.id;
    const vb = (
      await admin()
        .post('/versions')
        .send({ key, collection: s.articles, item: String(b.id) })
    ).body.data.id;
    const deltaA = {
      links: {
        create: [],
        update: [
          { id: l0, link: 'Link A Changed' },
          { id: l1, link: 'Link B Changed' },
        ],
        delete: [],
      },
    };
    const deltaB = {
      links: {
        create: [],
        update: [
          { id: l1, link: 'Link B Changed 2' },
          { id: l0, link: 'Link A Changed 2' },
        ],
        delete: [],
      },
    };
    await save(va, deltaA);
    await save(vb, deltaB);
    const read = (id: number) =>
      admin().get(`/items/${s.articles}/${id}?version=${key}&fields=id,links.id,links.link&deep[links][_sort]=id`);
    for (let round = 0; round < 3; round++) {
      const [ra, rb] = await Promise.all([read(a.id), read(b.id)]);
      expect(ra.body.data).toMatchObject({
        id: a.id,
        links: [
          { id: l0, link: 'Link A Changed' },
          { id: l1, link: 'Link B Changed' },
        ],
        $meta: { version_id: va },
      });
      expect(rb.body.data).toMatchObject({
        id: b.id,
        links: [
          { id: l0, link: 'Link A Changed 2' },
          { id: l1, link: 'Link B Changed 2' },
        ],
        $meta: { version_id: vb },
      });
    }
  });
});
