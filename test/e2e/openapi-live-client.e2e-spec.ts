import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createEveryTypeSchema, EveryTypeSchema } from '../factories/every-type.factory';
import { clientFolder, compileStrict, generateTypes, lintOpenApi, runClient } from '../helpers/openapi-tools';
import { StorageEnv, storageEnv } from '../helpers/storage-env';
import { createTestApp, TestApp } from '../helpers/test-app';

type Doc = {
  tags: { name: string; 'x-collection'?: string }[];
  paths: Record<
    string,
    Record<string, { operationId?: string; requestBody?: { content: Record<string, { schema: unknown }> } }>
  >;
  components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
};

const INT = { type: 'integer', format: 'int32' };
const UUID = { type: 'string', format: 'uuid' };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const encoded = (path: string) => `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** The client a consumer of the API writes against the generated types: every call below is type-checked. */
function clientSource(s: EveryTypeSchema, article: string): string {
  return `import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Article = components['schemas']['${article}'];
// The multipart body the document declares for uploads.
type Upload = paths['/files']['post']['requestBody']['content']['multipart/form-data'];

function one<T>(data: T | T[] | undefined): T {
  const item = Array.isArray(data) ? data[0] : data;
  if (item === undefined) throw new Error('no item answered');
  return item;
}

export async function run(baseUrl: string, token: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${token}\` } });
  const author = one((await client.POST('/items/${s.authors}', { body: { name: 'Ada' } })).data?.data);
  const draft = {
    title: 'Typed', slug: 'typed', body: 'Long text', views: 3, big: 9007199254740991, rating: 1.5, price: 9.99,
    published: true, extra: { nested: [1, 2] }, keywords: ['a', 'b'], codes: 'x,y', ref: '2f1c4a86-3b6e-4c8e-9a51-0d9c1e7b6a11',
    day: '2024-01-31', at: '13:45:00', written: '2024-01-31T13:45:00', stamp: '2024-01-31T13:45:00.000Z', author: author.id,
  } satisfies Article;
  const created = await client.POST('/items/${s.articles}', {
    body: { ...draft, comments: [{ text: 'first' }], tags: [{ ${s.tags}_id: { label: 'news' } }] },
  });
  const id = one(created.data?.data).id;
  if (id === undefined) throw new Error('no key answered');
  const read = await client.GET('/items/${s.articles}/{id}', { params: { path: { id } } });
  const updated = await client.PATCH('/items/${s.articles}/{id}', { params: { path: { id } }, body: { views: 4, keywords: ['c'] } });
  const extra = one((await client.POST('/items/${s.articles}', { body: [{ title: 'Gone', slug: 'gone' }] })).data?.data);
  const listed = await client.GET('/items/${s.articles}', { params: { query: { limit: 10 } } });
  const removed = await client.DELETE('/items/${s.articles}/{id}', { params: { path: { id: extra.id ?? 0 } } });
  const home = await client.PATCH('/items/${s.home}', { body: { headline: 'Welcome' } });

  const upload = { file: new Blob(['typed upload'], { type: 'text/plain' }) } satisfies Upload;
  const uploaded = await client.POST('/files', {
    body: upload,
    bodySerializer: () => {
      const form = new FormData();
      form.append('title', 'typed upload');
      form.append('file', upload.file, 'typed.txt');
      return form;
    },
  });
  return {
    id,
    author: author.id ?? null,
    created: created.response.status,
    read: { status: read.response.status, title: read.data?.data?.title ?? null, keywords: read.data?.data?.keywords ?? null },
    updated: { status: updated.response.status, views: updated.data?.data?.views ?? null },
    listed: (listed.data?.data ?? []).map((item) => item.title ?? null),
    removed: { status: removed.response.status, id: extra.id ?? null },
    home: home.data?.data?.headline ?? null,
    uploaded: uploaded.response.status,
  };
}
`;
}

/** Calls the generated types must refuse: a client that compiles with them would be typed for nothing. */
function wrongSource(s: EveryTypeSchema, article: string): string {
  return `import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
export const missingRequired = client.POST('/items/${s.articles}', { body: { body: 'no title, no slug' } });
export const wrongType = client.PATCH('/items/${s.articles}/{id}', { params: { path: { id: 1 } }, body: { views: 'many' } });
export const unknownField: components['schemas']['${article}'] = { title: 'x', nope: 1 };
export const wrongKey = client.GET('/items/${s.authors}/{id}', { params: { path: { id: 1 } } });
export const unknownPath = client.GET('/items/not_a_collection_here');
`;
}

describe('the live OpenAPI document (GET /server/specs/oas) as the contract of a generated client', () => {
  let t: TestApp;
  let storage: StorageEnv;
  let folder: { dir: string; close(): Promise<void> };
  let s: EveryTypeSchema;
  let doc: Doc;
  let url: string;
  const nameOf = (collection: string) => doc.tags.find((tag) => tag['x-collection'] === collection)!.name;
  const schemaOf = (collection: string) => doc.components.schemas[nameOf(collection)];

  beforeAll(async () => {
    storage = await storageEnv('local');
    t = await createTestApp({ env: storage.env });
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
    s = await createEveryTypeSchema(t);
    folder = await clientFolder();
    const res = await t.as('admin').get('/server/specs/oas').expect(200);
    doc = res.body as Doc;
  });
  afterAll(async () => {
    await folder?.close();
    await t?.close();
    await storage?.close();
  });

  it('declares a tag, an item schema and the paths of each collection, with operation ids in the SDK vocabulary', () => {
    expect(nameOf(s.articles)).toMatch(/^Items[A-Z]\w*Articles$/);
    const article = nameOf(s.articles).slice('Items'.length);
    const ops = (path: string) =>
      Object.fromEntries(
        Object.entries(doc.paths[path] ?? {})
          .filter(([k]) => k !== 'parameters')
          .map(([method, op]) => [method, op.operationId]),
      );
    expect(ops(`/items/${s.articles}`)).toEqual({
      get: `readItems${article}`,
      post: `createItem${article}`,
      patch: `updateItems${article}`,
      delete: `deleteItems${article}`,
    });
    expect(ops(`/items/${s.articles}/{id}`)).toEqual({
      get: `readItem${article}`,
      patch: `updateItem${article}`,
      delete: `deleteItem${article}`,
    });
    const home = nameOf(s.home).slice('Items'.length);
    expect(ops(`/items/${s.home}`)).toEqual({ get: `readSingleton${home}`, patch: `updateSingleton${home}` });
    expect(doc.paths[`/items/${s.home}/{id}`]).toBeUndefined();
    const ids = Object.values(doc.paths).flatMap((path) =>
      Object.values(path)
        .map((op) => op.operationId)
        .filter(Boolean),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('types each field from its type and nullability as the database reports them', () => {
    expect(schemaOf(s.articles).properties).toEqual({
      id: INT,
      title: { type: 'string', nullable: true, description: 'Shown as the heading' },
      slug: { type: 'string' },
      body: { type: 'string', nullable: true },
      views: INT,
      big: { type: 'integer', format: 'int64', nullable: true },
      rating: { type: 'number', format: 'float', nullable: true },
      price: { type: 'number', nullable: true },
      published: { type: 'boolean', nullable: true },
      extra: {},
      keywords: { type: 'array', items: { type: 'string' }, nullable: true },
      codes: { type: 'string', nullable: true },
      ref: { ...UUID, nullable: true },
      secret: { type: 'string', nullable: true, description: expect.any(String) },
      day: { type: 'string', format: 'date', example: '2024-01-31', nullable: true },
      at: { type: 'string', format: 'time', nullable: true, description: expect.any(String) },
      written: { type: 'string', format: 'date-time', nullable: true, description: expect.any(String) },
      stamp: { type: 'string', format: 'date-time', example: '2024-01-31T13:45:00.000Z', nullable: true },
      author: { oneOf: [{ ...UUID, nullable: true }, ref(nameOf(s.authors))] },
      cover: { ...UUID, nullable: true },
      comments: { type: 'array', items: { oneOf: [INT, ref(nameOf(s.comments))] } },
      tags: { type: 'array', items: { oneOf: [INT, ref(nameOf(s.junction))] } },
    });
    expect(schemaOf(s.authors).properties).toEqual({
      id: UUID,
      name: { type: 'string' },
      articles: { type: 'array', items: { oneOf: [INT, ref(nameOf(s.articles))] } },
    });
    expect(schemaOf(s.junction).properties[`${s.tags}_id`]).toEqual({
      oneOf: [{ ...INT, nullable: true }, ref(nameOf(s.tags))],
    });
  });

  it('requires on create what the items engine requires: required and NOT NULL fields without a default', () => {
    const body = (collection: string) =>
      doc.paths[`/items/${collection}`].post.requestBody!.content['application/json'].schema as { oneOf: unknown[] };
    expect(body(s.articles).oneOf[0]).toEqual({ allOf: [ref(nameOf(s.articles))], required: ['title', 'slug'] });
    expect(body(s.authors).oneOf[0]).toEqual({ allOf: [ref(nameOf(s.authors))], required: ['name'] });
    expect(body(s.tags).oneOf[0]).toEqual(ref(nameOf(s.tags)));
  });

  it("lints without errors or warnings, whole, with the repository's redocly.yaml (pinned redocly CLI)", async () => {
    expect(await lintOpenApi(folder.dir, doc)).toEqual([]);
    // The lint can fail: a flaw in an added operation is reported.
    const flawed = structuredClone(doc) as unknown as { paths: Record<string, Record<string, { summary?: string }>> };
    delete flawed.paths[`/items/${s.articles}`].get.summary;
    expect(await lintOpenApi(folder.dir, flawed)).toEqual([
      expect.objectContaining({
        ruleId: 'operation-summary',
        severity: 'error',
        pointer: `${encoded(`/items/${s.articles}`)}/get/summary`,
      }),
    ]);
  });

  it('generates types that compile under tsc --strict and refuse wrong bodies, keys and paths', async () => {
    await generateTypes(folder.dir, doc);
    const client = join(folder.dir, 'client.ts');
    const wrong = join(folder.dir, 'wrong.ts');
    await writeFile(client, clientSource(s, nameOf(s.articles)));
    await writeFile(wrong, wrongSource(s, nameOf(s.articles)));
    const errors = compileStrict([client, wrong]);
    expect(errors.filter((e) => !e.startsWith(`${wrong}:`))).toEqual([]);
    // openapi-fetch itself does not refuse unknown members of a body, so that one is checked on the item type.
    for (const line of [5, 6, 7, 8, 9]) expect(errors.filter((e) => e.startsWith(`${wrong}:${line}:`))).toHaveLength(1);
  }, 120000);

  it('creates, reads, updates and deletes items and uploads a file through the typed client, as stored', async () => {
    type Result = {
      id: number;
      author: string;
      created: number;
      read: { status: number; title: string; keywords: string[] };
      updated: { status: number; views: number };
      listed: string[];
      removed: { status: number; id: number };
      home: string;
      uploaded: number;
    };
    const r = await runClient<Result>(join(folder.dir, 'client.ts'), url, t.adminToken);
    expect(r).toMatchObject({
      created: 200,
      read: { status: 200, title: 'Typed', keywords: ['a', 'b'] },
      updated: { status: 200, views: 4 },
      removed: { status: 204 },
      home: 'Welcome',
      uploaded: 200,
    });
    expect(r.listed).toEqual(expect.arrayContaining(['Typed', 'Gone']));

    const admin = t.as('admin');
    const stored = await admin
      .get(`/items/${s.articles}/${r.id}?fields=*,comments.text,tags.${s.tags}_id.label,author.name`)
      .expect(200);
    expect(stored.body.data).toMatchObject({
      title: 'Typed',
      slug: 'typed',
      views: 4,
      big: 9007199254740991,
      rating: 1.5,
      price: 9.99,
      published: true,
      extra: { nested: [1, 2] },
      keywords: ['c'],
      codes: 'x,y',
      day: '2024-01-31',
      at: '13:45:00',
      written: '2024-01-31T13:45:00',
      stamp: '2024-01-31T13:45:00.000Z',
      author: { name: 'Ada' },
      comments: [{ text: 'first' }],
      tags: [{ [`${s.tags}_id`]: { label: 'news' } }],
    });
    await admin.get(`/items/${s.articles}/${r.removed.id}`).expect(403);
    expect((await admin.get(`/items/${s.home}`).expect(200)).body.data.headline).toBe('Welcome');
    const files = await admin
      .get('/files')
      .query({ filter: JSON.stringify({ title: { _eq: 'typed upload' } }) })
      .expect(200);
    expect(files.body.data).toEqual([expect.objectContaining({ filename_download: 'typed.txt', type: 'text/plain' })]);
    expect((await admin.get(`/assets/${files.body.data[0].id}`).expect(200)).text).toBe('typed upload');
  }, 120000);
});
