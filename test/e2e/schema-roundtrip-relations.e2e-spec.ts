import { stringify as toYaml } from 'yaml';
import { createCollection, createM2a, createRelation } from '../factories/collection.factory';
import { createTestApp, TestApp } from '../helpers/test-app';

type Snap = Record<string, unknown>;

/** Through the API as the reference's clients build them: a junction and its two many-to-ones. */
async function createJunction(
  t: TestApp,
  from: string,
  to: string,
  alias: string,
  special: 'm2m' | 'translations',
  toKey = 'id',
): Promise<void> {
  const junction = `${from}_${alias}`;
  const toField = `${to}_${toKey}`;
  await t
    .as('admin')
    .post(`/fields/${from}`)
    .send({
      field: alias,
      type: 'alias',
      meta: { special: [special], interface: special === 'm2m' ? 'list-m2m' : 'translations' },
    })
    .expect(200);
  await createCollection(t, junction, [
    { field: `${from}_id`, type: 'integer' },
    { field: toField, type: toKey === 'id' ? 'integer' : 'string' },
    ...(special === 'translations' ? [{ field: 'title', type: 'string' }] : []),
  ]);
  const admin = t.as('admin');
  await admin
    .post('/relations')
    .send({
      collection: junction,
      field: `${from}_id`,
      related_collection: from,
      meta: { one_field: alias, junction_field: toField },
      schema: { on_delete: 'SET NULL' },
    })
    .expect(200);
  await admin
    .post('/relations')
    .send({
      collection: junction,
      field: toField,
      related_collection: to,
      meta: { one_field: null, junction_field: `${from}_id` },
      schema: { on_delete: 'SET NULL' },
    })
    .expect(200);
}

/** Every relation kind: many-to-one with its one-to-many, many-to-many, many-to-any and translations. */
async function createEveryRelation(t: TestApp): Promise<void> {
  await createCollection(t, 'rt_authors', [{ field: 'name', type: 'string' }]);
  await createCollection(t, 'rt_articles', [
    { field: 'title', type: 'string' },
    { field: 'author', type: 'integer', meta: { interface: 'select-dropdown-m2o' } },
  ]);
  await createRelation(t, 'rt_articles', 'author', 'rt_authors', 'articles');
  await createCollection(t, 'rt_tags', [{ field: 'label', type: 'string' }]);
  await createJunction(t, 'rt_articles', 'rt_tags', 'tags', 'm2m');
  await createCollection(t, 'rt_languages', [
    { field: 'code', type: 'string', schema: { is_primary_key: true, max_length: 8 } },
  ]);
  await createJunction(t, 'rt_articles', 'rt_languages', 'translations', 'translations', 'code');
  await createM2a(t);
}

/**
 * API.md 4: snapshot → diff → apply → snapshot gives the snapshot back for every relation kind, with the
 * diff sent as a JSON body or as an uploaded file (the snapshot as YAML, the diff as JSON, as the
 * reference's clients send them: parts without a file name).
 */
describe('schema round trip of every relation kind', () => {
  let source: TestApp;
  let origin: Snap;
  const targets: TestApp[] = [];

  const snapshot = async (t: TestApp): Promise<Snap> =>
    (await t.as('admin').get('/schema/snapshot').expect(200)).body.data;

  beforeAll(async () => {
    source = await createTestApp();
    await createEveryRelation(source);
    origin = await snapshot(source);
  });

  afterAll(async () => {
    for (const t of [...targets, source]) await t.close();
  });

  it('keeps the many-to-many and translations aliases in the snapshot', () => {
    const fields = (origin.fields as { collection: string; field: string; type: string }[]).map(
      (f) => `${f.collection}.${f.field}:${f.type}`,
    );
    expect(fields).toEqual(
      expect.arrayContaining(['rt_articles.tags:alias', 'rt_articles.translations:alias', 'rt_authors.articles:alias']),
    );
  });

  it('applies it as a JSON body onto an empty instance, and the snapshot comes back the same', async () => {
    const target = await createTestApp();
    targets.push(target);
    const diff = await target.as('admin').post('/schema/diff').send(origin).expect(200);
    const stale = await target
      .as('admin')
      .post('/schema/apply')
      .send({ ...diff.body.data, hash: 'stale' })
      .expect(400);
    expect(stale.body.errors[0].message).toContain("Provided hash does not match the current instance's schema hash");
    await target.as('admin').post('/schema/apply').send(diff.body.data).expect(204);
    expect(await snapshot(target)).toEqual(origin);
  });

  it('applies it from uploaded files (YAML snapshot, JSON diff) onto an empty instance', async () => {
    const target = await createTestApp();
    targets.push(target);
    const yaml = (await source.as('admin').get('/schema/snapshot').query({ export: 'yaml' }).expect(200)).text;
    const diff = await target.as('admin').post('/schema/diff').attach('file', Buffer.from(yaml)).expect(200);
    await target
      .as('admin')
      .post('/schema/apply')
      .attach('file', Buffer.from(JSON.stringify(diff.body.data)))
      .expect(204);
    expect(await snapshot(target)).toEqual(origin);
    expect(toYaml(await snapshot(target))).toEqual(toYaml(origin));
  });
});

type Entry = { collection: string; field: string; type: string; meta: { sort: number | null } };
type FieldsSnap = { fields: Entry[] };

/**
 * The reference lists a collection's fields (in snapshots and GET /fields) in the order they were made,
 * and applying a snapshot onto an empty instance makes them in the order the snapshot lists them.
 */
describe('schema round trip of the order of fields', () => {
  let source: TestApp;
  let target: TestApp;

  const listed = async (t: TestApp, collection: string): Promise<string[]> =>
    (await t.as('admin').get(`/fields/${collection}`).expect(200)).body.data.map((f: { field: string }) => f.field);
  const snapshot = async (t: TestApp): Promise<FieldsSnap> =>
    (await t.as('admin').get('/schema/snapshot').expect(200)).body.data;
  const yaml = async (t: TestApp): Promise<string> =>
    (await t.as('admin').get('/schema/snapshot').query({ export: 'yaml' }).expect(200)).text;
  const applyOnTarget = async (origin: FieldsSnap) => {
    const diff = await target.as('admin').post('/schema/diff').send(origin).expect(200);
    await target.as('admin').post('/schema/apply').send(diff.body.data).expect(204);
  };

  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
  });

  afterAll(async () => {
    await target.close();
    await source.close();
  });

  // One-to-many aliases are made by their relations, whose keys sort the other way round here
  // (`ord_a_items.owner` before `ord_z_kids.parent`): applying must still make `kids` before `things`.
  it('gives one-to-many aliases back in the order of the source, not of their relations', async () => {
    await createCollection(source, 'ord_parent', [{ field: 'name', type: 'string' }]);
    await createCollection(source, 'ord_z_kids', [{ field: 'parent', type: 'integer' }]);
    await createRelation(source, 'ord_z_kids', 'parent', 'ord_parent', 'kids');
    await createCollection(source, 'ord_a_items', [{ field: 'owner', type: 'integer' }]);
    await createRelation(source, 'ord_a_items', 'owner', 'ord_parent', 'things');
    expect(await listed(source, 'ord_parent')).toEqual(['id', 'name', 'kids', 'things']);

    const origin = await snapshot(source);
    await applyOnTarget(origin);
    expect(await listed(target, 'ord_parent')).toEqual(['id', 'name', 'kids', 'things']);
    expect(await snapshot(target)).toEqual(origin);
  });

  // An alias listed before columns (a one-to-many's, without a position), a presentation alias between
  // columns and a column without a position: each comes back at its place, with the position it had.
  it('gives aliases listed among the columns back at their places and positions', async () => {
    await createCollection(source, 'fo_lists', [{ field: 'name', type: 'string' }]);
    await createCollection(source, 'fo_entries', [{ field: 'list', type: 'integer' }]);
    await createRelation(source, 'fo_entries', 'list', 'fo_lists', 'entries');
    const admin = source.as('admin');
    await admin.post('/fields/fo_lists').send({ field: 'summary', type: 'text' }).expect(200);
    const divider = { special: ['alias', 'no-data'], interface: 'presentation-divider' };
    await admin.post('/fields/fo_lists').send({ field: 'divider', type: 'alias', meta: divider }).expect(200);
    await admin.post('/fields/fo_lists').send({ field: 'score', type: 'integer' }).expect(200);
    await admin
      .patch('/fields/fo_lists/score')
      .send({ meta: { sort: null } })
      .expect(200);
    const ofLists = (snap: FieldsSnap) =>
      snap.fields.filter((f) => f.collection === 'fo_lists').map((f) => [f.field, f.type, f.meta.sort]);
    const origin = await snapshot(source);
    expect(ofLists(origin)).toEqual([
      ['id', 'integer', 1],
      ['name', 'string', 2],
      ['entries', 'alias', null],
      ['summary', 'text', 4],
      ['divider', 'alias', 5],
      ['score', 'integer', null],
    ]);

    await applyOnTarget(origin);
    const copy = await snapshot(target);
    expect(ofLists(copy)).toEqual(ofLists(origin));
    expect(copy).toEqual(origin);
    expect(await yaml(target)).toEqual(await yaml(source));
    expect(await listed(target, 'fo_lists')).toEqual(await listed(source, 'fo_lists'));
  });

  // Snapshots list relations by collection, then in the order they were made. Here a collection's two
  // relations were made in the other order than the aliases they fill (made first, as clients may).
  it("gives one collection's relations back in the order they were made, not in their aliases'", async () => {
    await createCollection(source, 'rel_people', [{ field: 'name', type: 'string' }]);
    const o2m = { special: ['o2m'], interface: 'list-o2m' };
    for (const alias of ['reviewed', 'written'])
      await source.as('admin').post('/fields/rel_people').send({ field: alias, type: 'alias', meta: o2m }).expect(200);
    await createCollection(source, 'rel_notes', [
      { field: 'writer', type: 'integer' },
      { field: 'reviewer', type: 'integer' },
    ]);
    await createRelation(source, 'rel_notes', 'writer', 'rel_people', 'written');
    await createRelation(source, 'rel_notes', 'reviewer', 'rel_people', 'reviewed');
    const origin = (await source.as('admin').get('/schema/snapshot').expect(200)).body.data as Snap & {
      relations: { collection: string; field: string }[];
    };
    const ofNotes = (snap: typeof origin) =>
      snap.relations.filter((r) => r.collection === 'rel_notes').map((r) => r.field);
    expect(ofNotes(origin)).toEqual(['writer', 'reviewer']);

    await applyOnTarget(origin as unknown as FieldsSnap);
    const copy = (await target.as('admin').get('/schema/snapshot').expect(200)).body.data as typeof origin;
    expect(ofNotes(copy)).toEqual(['writer', 'reviewer']);
    expect(copy).toEqual(origin);
  });
});
