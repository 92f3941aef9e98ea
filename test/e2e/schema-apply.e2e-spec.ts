import { createCollection } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

type Entry = Record<string, unknown> & {
  collection: string;
  field?: string;
  type?: string;
  meta: Record<string, unknown> | null;
  schema: Record<string, unknown> | null;
};
interface Snap {
  collections: Entry[];
  fields: Entry[];
  systemFields: Entry[];
  relations: Entry[];
  [key: string]: unknown;
}

/** A complete entry of the snapshot under another collection (and field) name. */
function copyEntry(entry: Entry, collection: string, fieldName?: string): Entry {
  const copy = structuredClone(entry);
  copy.collection = collection;
  if (copy.meta) copy.meta.collection = collection;
  if (copy.schema && 'table' in copy.schema) copy.schema.table = collection;
  if (copy.schema && !('table' in copy.schema)) copy.schema.name = collection;
  if (fieldName) {
    copy.field = fieldName;
    if (copy.meta) copy.meta.field = fieldName;
    if (copy.schema) copy.schema.name = fieldName;
  }
  return copy;
}

describe('POST /schema/apply', () => {
  let t: TestApp;
  const snapshot = async (): Promise<Snap> => (await t.as('admin').get('/schema/snapshot')).body.data;
  const diffTo = async (target: Snap) => {
    const res = await t.as('admin').post('/schema/diff').send(target);
    if (res.status !== 200) throw new Error(`diff failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { hash: string; diff: Record<string, unknown[]> };
  };
  const apply = (body: unknown, query = '') =>
    t
      .as('admin')
      .post(`/schema/apply${query}`)
      .send(body as object);
  const field = (snap: Snap, collection: string, name: string) =>
    snap.fields.find((f) => f.collection === collection && f.field === name)!;
  const items = async (collection: string) =>
    (await t.as('admin').get(`/items/${collection}?sort=id&limit=-1`)).body.data as Record<string, any>[];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates, changes and removes collections, fields and relations, keeping stored rows', async () => {
    const articles = uniq('ap_articles');
    const authors = uniq('ap_authors');
    const old = uniq('ap_old');
    await createCollection(t, articles, [
      { field: 'title', type: 'string', schema: { max_length: 100 } },
      { field: 'views', type: 'integer' },
      { field: 'code', type: 'string', schema: { max_length: 10 } },
      { field: 'rating', type: 'float' },
    ]);
    await createCollection(t, old, [{ field: 'name', type: 'string' }]);
    for (const row of [
      { title: 'First', views: 12, code: '42', rating: 1.5 },
      { title: 'Second', views: 7, code: '7', rating: null },
    ]) {
      expect((await t.as('admin').post(`/items/${articles}`).send(row)).status).toBe(200);
    }

    const target = await snapshot();
    target.collections = target.collections.filter((c) => c.collection !== old);
    target.fields = target.fields.filter(
      (f) => f.collection !== old && !(f.collection === articles && f.field === 'rating'),
    );
    const authorsEntry = copyEntry(
      target.collections.find((c) => c.collection === articles)!,
      authors,
    );
    authorsEntry.meta!.note = 'People';
    target.collections.push(authorsEntry);
    target.fields.push(
      copyEntry(field(target, articles, 'id'), authors),
      copyEntry(field(target, articles, 'title'), authors, 'name'),
    );
    const authorField = copyEntry(field(target, articles, 'views'), articles, 'author');
    Object.assign(authorField.meta!, { special: ['m2o'] });
    Object.assign(authorField.schema!, { foreign_key_table: authors, foreign_key_column: 'id' });
    const alias = copyEntry(field(target, articles, 'title'), authors, 'articles');
    Object.assign(alias, { type: 'alias', schema: null });
    Object.assign(alias.meta!, { special: ['o2m'], interface: 'list-o2m', note: 'Written' });
    target.fields.push(authorField, alias);
    target.relations.push({
      collection: articles,
      field: 'author',
      related_collection: authors,
      meta: {
        many_collection: articles,
        many_field: 'author',
        one_collection: authors,
        one_field: 'articles',
        one_collection_field: null,
        one_allowed_collections: null,
        junction_field: null,
        sort_field: null,
        one_deselect_action: 'nullify',
      },
      schema: {
        table: articles,
        column: 'author',
        foreign_key_table: authors,
        foreign_key_column: 'id',
        constraint_name: null,
        on_update: 'NO ACTION',
        on_delete: 'SET NULL',
      },
    });
    target.collections.find((c) => c.collection === articles)!.meta!.note = 'Stories';
    field(target, articles, 'title').meta!.note = 'Headline';
    field(target, articles, 'views').type = 'bigInteger';
    field(target, articles, 'code').type = 'integer';

    const { hash, diff } = await diffTo(target);
    const dry = await apply({ hash, diff }, '?dry_run=true');
    expect(dry.status).toBe(200);
    expect(
      (dry.body.data as { action: string; collection: string; field?: string }[]).map((s) => [
        s.action,
        s.collection,
        s.field ?? null,
      ]),
    ).toEqual([
      ['create_collection', authors, null],
      ['delete_collection', old, null],
      ['update_collection', articles, null],
      ['create_field', articles, 'author'],
      ['update_field', articles, 'title'],
      ['update_field', articles, 'views'],
      ['update_field', articles, 'code'],
      ['delete_field', articles, 'rating'],
      ['create_relation', articles, 'author'],
    ]);
    expect((await diffTo(target)).hash).toBe(hash);

    expect((await apply({ hash, diff })).status).toBe(204);
    expect((await t.as('admin').post('/schema/diff').send(target)).status).toBe(204);
    const after = await snapshot();
    expect(field(after, articles, 'code')).toMatchObject({ type: 'integer' });
    expect(field(after, authors, 'articles')).toMatchObject({
      type: 'alias',
      meta: { note: 'Written', special: ['o2m'] },
    });
    expect(after.relations.find((r) => r.collection === articles)).toMatchObject({
      related_collection: authors,
      schema: { on_delete: 'SET NULL' },
    });
    expect((await t.as('admin').get(`/collections/${old}`)).status).toBe(403);

    const rows = await items(articles);
    expect(rows.map((r) => [r.title, Number(r.views), r.code, r.author])).toEqual([
      ['First', 12, 42, null],
      ['Second', 7, 7, null],
    ]);
    expect(rows[0]).not.toHaveProperty('rating');
    const author = await t.as('admin').post(`/items/${authors}`).send({ name: 'Ada' });
    expect(author.status).toBe(200);
    await t.as('admin').patch(`/items/${articles}/${rows[0].id}`).send({ author: author.body.data.id });
    const read = await t.as('admin').get(`/items/${authors}/${author.body.data.id}?fields=name,articles.title`);
    expect(read.body.data).toEqual({ name: 'Ada', articles: [{ title: 'First' }] });
  });

  it('changes a field type and keeps the data, and refuses a change the data cannot take', async () => {
    const name = uniq('ap_types');
    await createCollection(t, name, [
      { field: 'amount', type: 'string' },
      { field: 'label', type: 'string', schema: { max_length: 50 } },
    ]);
    await t.as('admin').post(`/items/${name}`).send({ amount: '250', label: 'a label' });
    const target = await snapshot();
    field(target, name, 'amount').type = 'integer';
    field(target, name, 'label').type = 'text';
    expect((await apply(await diffTo(target))).status).toBe(204);
    const [row] = await items(name);
    expect(row).toMatchObject({ amount: 250, label: 'a label' });

    const refused = await snapshot();
    field(refused, name, 'label').type = 'integer';
    const res = await expectError(apply(await diffTo(refused)), 400, 'INVALID_PAYLOAD');
    expect(res.body.errors[0].extensions).toMatchObject({
      step: { action: 'update_field', collection: name, field: 'label' },
    });
    expect(field(await snapshot(), name, 'label').type).toBe('text');
    expect((await items(name))[0]).toMatchObject({ label: 'a label' });
  });

  it('refuses a diff made before the schema changed, unless forced', async () => {
    const name = uniq('ap_stale');
    await createCollection(t, name, [{ field: 'title', type: 'string' }]);
    const target = await snapshot();
    target.collections.find((c) => c.collection === name)!.meta!.note = 'Later';
    const { hash, diff } = await diffTo(target);
    await createCollection(t, uniq('ap_meanwhile'));
    const res = await expectError(apply({ hash, diff }), 400, 'INVALID_PAYLOAD');
    expect(res.body.errors[0].message).toContain('hash');
    expect((await t.as('admin').get(`/collections/${name}`)).body.data.meta.note).toBeNull();
    expect((await apply({ hash, diff }, '?force=true')).status).toBe(204);
    expect((await t.as('admin').get(`/collections/${name}`)).body.data.meta.note).toBe('Later');
  });

  it('names the conflict when a stale diff creates what exists or changes what is gone', async () => {
    const name = uniq('ap_conflict');
    const target = await snapshot();
    target.collections.push({ collection: name, meta: { collection: name }, schema: { name } });
    const { hash, diff } = await diffTo(target);
    await createCollection(t, name);
    const res = await expectError(apply({ hash, diff }), 400, 'INVALID_PAYLOAD');
    expect(res.body.errors[0].message).toContain(`Collection "${name}" already exists`);
    await expectError(apply({ hash, diff }, '?force=true'), 400, 'INVALID_PAYLOAD');
  });

  it("creates a new collection's fields in the snapshot's order, which GET /fields then lists", async () => {
    const source = await createCollection(t, uniq('ap_order_src'), [
      { field: 'zeta', type: 'string' },
      { field: 'alpha', type: 'integer' },
      { field: 'mid', type: 'text' },
      { field: 'beta', type: 'boolean' },
    ]);
    const name = uniq('ap_order');
    const target = await snapshot();
    const order = ['id', 'zeta', 'alpha', 'mid', 'beta'];
    target.collections.push(
      copyEntry(
        target.collections.find((c) => c.collection === source)!,
        name,
      ),
    );
    // Snapshots written by hand or by other tools carry no `sort`: the order of the list is the order.
    for (const fieldName of order) {
      const entry = copyEntry(field(target, source, fieldName), name);
      if (entry.meta) entry.meta.sort = null;
      target.fields.push(entry);
    }
    expect((await apply(await diffTo(target))).status).toBe(204);
    const res = await t.as('admin').get(`/fields/${name}`);
    expect(res.body.data.map((f: Entry) => f.field)).toEqual(order);
  });

  it('creates and then deletes several related collections in one apply each', async () => {
    const empty = await snapshot();
    const [a, b, c] = [uniq('batch_a'), uniq('batch_b'), uniq('batch_c')];
    await createCollection(t, a, [{ field: 'name', type: 'string' }]);
    await createCollection(t, b, [{ field: 'a', type: 'integer' }]);
    await createCollection(t, c, [
      { field: 'b', type: 'integer' },
      { field: 'a', type: 'integer' },
    ]);
    await t
      .as('admin')
      .post('/relations')
      .send({ collection: b, field: 'a', related_collection: a, meta: { one_field: 'bs' } })
      .expect(200);
    await t.as('admin').post('/relations').send({ collection: c, field: 'b', related_collection: b }).expect(200);
    await t.as('admin').post('/relations').send({ collection: c, field: 'a', related_collection: a }).expect(200);
    const full = await snapshot();
    expect((await apply(await diffTo(empty))).status).toBe(204);
    for (const name of [a, b, c]) await expectError(t.as('admin').get(`/collections/${name}`), 403, 'FORBIDDEN');
    expect((await apply(await diffTo(full))).status).toBe(204);
    const restored = await snapshot();
    expect(
      restored.relations
        .filter((r) => [a, b, c].includes(r.collection))
        .map((r) => `${r.collection}.${r.field}->${r.related_collection as string}`)
        .sort(),
    ).toEqual([`${b}.a->${a}`, `${c}.a->${a}`, `${c}.b->${b}`].sort());
    expect(restored.fields.filter((f) => f.collection === a).map((f) => f.field)).toEqual(['id', 'name', 'bs']);
    await t
      .as('admin')
      .post(`/items/${a}`)
      .send({ name: 'x', bs: [{}] })
      .expect(200);
  });

  it('changes nothing on a dry run', async () => {
    const name = uniq('ap_dry');
    const target = await snapshot();
    target.collections.push({ collection: name, meta: { collection: name }, schema: { name } });
    const before = await snapshot();
    const res = await apply(await diffTo(target), '?dry_run=true');
    expect(res.body).toEqual({ data: [expect.objectContaining({ action: 'create_collection', collection: name })] });
    expect(await snapshot()).toEqual(before);
    expect((await apply(await diffTo(target), '?dry_run=false')).status).toBe(204);
    expect((await t.as('admin').get(`/collections/${name}`)).status).toBe(200);
  });
});
