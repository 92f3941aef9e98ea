import { createCollection, createRelation, FieldSpec } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { waitForJob } from '../helpers/export-job';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';
import { until } from '../helpers/until';
import { DataImportService } from '../../src/modules/utils/data-import.service';

/** One field of every type that has a value of its own (issue 8: every field type both ways). */
const ALL_TYPES: FieldSpec[] = [
  { field: 'str', type: 'string' },
  { field: 'txt', type: 'text' },
  { field: 'int', type: 'integer' },
  { field: 'big', type: 'bigInteger' },
  { field: 'flt', type: 'float' },
  { field: 'dec', type: 'decimal' },
  { field: 'bool', type: 'boolean' },
  { field: 'jsn', type: 'json' },
  { field: 'list', type: 'csv', meta: { special: ['cast-csv'] } },
  { field: 'uid', type: 'uuid' },
  { field: 'day', type: 'date' },
  { field: 'clock', type: 'time' },
  { field: 'at', type: 'dateTime' },
  { field: 'stamp', type: 'timestamp' },
];

const ROWS = [
  {
    str: 'He said "hi", then; left',
    txt: 'line one\nline two, with a comma\tand a tab',
    int: -42,
    big: 1234567890123,
    flt: 1.5,
    dec: 12.25,
    bool: true,
    jsn: { a: [1, { b: null }], s: 'x' },
    list: ['x', 'y z'],
    uid: '3f0e7a4c-1111-4222-8333-944455556666',
    day: '2024-02-03',
    clock: '10:20:30',
    at: '2024-02-03T10:20:30',
    stamp: '2024-02-03T10:20:30.000Z',
  },
  {
    str: 'null',
    txt: 'ünïcödé ✓ 😀',
    int: 0,
    big: -5,
    flt: -0.25,
    dec: 0.5,
    bool: false,
    jsn: [1, 'two', true],
    list: ['solo'],
    uid: '00000000-0000-4000-8000-000000000000',
    day: '1999-12-31',
    clock: '23:59:59',
    at: '1999-12-31T23:59:59',
    stamp: '1999-12-31T23:59:59.000Z',
  },
  Object.fromEntries(ALL_TYPES.map((f) => [f.field, null])),
];

describe('/utils/import', () => {
  let t: TestApp;
  let source: string;

  function importFile(
    collection: string,
    content: Buffer | string,
    contentType: string,
    token = t.adminToken,
    query = '',
  ) {
    return t
      .as(token)
      .post(`/utils/import/${collection}${query}`)
      .attach('file', Buffer.from(content), { filename: 'data', contentType });
  }

  async function rows(collection: string): Promise<Record<string, unknown>[]> {
    const res = await t.as('admin').get(`/items/${collection}?sort=id&limit=-1`);
    return res.body.data;
  }

  beforeAll(async () => {
    t = await createTestApp();
    source = await createCollection(t, uniq('source'), ALL_TYPES);
    const res = await t.as('admin').post(`/items/${source}`).send(ROWS);
    expect(res.status).toBe(200);
  });
  afterAll(() => t.close());

  describe('import', () => {
    let notes: string;
    beforeAll(async () => {
      notes = await createCollection(t, uniq('notes'), [
        { field: 'title', type: 'string', meta: { required: true } },
        { field: 'n', type: 'integer' },
        { field: 'code', type: 'string', schema: { is_unique: true } },
      ]);
    });
    beforeEach(() =>
      t
        .as('admin')
        .delete(`/items/${notes}`)
        .send({ query: { limit: -1 } }),
    );

    it('reads CSV with ; delimiter and a BOM, updates rows whose key exists and creates the others', async () => {
      const existing = (await t.as('admin').post(`/items/${notes}`).send({ title: 'old', n: 1 })).body.data.id;
      const csv = `\uFEFFid;title;n\n${existing};renamed;2\n;fresh;3\n`;
      await importFile(notes, csv, 'text/csv').expect(200);
      expect((await rows(notes)).map(({ title, n }) => ({ title, n }))).toEqual([
        { title: 'renamed', n: 2 },
        { title: 'fresh', n: 3 },
      ]);
    });

    it('names the failing lines, grouped by code and field, and writes nothing', async () => {
      const csv = 'title,n\ngood,1\n,2\nbad number,x\nalso good,4\n,5\nworse,y\n,8\n';
      const res = await importFile(notes, csv, 'application/vnd.ms-excel');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        {
          message: expect.any(String),
          extensions: expect.objectContaining({
            code: 'FAILED_VALIDATION',
            field: 'title',
            rows: [{ type: 'lines', rows: [3, 6, 8] }],
          }),
        },
        {
          message: expect.stringContaining('"n"'),
          extensions: expect.objectContaining({ code: 'INVALID_PAYLOAD', rows: [{ type: 'lines', rows: [4, 7] }] }),
        },
      ]);
      expect(await rows(notes)).toEqual([]);
    });

    it.each([
      ['JSON without the key', 'application/json', JSON.stringify([{ name: 'a' }, { kind: 'x' }])],
      ['CSV without the column', 'text/csv', 'kind\nx\n'],
      ['CSV with an empty cell', 'text/csv', 'name,kind\na,x\n,y\n'],
      [
        'JSON with a new key',
        'application/json',
        JSON.stringify([
          { id: 7001, name: 'a' },
          { id: 7002, kind: 'x' },
        ]),
      ],
      ['JSON with a null', 'application/json', JSON.stringify([{ name: 'a' }, { name: null, kind: 'x' }])],
    ])(
      'refuses a row without a value for a NOT NULL field (%s) with FAILED_VALIDATION naming it, before the database, and writes nothing',
      async (_case, type, content) => {
        const strict = await createCollection(t, uniq('strict'), [
          { field: 'name', type: 'string', schema: { is_nullable: false } },
          { field: 'kind', type: 'string' },
        ]);
        const res = await importFile(strict, content, type);
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([
          {
            message: expect.stringContaining('"name"'),
            extensions: expect.objectContaining({ code: 'FAILED_VALIDATION', field: 'name' }),
          },
        ]);
        expect(await rows(strict)).toEqual([]);
        // The same rule as an item created through REST: one engine checks both.
        const created = await t.as('admin').post(`/items/${strict}`).send({ kind: 'x' });
        expect([created.status, created.body.errors?.[0]?.extensions]).toEqual([
          400,
          expect.objectContaining({ code: 'FAILED_VALIDATION', field: 'name' }),
        ]);
      },
    );

    it('reports a database error with its line (RECORD_NOT_UNIQUE) from JSON, and writes nothing', async () => {
      const json = JSON.stringify(
        [
          { title: 'a', code: 'same' },
          { title: 'b', code: 'other' },
          { title: 'c', code: 'same' },
        ],
        null,
        1,
      );
      const res = await importFile(notes, json, 'application/json');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        {
          message: expect.any(String),
          extensions: expect.objectContaining({
            code: 'RECORD_NOT_UNIQUE',
            rows: [{ type: 'lines', rows: [expect.any(Number)] }],
          }),
        },
      ]);
      expect(await rows(notes)).toEqual([]);
    });

    it('names the exact line of a database error among rows written together, and writes nothing', async () => {
      const csv = 'title,code\na,one\nb,two\nc,one\nd,three\n';
      const res = await importFile(notes, csv, 'text/csv');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        {
          message: expect.any(String),
          extensions: expect.objectContaining({ code: 'RECORD_NOT_UNIQUE', rows: [{ type: 'lines', rows: [4] }] }),
        },
      ]);
      expect(await rows(notes)).toEqual([]);
    });

    it('records a create activity and revision for every imported row, and a later row with an earlier key updates it', async () => {
      const csv = 'id,title,n\n9001,first,1\n9002,second,2\n9001,first again,3\n';
      await importFile(notes, csv, 'text/csv').expect(200);
      expect((await rows(notes)).map(({ id, title, n }) => ({ id, title, n }))).toEqual([
        { id: 9001, title: 'first again', n: 3 },
        { id: 9002, title: 'second', n: 2 },
      ]);
      const activity = (
        await t
          .as('admin')
          .get(`/activity?filter[collection][_eq]=${notes}&filter[item][_in]=9001,9002&sort=id&fields=id,action,item`)
      ).body.data;
      expect(activity.map((a: { action: string; item: string }) => [a.action, a.item])).toEqual([
        ['create', '9001'],
        ['create', '9002'],
        ['update', '9001'],
      ]);
      const revisions = (
        await t
          .as('admin')
          .get(
            `/revisions?filter[collection][_eq]=${notes}&filter[item][_in]=9001,9002&sort=id&fields=activity,item,delta`,
          )
      ).body.data;
      expect(revisions).toEqual([
        { activity: activity[0].id, item: '9001', delta: { id: '9001', title: 'first', n: '1' } },
        { activity: activity[1].id, item: '9002', delta: { id: '9002', title: 'second', n: '2' } },
        { activity: activity[2].id, item: '9001', delta: { title: 'first again', n: '3' } },
      ]);
    });

    it('answers a malformed file with INVALID_PAYLOAD naming the line, and writes nothing', async () => {
      const res = await importFile(notes, '[{"title":"a"},\n{"title": }]', 'application/json');
      await expectError(Promise.resolve(res), 400, 'INVALID_PAYLOAD');
      expect(res.body.errors[0].message).toContain('Line 2');
      expect(await rows(notes)).toEqual([]);
    });

    it('builds related items from dotted CSV headers', async () => {
      const authors = await createCollection(t, uniq('authors'), [{ field: 'name', type: 'string' }]);
      const posts = await createCollection(t, uniq('posts'), [
        { field: 'title', type: 'string' },
        { field: 'author', type: 'integer' },
      ]);
      await createRelation(t, posts, 'author', authors);
      await importFile(posts, 'title,author.name\nfirst,Ann\nsecond,Bob\n', 'text/csv').expect(200);
      const res = await t.as('admin').get(`/items/${posts}?fields=title,author.name&sort=id`);
      expect(res.body.data).toEqual([
        { title: 'first', author: { name: 'Ann' } },
        { title: 'second', author: { name: 'Bob' } },
      ]);
    });

    it('runs in the background with ?background=true, the job recording rows and errors', async () => {
      const res = await importFile(
        notes,
        JSON.stringify([{ title: 'x' }, { title: 'y' }]),
        'application/json',
        t.adminToken,
        '?background=true',
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: expect.any(String),
        type: 'import',
        collection: notes,
        format: 'json',
        status: 'running',
      });
      expect(await waitForJob(t, res.body.data.id)).toMatchObject({ status: 'completed', rows_done: 2, errors: null });
      expect((await rows(notes)).map((r) => r.title)).toEqual(['x', 'y']);

      const bad = await importFile(notes, 'title\nok\n\n', 'text/csv', t.adminToken, '?background=true');
      const failed = await importFile(notes, 'n\n1\n', 'text/csv', t.adminToken, '?background=true');
      expect(await waitForJob(t, bad.body.data.id)).toMatchObject({ status: 'completed', rows_done: 1 });
      expect(await waitForJob(t, failed.body.data.id)).toMatchObject({
        status: 'failed',
        errors: [
          {
            message: expect.any(String),
            extensions: expect.objectContaining({ code: 'FAILED_VALIDATION', rows: [{ type: 'lines', rows: [2] }] }),
          },
        ],
      });
      expect(await rows(notes)).toHaveLength(3);
    });

    it('writes the one item of a singleton, and refuses a second row', async () => {
      const settings = await createCollection(t, uniq('site'), [{ field: 'name', type: 'string' }], {
        singleton: true,
      });
      await importFile(settings, '[{"name":"first"}]', 'application/json').expect(200);
      await importFile(settings, '[{"name":"second"}]', 'application/json').expect(200);
      expect((await t.as('admin').get(`/items/${settings}`)).body.data).toMatchObject({ name: 'second' });
      const res = await importFile(settings, '[{"name":"a"},\n{"name":"b"}]', 'application/json');
      await expectError(Promise.resolve(res), 400, 'INVALID_PAYLOAD');
      expect(res.body.errors[0].message).toContain('Line 2');
      expect((await t.as('admin').get(`/items/${settings}`)).body.data).toMatchObject({ name: 'second' });
    });

    it('needs create and update permission (403), for users and the public', async () => {
      const role = await createRole(t);
      const user = await createUser(t, role);
      await grant(t, role, notes, 'create');
      await expectError(importFile(notes, 'title\nx\n', 'text/csv', user.token), 403, 'FORBIDDEN');
      await expectError(importFile(notes, 'title\nx\n', 'text/csv', ''), 403, 'FORBIDDEN');
      await expectError(importFile(uniq('nothing'), 'title\nx\n', 'text/csv'), 403, 'FORBIDDEN');
      await expectError(importFile('svc_users', '[]', 'application/json', user.token), 403, 'FORBIDDEN');
      await grant(t, role, notes, 'update');
      await importFile(notes, 'title\nx\n', 'text/csv', user.token).expect(200);
      expect(await rows(notes)).toHaveLength(1);
    });

    it('is 415 for a request that is not multipart and for a file part of another type', async () => {
      await expectError(
        t
          .as('admin')
          .post(`/utils/import/${notes}`)
          .send([{ title: 'x' }]),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      await expectError(importFile(notes, 'title\nx\n', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      await expectError(importFile(notes, 'title\nx\n', 'application/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(await rows(notes)).toEqual([]);
    });

    it.each([
      ['JSON', 'application/json', '[{"title":"cut"}]', ''],
      ['CSV', 'text/csv', 'title\ncut\n', ''],
      ['JSON in the background', 'application/json', '[{"title":"cut"}]', '?background=true'],
      ['PNG', 'image/png', 'not rows', ''],
    ])(
      'answers a %s upload cut before its closing boundary with 400 or 415, writes nothing and keeps serving',
      async (_what, type, content, query) => {
        const body = `--cut\r\nContent-Disposition: form-data; name="file"; filename="data"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;
        const res = t
          .as('admin')
          .post(`/utils/import/${notes}${query}`)
          .set('Content-Type', 'multipart/form-data; boundary=cut')
          .send(body);
        if (type === 'image/png') await expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
        else await expectError(res, 400, 'INVALID_PAYLOAD');
        expect(await rows(notes)).toEqual([]);
        // Whatever the cut import still does after answering is over once it has given its slot back.
        const imports = t.app.get(DataImportService);
        await until(() => imports['running'] === 0, 'the cut import ended');
        expect((await t.as('anonymous').get('/server/ping')).text).toBe('pong');
      },
    );
  });
});
