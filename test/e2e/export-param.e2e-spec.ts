import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import { expectError } from '../helpers/expect-error';
import { uniq } from '../helpers/uniq';
import { createTestApp, TestApp } from '../helpers/test-app';

const FILE_NAME = /^attachment; filename="Export \d{8}-\d{6}\.(\w+)"/;

describe('?export= on read endpoints', () => {
  let t: TestApp;
  let info: Record<string, any>;
  beforeAll(async () => {
    t = await createTestApp();
    info = (await t.as('admin').get('/server/info')).body.data;
  });
  afterAll(() => t.close());

  it.each([
    ['json', /^application\/json/, 'json'],
    ['csv', /^text\/csv$/, 'csv'],
    ['csv_utf8', /^text\/csv; charset=utf-8$/, 'csv'],
    ['xml', /^text\/xml/, 'xml'],
    ['yaml', /^text\/yaml/, 'yaml'],
  ])('export=%s answers a download with its media type and extension', async (format, type, extension) => {
    const res = await download(t, 'admin', `/server/info?export=${format}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(type);
    expect(FILE_NAME.exec(res.headers['content-disposition'])?.[1]).toBe(extension);
  });

  it('json holds one object as a tab-indented object, as the reference', async () => {
    const res = await download(t, 'admin', '/server/info?export=json');
    expect(res.body).toBe(JSON.stringify(info, null, '\t'));
  });

  it('csv flattens nested objects into dotted columns', async () => {
    const res = await download(t, 'admin', '/server/info?export=csv');
    const [row] = parseCsv(res.body, { columns: true });
    expect(row).toMatchObject({
      'project.project_name': 'Vellum',
      version: info.version,
      'queryLimit.default': '100',
      'queryLimit.max': '-1',
      websocket: 'false',
    });
    expect(res.body.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('csv_utf8 starts with a byte order mark', async () => {
    const res = await download(t, 'admin', '/server/info?export=csv_utf8');
    expect(res.body.startsWith('\uFEFFproject.project_name,')).toBe(true);
  });

  it('xml puts the members of one object under <data>', async () => {
    const res = await download(t, 'admin', '/server/info?export=xml');
    const parsed = new XMLParser().parse(res.body);
    expect(parsed.data.project.project_name).toBe('Vellum');
    expect(parsed.data.queryLimit).toEqual({ default: 100, max: -1 });
  });

  it('yaml of one object is a mapping', async () => {
    const res = await download(t, 'admin', '/server/info?export=yaml');
    expect(parseYaml(res.body)).toEqual(info);
  });

  it('exports what the caller may read, no more', async () => {
    const res = await download(t, 'anonymous', '/server/info?export=yaml');
    const row = parseYaml(res.body);
    expect(row.project.project_name).toBe('Vellum');
    expect(row.version).toBeUndefined();
  });

  describe('of a list', () => {
    const rows = [
      { id: 1, title: 'a', n: 1 },
      { id: 2, title: 'b', n: null },
    ];
    let list: string;
    beforeAll(async () => {
      list = uniq('exported');
      await t
        .as('admin')
        .post('/collections')
        .send({
          collection: list,
          fields: [
            { field: 'title', type: 'string' },
            { field: 'n', type: 'integer' },
          ],
        });
      await t
        .as('admin')
        .post(`/items/${list}`)
        .send(rows.map(({ title, n }) => ({ title, n })));
    });

    it.each([
      ['json', (body: string) => JSON.parse(body)],
      ['yaml', (body: string) => parseYaml(body)],
      ['csv', (body: string) => parseCsv(body, { columns: true })],
      ['xml', (body: string) => new XMLParser().parse(body).data.item],
    ])('%s holds every row', async (format, parse) => {
      const res = await download(t, 'admin', `/items/${list}?export=${format}&sort=id`);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${list} `));
      const parsed = parse(res.body) as Record<string, unknown>[];
      // CSV cells are text: an empty one is null, numbers are read back as numbers.
      const number = (v: unknown) => (v === '' || v === null ? null : Number(v));
      expect(parsed.map((r) => ({ id: number(r.id), title: r.title, n: number(r.n) }))).toEqual(rows);
    });
  });

  it('refuses an unknown format with INVALID_QUERY', () =>
    expectError(t.as('admin').get('/server/info?export=xlsx'), 400, 'INVALID_QUERY'));

  it('leaves answers without a data envelope alone', async () => {
    const res = await t.as('anonymous').get('/server/ping?export=csv');
    expect([res.status, res.text]).toEqual([200, 'pong']);
  });
});

/** The raw body of any media type, as text (supertest parses only some types by itself). */
async function download(t: TestApp, who: string, url: string) {
  const res = await t
    .as(who)
    .get(url)
    .buffer(true)
    .parse((stream: unknown, done: (err: Error | null, body: unknown) => void) => {
      const readable = stream as NodeJS.ReadableStream;
      let body = '';
      readable.setEncoding('utf8');
      readable.on('data', (chunk: string) => (body += chunk));
      readable.on('end', () => done(null, body));
    });
  return { status: res.status, headers: res.headers, body: res.body as string };
}
