import { DataSource } from 'typeorm';
import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { makeImage } from './images';
import { multipartBody, RawClient } from './raw-http';
import { TestApp } from './test-app';

/** The rows, callers and files the fuzz run aims at, and must leave as they were. */
export interface Seeded {
  articles: string;
  authors: string;
  tags: string;
  junction: string;
  site: string;
  scratch: string;
  doomed: string;
  ids: Record<string, string[]>;
  fields: Record<string, string[]>;
  fileId: string;
  victimFileId: string;
  adminId: string;
  limited: { id: string; role: string; token: string; permissions: number[] };
  victim: {
    user: string;
    role: string;
    token: string;
    permission: number;
    folder: string;
    version: string;
    revision: string;
  };
  png: Buffer;
  snapshot: unknown;
}

/** What the request builders need to know about the run: the seeded data and the admin's credentials. */
export interface FuzzContext {
  s: Seeded;
  adminToken: string;
  secret: string;
}

export type AdminJson = (method: string, path: string, body?: unknown) => Promise<{ data: any }>;

type Collections = Pick<Seeded, 'articles' | 'authors' | 'tags' | 'junction' | 'site' | 'scratch' | 'doomed'>;
type Rows = { id: string | number }[];

/** A JSON request as the admin that throws unless it succeeds: set-up and checks, never the fuzzing itself. */
export function adminJsonClient(send: RawClient, adminToken: string): AdminJson {
  return async (method, path, body) => {
    const res = await send({
      method,
      path,
      headers: {
        Authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300)
      throw new Error(`${method} ${path} failed during setup: ${res.status} ${res.text.slice(0, 500)}`);
    return res.body as { data: any };
  };
}

async function createSchema(t: TestApp, adminJson: AdminJson): Promise<Collections> {
  const uuidPk = { field: 'id', type: 'uuid', schema: { is_primary_key: true }, meta: { special: ['uuid'] } };
  const authors = await createCollection(t, 'fz_authors', [
    uuidPk,
    { field: 'name', type: 'string', schema: { max_length: 120, is_nullable: false, is_unique: true } },
  ]);
  const tags = await createCollection(t, 'fz_tags', [uuidPk, { field: 'label', type: 'string' }]);
  const articles = await createCollection(t, 'fz_articles', [
    uuidPk,
    { field: 'title', type: 'string', schema: { max_length: 200 } },
    { field: 'body', type: 'text' },
    { field: 'views', type: 'integer', schema: { default_value: 0 } },
    { field: 'rating', type: 'float' },
    { field: 'price', type: 'decimal', schema: { numeric_precision: 10, numeric_scale: 2 } },
    { field: 'published', type: 'boolean', schema: { default_value: false } },
    { field: 'extra', type: 'json' },
    { field: 'day', type: 'date' },
    { field: 'starts', type: 'dateTime' },
    { field: 'author', type: 'uuid' },
    { field: 'cover', type: 'uuid' },
  ]);
  const junction = await createCollection(t, 'fz_articles_tags', [
    uuidPk,
    { field: 'article_id', type: 'uuid' },
    { field: 'tag_id', type: 'uuid' },
  ]);
  await createRelation(t, articles, 'author', authors, 'articles');
  await createRelation(t, articles, 'cover', 'svc_files');
  await adminJson('POST', '/relations', {
    collection: junction,
    field: 'article_id',
    related_collection: articles,
    meta: { one_field: 'tags', junction_field: 'tag_id' },
    schema: { on_delete: 'CASCADE' },
  });
  await adminJson('POST', '/relations', {
    collection: junction,
    field: 'tag_id',
    related_collection: tags,
    meta: { junction_field: 'article_id' },
    schema: { on_delete: 'CASCADE' },
  });
  const site = await createCollection(t, 'fz_site', [{ field: 'motto', type: 'string' }], { singleton: true });
  const scratch = await createCollection(
    t,
    'fz_scratch',
    [
      { field: 'label', type: 'string' },
      { field: 'count', type: 'integer' },
      { field: 'flag', type: 'boolean' },
      { field: 'data', type: 'json' },
      { field: 'sort', type: 'integer' },
      { field: 'parent', type: 'integer' },
    ],
    { sort_field: 'sort', versioning: true },
  );
  await createRelation(t, scratch, 'parent', scratch, 'children');
  const doomed = await createCollection(t, 'fz_doomed', [
    { field: 'x', type: 'string' },
    { field: 'ref', type: 'integer' },
  ]);
  return { articles, authors, tags, junction, site, scratch, doomed };
}

async function upload(send: RawClient, adminToken: string, png: Buffer, title: string): Promise<string> {
  const boundary = 'fuzzsetupboundary';
  const body = multipartBody(
    [
      { name: 'title', data: title },
      { name: 'file', filename: `${title}.png`, contentType: 'image/png', data: png },
    ],
    boundary,
  );
  const res = await send({
    method: 'POST',
    path: '/files',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return (res.body as { data: { id: string } }).data.id;
}

async function insertRows(
  adminJson: AdminJson,
  c: Collections,
  fileId: string,
): Promise<Record<'authors' | 'tags' | 'articles' | 'scratch' | 'junction', Rows>> {
  const authors = (await adminJson('POST', `/items/${c.authors}`, [{ name: 'Ada' }, { name: 'Grace' }])).data;
  const tags = (await adminJson('POST', `/items/${c.tags}`, [{ label: 'red' }, { label: 'green' }, { label: 'blue' }]))
    .data;
  const articles = (
    await adminJson('POST', `/items/${c.articles}`, [
      {
        title: 'First',
        body: 'Hello',
        views: 3,
        rating: 4.5,
        price: '12.50',
        published: true,
        extra: { a: [1, 2] },
        day: '2024-02-29',
        starts: '2024-02-29T10:11:12',
        author: authors[0].id,
        cover: fileId,
      },
      { title: 'Second', body: 'World', views: 0, published: false, author: authors[1].id },
      { title: 'Third', published: true, extra: ['x'] },
    ])
  ).data;
  await adminJson('POST', `/items/${c.junction}`, [
    { article_id: articles[0].id, tag_id: tags[0].id },
    { article_id: articles[0].id, tag_id: tags[1].id },
    { article_id: articles[1].id, tag_id: tags[2].id },
  ]);
  await adminJson('PATCH', `/items/${c.site}`, { motto: 'Stay calm' });
  const scratch = (
    await adminJson('POST', `/items/${c.scratch}`, [
      { label: 'a', count: 1, sort: 1 },
      { label: 'b', count: 2, sort: 2 },
      { label: 'c', count: 3, sort: 3 },
    ])
  ).data;
  await adminJson('POST', `/items/${c.doomed}`, { x: 'gone soon' });
  const junction = (await adminJson('GET', `/items/${c.junction}?fields=id`)).data;
  return { authors, tags, articles, scratch, junction };
}

/** A limited role with filtered and validated permissions, the caller the fuzzer tries to escalate. */
async function limitedCaller(t: TestApp, c: Collections): Promise<Seeded['limited']> {
  const role = await createRole(t);
  const permissions = [
    await grant(t, role, c.articles, 'read', {
      fields: ['id', 'title', 'views', 'published', 'author', 'tags', 'extra', 'day'],
      permissions: { published: { _eq: true } },
    }),
    await grant(t, role, c.articles, 'create', {
      fields: ['title', 'body', 'views', 'author'],
      validation: { title: { _nnull: true } },
      presets: { published: false },
    }),
    await grant(t, role, c.authors, 'read'),
    await grant(t, role, c.tags, 'read'),
    await grant(t, role, c.junction, 'read'),
    await grant(t, role, c.site, 'read'),
    await grant(t, role, c.scratch, 'read'),
    await grant(t, role, c.scratch, 'create', { validation: { label: { _nnull: true } }, presets: { flag: false } }),
    await grant(t, role, c.scratch, 'update', { permissions: { count: { _gte: 0 } } }),
    await grant(t, role, c.scratch, 'delete'),
    await grant(t, role, 'svc_files', 'read'),
  ];
  const user = await createUser(t, role);
  return { id: user.id, role, token: user.token, permissions };
}

/** What admin-powered fuzzed writes may change and delete instead of the protected data. */
async function victim(t: TestApp, adminJson: AdminJson, scratch: string, scratchRows: Rows): Promise<Seeded['victim']> {
  const role = await createRole(t);
  const permission = await grant(t, role, scratch, 'read');
  const user = await createUser(t, role);
  const folder = (await adminJson('POST', '/folders', { name: 'fuzz folder' })).data.id as string;
  const version = (
    await adminJson('POST', '/versions', { key: 'fuzz-draft', collection: scratch, item: String(scratchRows[0].id) })
  ).data.id as string;
  // A revert writes the revision's item: fuzzed reverts get a scratch row's, never a protected row's.
  const revision = String(
    (await adminJson('GET', `/revisions?filter[collection][_eq]=${scratch}&sort=id&limit=1&fields=id`)).data[0].id,
  );
  return { user: user.id, role, token: user.token, permission, folder, version, revision };
}

function fieldsOf(c: Collections): Record<string, string[]> {
  return {
    [c.articles]: [
      'id',
      'title',
      'body',
      'views',
      'rating',
      'price',
      'published',
      'extra',
      'day',
      'starts',
      'author',
      'cover',
      'tags',
    ],
    [c.authors]: ['id', 'name', 'articles'],
    [c.tags]: ['id', 'label'],
    [c.junction]: ['id', 'article_id', 'tag_id'],
    [c.site]: ['id', 'motto'],
    [c.scratch]: ['label', 'count', 'flag', 'data', 'sort', 'parent', 'children'],
    [c.doomed]: ['x', 'ref'],
  };
}

export async function seed(t: TestApp, send: RawClient): Promise<Seeded> {
  const adminJson = adminJsonClient(send, t.adminToken);
  const c = await createSchema(t, adminJson);
  const png = await makeImage(16, 12, 'png');
  const fileId = await upload(send, t.adminToken, png, 'kept');
  const victimFileId = await upload(send, t.adminToken, png, 'victim');
  const rows = await insertRows(adminJson, c, fileId);
  const limited = await limitedCaller(t, c);
  const victimData = await victim(t, adminJson, c.scratch, rows.scratch);
  const adminId = (await adminJson('GET', '/users/me?fields=id')).data.id as string;
  const snapshot = (await adminJson('GET', '/schema/snapshot')).data;
  const ids = (list: Rows) => list.map((r) => String(r.id));
  return {
    ...c,
    ids: {
      [c.articles]: ids(rows.articles),
      [c.authors]: ids(rows.authors),
      [c.tags]: ids(rows.tags),
      [c.junction]: ids(rows.junction),
      [c.site]: ['1'],
      [c.scratch]: ids(rows.scratch),
      [c.doomed]: ['1'],
    },
    fields: fieldsOf(c),
    fileId,
    victimFileId,
    adminId,
    limited,
    victim: victimData,
    png,
    snapshot,
  };
}

/** Everything the fuzz run must leave as it was: rows, relations, schema of the seeded collections, the file. */
export async function protectedState(t: TestApp, send: RawClient, s: Seeded) {
  const adminJson = adminJsonClient(send, t.adminToken);
  const read = async (path: string) => (await adminJson('GET', path)).data;
  return {
    articles: await read(
      `/items/${s.articles}?fields=*,tags.tag_id&sort=title&filter[id][_in]=${s.ids[s.articles].join(',')}`,
    ),
    authors: await read(
      `/items/${s.authors}?fields=*,articles&sort=name&filter[id][_in]=${s.ids[s.authors].join(',')}`,
    ),
    tags: await read(`/items/${s.tags}?sort=label&filter[id][_in]=${s.ids[s.tags].join(',')}`),
    junction: await read(`/items/${s.junction}?sort=id&filter[id][_in]=${s.ids[s.junction].join(',')}`),
    site: await read(`/items/${s.site}`),
    fields: await Promise.all([s.articles, s.authors, s.tags, s.junction, s.site].map((c) => read(`/fields/${c}`))),
    collections: await Promise.all(
      [s.articles, s.authors, s.tags, s.junction, s.site].map((c) => read(`/collections/${c}`)),
    ),
    relations: await Promise.all([s.articles, s.junction].map((c) => read(`/relations/${c}`))),
    file: await read(`/files/${s.fileId}`),
    asset: (
      await send({ method: 'GET', path: `/assets/${s.fileId}`, headers: { Authorization: `Bearer ${t.adminToken}` } })
    ).text,
    limitedUser: await read(`/users/${s.limited.id}?fields=id,role`),
    limitedRole: await read(`/roles/${s.limited.role}?fields=id,name,admin_access,app_access`),
    limitedPermissions: await read(`/permissions?filter[role][_eq]=${s.limited.role}&sort=id&limit=-1`),
    admin: await read(`/users/${s.adminId}?fields=id,role,status,email`),
  };
}

/**
 * Rows of the tables a failed request must not touch; a failed write that still changed one was
 * half-written. Read straight from the database, so it does not depend on the API under test.
 */
export async function fingerprint(t: TestApp, s: Seeded): Promise<string> {
  const ds = t.app.get(DataSource);
  const tables = [
    s.articles,
    s.authors,
    s.tags,
    s.junction,
    s.site,
    s.scratch,
    s.doomed,
    'svc_files',
    'svc_roles',
    'svc_permissions',
    'svc_folders',
    'svc_versions',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const rows: Record<string, unknown>[] = await ds.query(`SELECT * FROM ${ds.driver.escape(table)}`).catch(() => []);
    parts.push(`${table}:${JSON.stringify(rows.map((row) => JSON.stringify(row)).sort())}`);
  }
  return parts.join('\n');
}
