import { stringify as toYaml } from 'yaml';
import { createCollection } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { testClient } from '../helpers/test-database';
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

const transactional = !['mysql', 'mariadb'].includes(testClient());

describe('POST /schema/apply: files, system fields, old snapshots and failed steps', () => {
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

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('accepts the diff as a YAML or JSON file', async () => {
    const yamlName = uniq('ap_yaml');
    const target = await snapshot();
    target.collections.push({ collection: yamlName, meta: { collection: yamlName }, schema: { name: yamlName } });
    const yamlBody = toYaml(await diffTo(target));
    expect(
      (
        await t
          .as('admin')
          .post('/schema/apply')
          .attach('file', Buffer.from(yamlBody), { filename: 'diff.yaml', contentType: 'text/yaml' })
      ).status,
    ).toBe(204);
    expect((await t.as('admin').get(`/collections/${yamlName}`)).status).toBe(200);

    const jsonName = uniq('ap_json');
    const next = await snapshot();
    next.collections.push({ collection: jsonName, meta: { collection: jsonName }, schema: { name: jsonName } });
    const jsonBody = JSON.stringify({ data: await diffTo(next) });
    expect(
      (
        await t
          .as('admin')
          .post('/schema/apply')
          .attach('file', Buffer.from(jsonBody), { filename: 'diff.json', contentType: 'application/json' })
      ).status,
    ).toBe(204);
    expect((await t.as('admin').get(`/collections/${jsonName}`)).status).toBe(200);
  });

  it('drops and restores the index of a system field', async () => {
    const original = await snapshot();
    const indexed = { collection: 'svc_activity', field: 'timestamp', schema: { is_indexed: true } };
    expect(original.systemFields).toContainEqual(indexed);
    const without = {
      ...original,
      systemFields: original.systemFields.filter((f) => !(f.collection === 'svc_activity' && f.field === 'timestamp')),
    };
    const drop = await diffTo(without);
    expect(drop.diff).toEqual({
      collections: [],
      fields: [],
      systemFields: [
        {
          collection: 'svc_activity',
          field: 'timestamp',
          diff: [{ kind: 'E', path: ['schema', 'is_indexed'], lhs: true, rhs: false }],
        },
      ],
      relations: [],
    });
    expect((await apply(drop)).status).toBe(204);
    expect((await snapshot()).systemFields).not.toContainEqual(indexed);
    expect((await apply(await diffTo(original))).status).toBe(204);
    expect((await snapshot()).systemFields).toContainEqual(indexed);
  });

  it('refuses a change of a system field other than its index', async () => {
    const body = {
      hash: 'h',
      diff: {
        collections: [],
        fields: [],
        relations: [],
        systemFields: [
          {
            collection: 'svc_users',
            field: 'email',
            diff: [{ kind: 'E', path: ['schema', 'is_nullable'], lhs: false, rhs: true }],
          },
        ],
      },
    };
    const res = await expectError(apply(body, '?force=true'), 400, 'INVALID_PAYLOAD');
    expect(res.body.errors[0].message).toContain('Only the index');
  });

  it('takes a string without max_length in an older snapshot for the default length, and any other length for a change', async () => {
    const c = uniq('ap_len');
    await createCollection(t, c, [
      { field: 's', type: 'string' },
      { field: 'short', type: 'string', schema: { max_length: 20 } },
    ]);
    const older = await snapshot();
    field(older, c, 's').schema!.max_length = null;
    expect((await t.as('admin').post('/schema/diff').send(older)).status).toBe(204);
    field(older, c, 'short').schema!.max_length = null;
    expect((await diffTo(older)).diff.fields).toEqual([
      { collection: c, field: 'short', diff: [{ kind: 'E', path: ['schema', 'max_length'], lhs: 20, rhs: 255 }] },
    ]);
  });

  it('answers 204 for an empty diff', async () => {
    expect(
      (await apply({ hash: 'anything', diff: { collections: [], fields: [], systemFields: [], relations: [] } }))
        .status,
    ).toBe(204);
  });

  it.each([
    ['no hash', { diff: { collections: [], fields: [], systemFields: [], relations: [] } }],
    ['a diff without systemFields', { hash: 'h', diff: { collections: [], fields: [], relations: [] } }],
    [
      'a record of an unknown kind',
      {
        hash: 'h',
        diff: {
          collections: [{ collection: 'a', diff: [{ kind: 'Z' }] }],
          fields: [],
          systemFields: [],
          relations: [],
        },
      },
    ],
  ])('refuses %s', (_label, body) => expectError(apply(body), 400, 'INVALID_PAYLOAD'));

  it('refuses other content types with 415', () =>
    expectError(
      t.as('admin').post('/schema/apply').set('Content-Type', 'text/csv').send('hash,diff'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ));

  // PostgreSQL and SQLite name tables and indexes in one namespace: a table can't take an index's name.
  const indexNamesTables = testClient() !== 'mysql' && testClient() !== 'mariadb';
  it(`${indexNamesTables ? 'names the new collection whose table the database refuses, among several, and creates none' : 'creates a table named like an index'}`, async () => {
    const base = uniq('ap_clash');
    await createCollection(t, base, [{ field: 'code', type: 'string', schema: { is_unique: true } }]);
    const names = [`${base}_a`, `${base}_code_unique`, `${base}_z`];
    const target = await snapshot();
    for (const name of names) {
      target.collections.push(
        copyEntry(
          target.collections.find((c) => c.collection === base)!,
          name,
        ),
      );
      target.fields.push(copyEntry(field(target, base, 'id'), name));
    }
    const res = await apply(await diffTo(target));
    if (!indexNamesTables) return expect(res.status).toBe(204);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({
      step: { index: 1, action: 'create_collection', collection: names[1] },
      applied: [],
    });
    for (const name of names) expect((await t.as('admin').get(`/collections/${name}`)).status).toBe(403);
  });

  it(`reports the failed step and ${transactional ? 'rolls every step back' : 'what stayed applied'}`, async () => {
    const existing = uniq('ap_fail');
    const created = uniq('ap_made');
    await createCollection(t, existing, [{ field: 'title', type: 'string' }]);
    await t.as('admin').post(`/items/${existing}`).send({ title: null });
    const target = await snapshot();
    target.collections.push(
      copyEntry(
        target.collections.find((c) => c.collection === existing)!,
        created,
      ),
    );
    target.fields.push(copyEntry(field(target, existing, 'id'), created));
    field(target, existing, 'title').schema!.is_nullable = false;

    const res = await expectError(apply(await diffTo(target)), 400, 'CONTAINS_NULL_VALUES');
    const createdStep = { index: 0, action: 'create_collection', collection: created };
    expect(res.body.errors[0].extensions).toMatchObject({
      step: { index: 1, action: 'update_field', collection: existing, field: 'title' },
      applied: transactional ? [] : [createdStep],
    });
    expect((await t.as('admin').get(`/collections/${created}`)).status).toBe(transactional ? 403 : 200);
  });
});
