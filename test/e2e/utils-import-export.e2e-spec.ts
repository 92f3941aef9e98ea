import { createCollection, FieldSpec } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { waitForJob } from '../helpers/export-job';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

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

describe('/utils/import and /utils/export', () => {
  let t: TestApp;
  let source: string;

  async function exportFile(collection: string, body: Record<string, unknown>, token = t.adminToken) {
    const res = await t.as(token).post(`/utils/export/${collection}`).send(body);
    expect(res.status).toBe(204);
    expect(res.headers.location).toMatch(/^\/utils\/jobs\/[0-9a-f-]{36}$/);
    return waitForJob(t, res.headers.location.slice('/utils/jobs/'.length), token);
  }

  async function download(file: string): Promise<Buffer> {
    const res = await t
      .as('admin')
      .get(`/assets/${file}`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    return res.body as Buffer;
  }

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

  describe.each([
    ['json', 'application/json'],
    ['csv', 'text/csv'],
    ['csv_utf8', 'text/csv; charset=utf-8'],
  ])('round trip through %s', (format, type) => {
    it('exports to a new file and imports it back into identical rows, for every field type', async () => {
      const job = await exportFile(source, { format, query: { limit: -1 } });
      expect(job).toMatchObject({
        type: 'export',
        status: 'completed',
        rows_done: ROWS.length,
        format,
        errors: null,
        file: expect.any(String),
      });
      const file = (await t.as('admin').get(`/files/${job.file}`)).body.data;
      expect(file.title).toMatch(new RegExp(`^export-${source}-\\d{8}-\\d{6}$`));
      expect(file.filename_download).toBe(`${file.title}.${format}`);
      expect(file.type).toBe(type);
      const content = await download(job.file as string);
      if (format === 'csv_utf8') expect(content.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

      const target = await createCollection(t, uniq('target'), ALL_TYPES);
      const res = await importFile(target, content, type);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(await rows(target)).toEqual(await rows(source));
    });
  });

  it.each([
    ['xml', /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<data>\n {2}<item>/, 'text/xml'],
    ['yaml', /^- id: 1\n {2}str: "He said \\"hi\\", then; left"\n/, 'text/yaml'],
  ])('exports %s with the caller query and file fields applied', async (format, pattern, type) => {
    const folder = (
      await t
        .as('admin')
        .post('/folders')
        .send({ name: uniq('exports') })
    ).body.data.id;
    const job = await exportFile(source, {
      format,
      query: { filter: { int: { _eq: -42 } } },
      file: { title: 'Mine', folder },
    });
    expect(job.rows_done).toBe(1);
    const file = (await t.as('admin').get(`/files/${job.file}`)).body.data;
    expect(file).toMatchObject({ title: 'Mine', filename_download: `Mine.${format}`, folder, type });
    expect((await download(job.file as string)).toString()).toMatch(pattern);
  });

  it('export: 400 without format or query or with an unknown format, 403 for an unknown collection', async () => {
    await expectError(t.as('admin').post(`/utils/export/${source}`).send({ query: {} }), 400, 'INVALID_PAYLOAD');
    await expectError(t.as('admin').post(`/utils/export/${source}`).send({ format: 'csv' }), 400, 'INVALID_PAYLOAD');
    await expectError(
      t.as('admin').post(`/utils/export/${source}`).send({ format: 'pdf', query: {} }),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      t
        .as('admin')
        .post(`/utils/export/${source}`)
        .send({ format: 'csv', query: { limit: 'x' } }),
      400,
      'INVALID_QUERY',
    );
    await expectError(
      t
        .as('admin')
        .post(`/utils/export/${uniq('nothing')}`)
        .send({ format: 'csv', query: {} }),
      403,
      'FORBIDDEN',
    );
  });

  it("export: reads with the caller's permissions; without read permission it is refused FORBIDDEN, no job started", async () => {
    const role = await createRole(t);
    const user = await createUser(t, role);
    await grant(t, role, source, 'read', { permissions: { int: { _eq: 0 } } });
    await grant(t, role, 'svc_files', 'create');
    const job = await exportFile(source, { format: 'json', query: {} }, user.token);
    expect(job).toMatchObject({ status: 'completed', rows_done: 1 });
    expect(JSON.parse((await download(job.file as string)).toString())).toEqual([expect.objectContaining({ int: 0 })]);

    const stranger = await createUser(t, await createRole(t));
    const refused = await t.as(stranger.token).post(`/utils/export/${source}`).send({ format: 'json', query: {} });
    await expectError(refused, 403, 'FORBIDDEN');
    expect(refused.headers.location).toBeUndefined();
    expect((await t.as(stranger.token).get('/utils/jobs')).body.data).toEqual([]);
  });
});
