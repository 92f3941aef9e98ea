import { parse as parseYaml } from 'yaml';
import { createSampleSchema } from '../factories/schema.factory';
import { createRole, createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { testClient } from '../helpers/test-database';

type Entry = Record<string, unknown> & {
  collection: string;
  field?: string;
  meta: Record<string, unknown> | null;
  schema: Record<string, unknown> | null;
};
interface Snap {
  version: number;
  platform: string;
  vendor: string;
  collections: Entry[];
  fields: Entry[];
  systemFields: Entry[];
  relations: Entry[];
}

const FIELD_SCHEMA_KEYS = [
  'data_type',
  'default_value',
  'foreign_key_column',
  'foreign_key_table',
  'generation_expression',
  'has_auto_increment',
  'is_generated',
  'is_indexed',
  'is_nullable',
  'is_primary_key',
  'is_unique',
  'max_length',
  'name',
  'numeric_precision',
  'numeric_scale',
  'table',
];
const VENDOR: Record<string, string> = { sqlite: 'sqlite', mysql: 'mysql', mariadb: 'mysql', postgres: 'postgres' };

describe('/schema snapshot', () => {
  let t: TestApp;
  let names: { authors: string; articles: string; folder: string };
  let snap: Snap;

  beforeAll(async () => {
    t = await createTestApp();
    names = await createSampleSchema(t, 'snap');
    snap = (await t.as('admin').get('/schema/snapshot')).body.data;
  });
  afterAll(() => t.close());

  describe('GET /schema/snapshot', () => {
    it('answers the user schema in the entry shapes of the reference platform', async () => {
      const res = await t.as('admin').get('/schema/snapshot');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['data']);
      const data = res.body.data as Snap;
      expect(Object.keys(data).sort()).toEqual([
        'collections',
        'fields',
        'platform',
        'relations',
        'systemFields',
        'vendor',
        'version',
      ]);
      expect(data).toMatchObject({ version: 1, platform: t.config.version, vendor: VENDOR[testClient()] });
      expect(data.collections.map((c) => c.collection)).toEqual([names.articles, names.authors, names.folder]);
      for (const entry of data.collections) {
        expect(Object.keys(entry).sort()).toEqual(['collection', 'meta', 'schema']);
        expect(entry.meta).not.toHaveProperty('id');
        expect(entry.meta).not.toHaveProperty('system');
      }
      expect(data.collections.find((c) => c.collection === names.folder)).toMatchObject({
        schema: null,
        meta: { note: 'Groups the others' },
      });
      expect(data.collections.find((c) => c.collection === names.articles)).toMatchObject({
        schema: { name: names.articles },
        meta: { note: 'Stories', group: names.folder },
      });
    });

    it('lists fields by collection and creation order, without ids, with the full column description', async () => {
      const fields = snap.fields.filter((f) => f.collection === names.articles).map((f) => f.field);
      expect(fields).toEqual([
        'id',
        'title',
        'body',
        'views',
        'rating',
        'price',
        'published',
        'status',
        'tags',
        'labels',
        'day',
        'at',
        'starts',
        'stamp',
        'created',
        'big',
        'author',
        'owner',
        'secret',
      ]);
      expect(snap.fields.map((f) => f.collection)).toEqual([...snap.fields.map((f) => f.collection)].sort());
      for (const entry of snap.fields) {
        expect(Object.keys(entry).sort()).toEqual(['collection', 'field', 'meta', 'schema', 'type']);
        expect(entry.meta).not.toHaveProperty('id');
        if (entry.type !== 'alias') expect(Object.keys(entry.schema!).sort()).toEqual(FIELD_SCHEMA_KEYS);
      }
      const field = (collection: string, name: string) =>
        snap.fields.find((f) => f.collection === collection && f.field === name)!;
      expect(field(names.articles, 'id')).toMatchObject({
        type: 'integer',
        schema: { is_primary_key: true, has_auto_increment: true, is_nullable: false },
      });
      expect(field(names.articles, 'title')).toMatchObject({
        type: 'string',
        meta: { interface: 'input', note: 'Headline' },
        schema: { max_length: 200, table: names.articles },
      });
      expect(field(names.articles, 'status')).toMatchObject({
        schema: { default_value: 'draft', is_indexed: true, max_length: 255 },
      });
      expect(field(names.articles, 'views')).toMatchObject({ type: 'integer', schema: { default_value: 0 } });
      expect(field(names.articles, 'published')).toMatchObject({ type: 'boolean', schema: { default_value: false } });
      expect(field(names.articles, 'created')).toMatchObject({
        type: 'timestamp',
        meta: { special: ['date-created'] },
        schema: { default_value: 'CURRENT_TIMESTAMP' },
      });
      expect(field(names.articles, 'author')).toMatchObject({
        type: 'uuid',
        schema: { foreign_key_table: names.authors, foreign_key_column: 'id' },
      });
      expect(field(names.authors, 'name')).toMatchObject({
        schema: { is_unique: true, is_nullable: false, max_length: 120 },
      });
      expect(field(names.authors, 'articles')).toMatchObject({
        type: 'alias',
        schema: null,
        meta: { special: ['o2m'] },
      });
    });

    it('describes relations without ids, names system fields that carry an index, and leaves system collections out', () => {
      expect(snap.relations).toEqual([
        {
          collection: names.articles,
          field: 'author',
          related_collection: names.authors,
          meta: expect.objectContaining({
            many_collection: names.articles,
            many_field: 'author',
            one_collection: names.authors,
            one_field: 'articles',
          }),
          schema: expect.objectContaining({
            table: names.articles,
            column: 'author',
            foreign_key_table: names.authors,
            foreign_key_column: 'id',
            on_delete: 'CASCADE',
          }),
        },
        {
          collection: names.articles,
          field: 'owner',
          related_collection: 'svc_users',
          meta: expect.objectContaining({ many_field: 'owner', one_collection: 'svc_users', one_field: null }),
          schema: expect.objectContaining({
            foreign_key_table: 'svc_users',
            foreign_key_column: 'id',
            on_delete: 'SET NULL',
          }),
        },
      ]);
      expect(snap.relations[0].meta).not.toHaveProperty('id');
      expect(snap.systemFields).toEqual(
        expect.arrayContaining([{ collection: 'svc_users', field: 'email', schema: { is_indexed: true } }]),
      );
      for (const entry of snap.systemFields) expect(entry.collection).toMatch(/^svc_/);
      const userNames = [...snap.collections, ...snap.fields, ...snap.relations].map((e) => e.collection);
      expect(userNames.filter((n) => n.startsWith('svc_'))).toEqual([]);
    });

    it('is the same every time', async () => {
      expect((await t.as('admin').get('/schema/snapshot')).body.data).toEqual(snap);
    });

    it.each([
      ['json', (text: string) => JSON.parse(text), /^application\/json/],
      ['yaml', (text: string) => parseYaml(text), /^text\/yaml/],
    ] as const)('answers ?export=%s as a download of the snapshot object', async (format, parse, type) => {
      const res = await t
        .as('admin')
        .get(`/schema/snapshot?export=${format}`)
        .buffer(true)
        .parse((r, done) => {
          let text = '';
          r.on('data', (chunk: Buffer) => (text += chunk.toString()));
          r.on('end', () => done(null, text));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(type);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename=".+\\.${format}"`));
      expect(parse(res.body as string)).toEqual(snap);
    });

    it.each([
      ['csv', /^text\/csv/],
      ['xml', /^text\/xml/],
    ])('answers ?export=%s as a download', async (format, type) => {
      const res = await t.as('admin').get(`/schema/snapshot?export=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(type);
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    });

    it('refuses an unknown export format', () =>
      expectError(t.as('admin').get('/schema/snapshot?export=pdf'), 400, 'INVALID_QUERY'));

    it('is for admins only', async () => {
      const user = await createUser(t, await createRole(t));
      await expectError(t.as('anonymous').get('/schema/snapshot'), 403, 'FORBIDDEN');
      await expectError(t.as(user.token).get('/schema/snapshot'), 403, 'FORBIDDEN');
      await expectError(t.as(user.token).post('/schema/diff').send(snap), 403, 'FORBIDDEN');
      await expectError(t.as('anonymous').post('/schema/apply').send({ hash: 'x', diff: {} }), 403, 'FORBIDDEN');
    });
  });
});
