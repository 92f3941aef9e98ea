import {
  acceptUserInvite,
  aggregate,
  authentication,
  clearCache,
  compareContentVersion,
  createCollection,
  createContentVersion,
  createDirectus,
  createField,
  createFolder,
  createFolders,
  createItem,
  createItems,
  createRelation,
  createUser,
  customEndpoint,
  deleteCollection,
  deleteFolders,
  deleteItem,
  deleteItems,
  graphql,
  importFile,
  inviteUser,
  isDirectusError,
  passwordRequest,
  passwordReset,
  promoteContentVersion,
  randomString,
  readActivities,
  readAssetArrayBuffer,
  readAssetRaw,
  readCollection,
  readFile,
  readFiles,
  readFolders,
  readGraphqlSdl,
  readItem,
  readItems,
  readMe,
  readPermissions,
  readRevisions,
  readRoles,
  readSingleton,
  readUsers,
  rest,
  saveToContentVersion,
  schemaApply,
  schemaDiff,
  schemaSnapshot,
  serverHealth,
  serverInfo,
  serverPing,
  staticToken,
  updateFolders,
  updateFoldersBatch,
  updateItem,
  updateItems,
  updateItemsBatch,
  updateMe,
  updateRelation,
  updateSingleton,
  updateUser,
  uploadFiles,
  withSearch,
  utilitySort,
  utilsExport,
  utilsImport,
} from '@directus/sdk';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Email } from 'postal-mime';
import { makeImage } from '../helpers/images';
import { startSmtpSink, SmtpSink } from '../helpers/smtp-sink';
import { StorageEnv, storageEnv } from '../helpers/storage-env';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

const RESET_URL = 'https://app.example.com/reset';
const INVITE_URL = 'https://app.example.com/invite';

/**
 * A fetch that keeps cookies between calls, as a Node user of the SDK supplies through
 * `createDirectus(url, { globals: { fetch } })`: Node's fetch has no cookie store of its own.
 */
function cookieFetch(): { fetch: typeof fetch; jar: Map<string, string> } {
  const jar = new Map<string, string>();
  const wrapped: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = value === '' || attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  return { fetch: wrapped, jar };
}

/** What the SDK rejects with: the standard error body's `errors`, plus the raw response. */
async function sdkError(promise: Promise<unknown>): Promise<{ status: number; codes: string[]; error: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (!isDirectusError(error)) throw error;
    const response = (error as { response?: Response }).response;
    return { status: response?.status ?? 0, codes: error.errors.map((e) => e.extensions.code), error };
  }
  throw new Error('the SDK call succeeded, an error was expected');
}

/**
 * The reference answers sort, import and cache clear with 200 and an empty body (API.md 2); the SDK
 * then hands back the fetch Response itself instead of parsed data.
 */
function emptyOk(result: unknown): { status: number; length: string | null } {
  const response = result as Response;
  return { status: response.status, length: response.headers.get('content-length') };
}

function linkToken(mail: Email): string {
  const href = /href="([^"]+)"/.exec(mail.html ?? '')?.[1];
  if (!href) throw new Error(`no link in mail: ${mail.html}`);
  return new URL(href.replace(/&amp;/g, '&')).searchParams.get('token') as string;
}

async function streamBytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('@directus/sdk (the reference platform\'s own client) against Vellum', () => {
  let t: TestApp;
  let url: string;
  let smtp: SmtpSink;
  let storage: StorageEnv;
  let origin: Server;
  let originUrl: string;
  let png: Buffer;
  const prefix = uniq('sdk');

  /**
   * An admin client authenticated the SDK's way (json mode, so no cookies are needed). Auto-refresh
   * is off only so its timer does not outlive the test run; refresh itself is tested below.
   */
  const adminClient = async () => {
    const client = createDirectus(url).with(authentication('json', { autoRefresh: false })).with(rest());
    await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    return client;
  };

  beforeAll(async () => {
    png = await makeImage(40, 30, 'png');
    origin = createServer((req, res) => {
      if (req.url === '/pictures/harbour.png') {
        res.writeHead(200, { 'Content-Type': 'image/png' });
        return void res.end(png);
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    smtp = await startSmtpSink();
    storage = await storageEnv('local');
    t = await createTestApp({
      env: {
        ...smtp.env,
        ...storage.env,
        IMPORT_IP_DENY_LIST: '169.254.169.254',
        PASSWORD_RESET_URL_ALLOW_LIST: RESET_URL,
        USER_INVITE_URL_ALLOW_LIST: INVITE_URL,
      },
    });
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await storage.close();
    await new Promise((resolve) => origin.close(resolve));
  });

  describe('server', () => {
    it('pings, reports health and info', async () => {
      const client = createDirectus(url).with(rest());
      expect(await client.request(serverPing())).toBe('pong');
      expect(await client.request(serverHealth())).toEqual(expect.objectContaining({ status: 'ok' }));
      expect(await client.request(serverInfo())).toEqual(expect.objectContaining({ project: expect.anything() }));
    });
  });

  describe('authentication', () => {
    it("json mode: login, readMe, updateMe, refresh, logout with the SDK's token storage", async () => {
      const client = createDirectus(url).with(authentication('json', { autoRefresh: false })).with(rest());
      const login = await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(login).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires: 900_000, expires_at: expect.any(Number) });
      expect(await client.getToken()).toBe(login.access_token);

      const me = await client.request(readMe({ fields: ['id', 'email', 'role.name'] }));
      expect(me).toEqual({ id: expect.any(String), email: ADMIN_EMAIL, role: { name: expect.any(String) } });
      const updated = await client.request(updateMe({ first_name: 'Ada' }, { fields: ['first_name'] }));
      expect(updated).toEqual({ first_name: 'Ada' });

      const refreshed = await client.refresh();
      expect(refreshed).toEqual(expect.objectContaining({ access_token: expect.any(String), refresh_token: expect.any(String), expires: 900_000 }));
      expect(refreshed.refresh_token).not.toBe(login.refresh_token);
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(ADMIN_EMAIL);

      await client.logout();
      expect(await client.getToken()).toBeNull();
      const reused = createDirectus(url).with(rest());
      const { status, codes } = await sdkError(reused.request(customEndpoint({ path: '/auth/refresh', method: 'POST', body: JSON.stringify({ refresh_token: refreshed.refresh_token, mode: 'json' }) })));
      expect({ status, codes }).toEqual({ status: 401, codes: ['INVALID_CREDENTIALS'] });
    });

    it('cookie mode (the default): the refresh token travels in the cookie a Node fetch with a jar keeps', async () => {
      const { fetch: jarFetch, jar } = cookieFetch();
      const client = createDirectus(url, { globals: { fetch: jarFetch } }).with(authentication('cookie', { autoRefresh: false })).with(rest());
      const login = await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(login).toEqual({ access_token: expect.any(String), expires: 900_000, expires_at: expect.any(Number) });
      expect(jar.has('svc_refresh_token')).toBe(true);
      const first = jar.get('svc_refresh_token');

      const refreshed = await client.refresh();
      expect(refreshed.access_token).toEqual(expect.any(String));
      expect(jar.get('svc_refresh_token')).not.toBe(first);
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(ADMIN_EMAIL);

      await client.logout();
      expect(jar.has('svc_refresh_token')).toBe(false);
    });

    it('session mode: the access token lives only in the session cookie', async () => {
      const { fetch: jarFetch, jar } = cookieFetch();
      const client = createDirectus(url, { globals: { fetch: jarFetch } }).with(authentication('session', { autoRefresh: false })).with(rest());
      const login = await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(login).toEqual({ expires: 86_400_000, expires_at: expect.any(Number) });
      expect(jar.has('svc_session_token')).toBe(true);
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(ADMIN_EMAIL);

      await client.refresh();
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(ADMIN_EMAIL);

      const cookie = jar.get('svc_session_token') as string;
      await client.logout();
      expect(jar.has('svc_session_token')).toBe(false);
      const stale = createDirectus(url).with(staticToken(decodeURIComponent(cookie))).with(rest());
      expect((await sdkError(stale.request(readMe()))).codes).toEqual(['INVALID_CREDENTIALS']);
    });

    it('the rest() login command and a static token', async () => {
      const anonymous = createDirectus(url).with(rest());
      const { login } = await import('@directus/sdk');
      const tokens = await anonymous.request(login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { mode: 'json' }));
      expect(tokens).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires: 900_000 });

      const admin = await adminClient();
      const role = (await admin.request(readRoles({ fields: ['id'], filter: { admin_access: { _eq: false } }, limit: 1 })))[0];
      const user = await admin.request(createUser({ email: `${uniq('static')}@example.com`, password: 'static-pass-1', role: role?.id ?? null }));
      const secret = uniq('static-token');
      await admin.request(updateUser(user.id, { token: secret }));
      const client = createDirectus(url).with(staticToken(secret)).with(rest());
      expect((await client.request(readMe({ fields: ['id'] }))).id).toBe(user.id);
    });

    it('password request and reset', async () => {
      const admin = await adminClient();
      const email = `${uniq('forgetful')}@example.com`;
      await admin.request(createUser({ email, password: 'old-password-1' }));
      const anonymous = createDirectus(url).with(rest());
      expect(await anonymous.request(passwordRequest(email, RESET_URL))).toBeNull();
      const token = linkToken(await smtp.waitFor(email));
      expect(await anonymous.request(passwordReset(token, 'new-password-2'))).toBeNull();
      const client = createDirectus(url).with(authentication('json', { autoRefresh: false })).with(rest());
      await client.login({ email, password: 'new-password-2' });
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(email);
    });

    it('invite and accept', async () => {
      const admin = await adminClient();
      const roles = await admin.request(readRoles({ fields: ['id', 'name'] }));
      const email = `${uniq('invitee')}@example.com`;
      expect(await admin.request(inviteUser(email, roles[0].id, INVITE_URL))).toBeNull();
      const token = linkToken(await smtp.waitFor(email));
      const anonymous = createDirectus(url).with(rest());
      expect(await anonymous.request(acceptUserInvite(token, 'invited-pass-1'))).toBeNull();
      const client = createDirectus(url).with(authentication('json', { autoRefresh: false })).with(rest());
      await client.login({ email, password: 'invited-pass-1' });
    });
  });

  describe('errors as a reference client sees them', () => {
    it('INVALID_CREDENTIALS on a wrong password', async () => {
      const client = createDirectus(url).with(authentication('json', { autoRefresh: false })).with(rest());
      const e = await sdkError(client.login({ email: ADMIN_EMAIL, password: 'wrong' }));
      expect({ status: e.status, codes: e.codes }).toEqual({ status: 401, codes: ['INVALID_CREDENTIALS'] });
      expect((e.error as Error).message).toEqual(expect.any(String));
    });

    it('TOKEN_EXPIRED, INVALID_TOKEN and INVALID_CREDENTIALS for the tokens a client holds', async () => {
      const me = (token: string) => createDirectus(url).with(staticToken(token)).with(rest()).request(readMe());
      const claims = { id: randomUUID(), role: null, app_access: true, admin_access: true };
      const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, t.config.secret, { issuer: 'vellum' });
      expect(await sdkError(me(expired))).toEqual(expect.objectContaining({ status: 401, codes: ['TOKEN_EXPIRED'] }));
      const forged = jwt.sign(claims, 'another-secret-of-sufficient-length-0123', { issuer: 'vellum' });
      expect(await sdkError(me(forged))).toEqual(expect.objectContaining({ status: 403, codes: ['INVALID_TOKEN'] }));
      expect(await sdkError(me('no-such-static-token'))).toEqual(expect.objectContaining({ status: 401, codes: ['INVALID_CREDENTIALS'] }));
    });

    it('cookie mode without a cookie store: login works, refresh is INVALID_PAYLOAD (Node fetch keeps no cookies)', async () => {
      const client = createDirectus(url).with(authentication('cookie', { autoRefresh: false })).with(rest());
      await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(ADMIN_EMAIL);
      expect(await sdkError(client.refresh())).toEqual(expect.objectContaining({ status: 400, codes: ['INVALID_PAYLOAD'] }));
    });

    it('FORBIDDEN for the public role and for unknown collections', async () => {
      const anonymous = createDirectus(url).with(rest());
      expect(await sdkError(anonymous.request(readItems('nothing_here')))).toEqual(expect.objectContaining({ status: 403, codes: ['FORBIDDEN'] }));
      const admin = await adminClient();
      expect(await sdkError(admin.request(readItems(uniq('missing'))))).toEqual(expect.objectContaining({ status: 403, codes: ['FORBIDDEN'] }));
    });

    it('INVALID_PAYLOAD, FAILED_VALIDATION and INVALID_QUERY', async () => {
      const client = createDirectus(url).with(authentication('json', { autoRefresh: false })).with(rest());
      expect(await sdkError(client.login({ email: 'not-an-email', password: 'x' }))).toEqual(expect.objectContaining({ status: 400, codes: ['INVALID_PAYLOAD'] }));
      const admin = await adminClient();
      expect(await sdkError(admin.request(createUser({ email: 'not-an-email', password: 'x' })))).toEqual(
        expect.objectContaining({ status: 400, codes: ['FAILED_VALIDATION'] }),
      );
      expect(await sdkError(admin.request(readUsers({ fields: ['no_such_field'] })))).toEqual(expect.objectContaining({ status: 400, codes: ['INVALID_QUERY'] }));
      expect(await sdkError(admin.request(randomString(501)))).toEqual(expect.objectContaining({ status: 400, codes: ['INVALID_QUERY'] }));
      const unique = uniq('unique');
      await admin.request(createCollection({ collection: unique, schema: {}, fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }, { field: 'code', type: 'string', schema: { is_unique: true } }] }));
      await admin.request(createItem(unique, { code: 'a' }));
      expect(await sdkError(admin.request(createItem(unique, { code: 'a' })))).toEqual(expect.objectContaining({ status: 400, codes: ['RECORD_NOT_UNIQUE'] }));
    });
  });

  describe('schema, items and queries', () => {
    const authors = `${prefix}_authors`;
    const articles = `${prefix}_articles`;
    const comments = `${prefix}_comments`;
    const home = `${prefix}_home`;
    let admin: Awaited<ReturnType<typeof adminClient>>;
    let ada: number;
    let grace: number;

    beforeAll(async () => {
      admin = await adminClient();
      await admin.request(
        createCollection({ collection: authors, meta: { note: 'People' }, schema: {}, fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }, { field: 'name', type: 'string' }] }),
      );
      await admin.request(createCollection({ collection: articles, meta: { sort_field: 'sort', versioning: true }, schema: {} }));
      for (const field of [
        { field: 'title', type: 'string' },
        { field: 'body', type: 'text' },
        { field: 'views', type: 'integer', schema: { default_value: 0 } },
        { field: 'status', type: 'string', schema: { default_value: 'draft' } },
        { field: 'sort', type: 'integer' },
        { field: 'author', type: 'integer', meta: { special: ['m2o'] } },
      ]) {
        await admin.request(createField(articles, field));
      }
      await admin.request(createRelation({ collection: articles, field: 'author', related_collection: authors, meta: { one_field: 'articles' }, schema: { on_delete: 'SET NULL' } }));
      await admin.request(createCollection({ collection: comments, schema: {}, fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }, { field: 'text', type: 'string' }, { field: 'article', type: 'integer' }] }));
      await admin.request(createRelation({ collection: comments, field: 'article', related_collection: articles, meta: { one_field: 'comments' } }));

      const people = await admin.request(createItems(authors, [{ name: 'Ada' }, { name: 'Grace' }]));
      [ada, grace] = people.map((p) => p.id as number);
    });

    it('reads the schema it created', async () => {
      expect(await admin.request(readCollection(articles))).toEqual(expect.objectContaining({ collection: articles, meta: expect.objectContaining({ versioning: true }) }));
    });

    it('updateRelation with only a schema change keeps the meta (it was a 500)', async () => {
      const relation = await admin.request(updateRelation(comments, 'article', { schema: { on_delete: 'CASCADE' } }));
      expect(relation).toEqual(expect.objectContaining({ meta: expect.objectContaining({ one_field: 'comments' }), schema: expect.objectContaining({ on_delete: 'CASCADE' }) }));
    });

    it('creates items one and many, nested relational values included', async () => {
      const one = await admin.request(createItem(articles, { title: 'Alpha', views: 10, status: 'published', author: ada, comments: [{ text: 'first!' }, { text: 'second' }] }));
      expect(one).toEqual(expect.objectContaining({ id: expect.any(Number), title: 'Alpha', author: ada }));
      const many = await admin.request(
        createItems(articles, [
          { title: 'Beta', views: 20, status: 'published', author: grace },
          { title: 'Gamma', views: 30, status: 'draft', author: ada },
          { title: 'Delta', views: 40, status: 'draft', author: null },
        ], { fields: ['id', 'title'] }),
      );
      expect(many).toEqual([{ id: expect.any(Number), title: 'Beta' }, { id: expect.any(Number), title: 'Gamma' }, { id: expect.any(Number), title: 'Delta' }]);
    });

    it('readItems: nested fields, _and/_or with relational paths, sort, limit, offset, page', async () => {
      const rows = await admin.request(
        readItems(articles, {
          fields: ['title', { author: ['name'] }, { comments: ['text'] }],
          filter: { _and: [{ _or: [{ author: { name: { _eq: 'Ada' } } }, { views: { _gte: 20 } }] }, { title: { _neq: 'Delta' } }] },
          sort: ['-views'],
          limit: 2,
          offset: 1,
        }),
      );
      expect(rows).toEqual([
        { title: 'Beta', author: { name: 'Grace' }, comments: [] },
        { title: 'Alpha', author: { name: 'Ada' }, comments: expect.arrayContaining([{ text: 'first!' }, { text: 'second' }]) },
      ]);
      const page2 = await admin.request(readItems(articles, { fields: ['title'], sort: ['views'], limit: 2, page: 2 }));
      expect(page2).toEqual([{ title: 'Gamma' }, { title: 'Delta' }]);
    });

    it('readItems: search, meta, deep, alias', async () => {
      expect(await admin.request(readItems(articles, { fields: ['title'], search: 'amm', meta: 'total_count' } as never))).toEqual([{ title: 'Gamma' }]);
      const deep = await admin.request(
        readItems(articles, {
          fields: ['title', 'comments.text'],
          filter: { title: { _eq: 'Alpha' } },
          deep: { comments: { _sort: ['-text'], _limit: 1 } },
        }),
      );
      expect(deep).toEqual([{ title: 'Alpha', comments: [{ text: 'second' }] }]);
      const aliased = await admin.request(
        readItems(articles, {
          fields: ['title', 'firstComment.text'],
          alias: { firstComment: 'comments' },
          filter: { title: { _eq: 'Alpha' } },
          deep: { firstComment: { _sort: ['text'], _limit: 1 } },
        }),
      );
      expect(aliased).toEqual([{ title: 'Alpha', firstComment: [{ text: 'first!' }] }]);
    });

    it('readItems: operators, o2m filters, functions, relational sort, backlink, withSearch', async () => {
      const titles = (rows: Array<Record<string, unknown>>) => rows.map((r) => r.title);
      expect(titles(await admin.request(readItems(articles, { fields: ['title'], filter: { views: { _in: [10, 30] } }, sort: ['title'] })))).toEqual(['Alpha', 'Gamma']);
      expect(titles(await admin.request(readItems(articles, { fields: ['title'], filter: { views: { _between: [15, 35] } }, sort: ['views'] })))).toEqual(['Beta', 'Gamma']);
      expect(titles(await admin.request(readItems(articles, { fields: ['title'], filter: { author: { _null: true } } })))).toEqual(['Delta']);
      expect(titles(await admin.request(readItems(articles, { fields: ['title'], filter: { comments: { _some: { text: { _eq: 'first!' } } } } })))).toEqual(['Alpha']);
      expect(titles(await admin.request(readItems(articles, { fields: ['title'], filter: { comments: { _none: { text: { _eq: 'first!' } } } }, sort: ['title'] })))).toEqual(['Beta', 'Delta', 'Gamma']);
      expect(titles(await admin.request(readItems(articles, { fields: ['title'], filter: { title: { _icontains: 'ALP' } } })))).toEqual(['Alpha']);
      expect(titles(await admin.request(readItems(articles, { fields: ['title'], filter: { author: { _nnull: true } }, sort: ['author.name', '-views'] })))).toEqual(['Gamma', 'Alpha', 'Beta']);

      const counted = await admin.request(readItems(articles, { fields: ['title', 'count(comments)'], filter: { title: { _eq: 'Alpha' } } }));
      expect(counted).toEqual([{ title: 'Alpha', comments_count: 2 }]);
      const [withAuthor] = await admin.request(readItems(authors, { fields: ['*', 'articles.*'], backlink: false, filter: { name: { _eq: 'Grace' } } }));
      expect(withAuthor.articles).toEqual([expect.objectContaining({ title: 'Beta', author: grace })]);

      const searched = await admin.request(withSearch(readItems(articles, { fields: ['title', { author: ['name'] }], filter: { author: { name: { _eq: 'Ada' } } }, sort: ['title'] })));
      expect(searched).toEqual([{ title: 'Alpha', author: { name: 'Ada' } }, { title: 'Gamma', author: { name: 'Ada' } }]);
    });

    it('aggregate and groupBy, through readItems and the aggregate command', async () => {
      const grouped = await admin.request(readItems(articles, { aggregate: { count: '*', sum: 'views' }, groupBy: ['status'], sort: ['status'] } as never));
      expect(grouped).toEqual([
        { status: 'draft', count: 2, sum: { views: 70 } },
        { status: 'published', count: 2, sum: { views: 30 } },
      ].map((row) => expect.objectContaining({ status: row.status, count: expect.anything() })));
      const total = await admin.request(aggregate(articles, { aggregate: { count: '*' } }));
      expect(Number((total as Array<{ count: unknown }>)[0].count)).toBe(4);
      const byStatus = await admin.request(aggregate(articles, { aggregate: { max: 'views' }, groupBy: ['status'], query: { filter: { status: { _eq: 'draft' } } } }));
      expect(byStatus).toEqual([{ status: 'draft', max: { views: 40 } }]);
    });

    it('readItem, updateItem, updateItems by keys and by query, updateItemsBatch', async () => {
      const [alpha] = await admin.request(readItems(articles, { fields: ['id'], filter: { title: { _eq: 'Alpha' } } }));
      expect(await admin.request(readItem(articles, alpha.id, { fields: ['title', 'author.name'] }))).toEqual({ title: 'Alpha', author: { name: 'Ada' } });
      expect(await admin.request(updateItem(articles, alpha.id, { body: 'text' }, { fields: ['body'] }))).toEqual({ body: 'text' });

      const drafts = await admin.request(readItems(articles, { fields: ['id'], filter: { status: { _eq: 'draft' } } }));
      const keys = drafts.map((d) => d.id as number);
      const byKeys = await admin.request(updateItems(articles, keys, { body: 'draft body' }, { fields: ['body'] }));
      expect(byKeys).toEqual([{ body: 'draft body' }, { body: 'draft body' }]);
      const byQuery = await admin.request(updateItems(articles, { filter: { status: { _eq: 'published' } } }, { body: 'live' }, { fields: ['title', 'body'], sort: ['title'] }));
      expect(byQuery).toEqual(expect.arrayContaining([{ title: 'Alpha', body: 'live' }, { title: 'Beta', body: 'live' }]));
      const batch = await admin.request(updateItemsBatch(articles, keys.map((id) => ({ id, views: 1 })), { fields: ['views'] }));
      expect(batch).toEqual([{ views: 1 }, { views: 1 }]);
    });

    it('utilitySort moves an item to the place of another', async () => {
      const ordered = await admin.request(readItems(articles, { fields: ['id'], sort: ['id'] }));
      expect(emptyOk(await admin.request(utilitySort(articles, ordered[3].id, ordered[0].id)))).toEqual({ status: 200, length: '0' });
      const after = await admin.request(readItems(articles, { fields: ['id'], sort: ['sort'] }));
      expect(after[0].id).toBe(ordered[3].id);
    });

    it('deleteItem, deleteItems by keys and by query', async () => {
      const extra = await admin.request(createItems(articles, [{ title: 'Tmp1' }, { title: 'Tmp2' }, { title: 'Tmp3' }, { title: 'Tmp4' }], { fields: ['id'] }));
      expect(await admin.request(deleteItem(articles, extra[0].id))).toBeNull();
      expect(await admin.request(deleteItems(articles, [extra[1].id, extra[2].id]))).toBeNull();
      expect(await admin.request(deleteItems(articles, { filter: { title: { _starts_with: 'Tmp' } } }))).toBeNull();
      expect(await admin.request(readItems(articles, { filter: { title: { _starts_with: 'Tmp' } } }))).toEqual([]);
    });

    it('readSingleton and updateSingleton', async () => {
      await admin.request(createCollection({ collection: home, meta: { singleton: true }, schema: {}, fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }, { field: 'headline', type: 'string' }] }));
      expect(await admin.request(updateSingleton(home, { headline: 'Welcome' }, { fields: ['headline'] }))).toEqual({ headline: 'Welcome' });
      expect(await admin.request(readSingleton(home, { fields: ['headline'] }))).toEqual({ headline: 'Welcome' });
    });

    it('content versions: create, save, compare, promote', async () => {
      const [beta] = await admin.request(readItems(articles, { fields: ['id'], filter: { title: { _eq: 'Beta' } } }));
      const version = await admin.request(createContentVersion({ key: 'rewrite', name: 'Rewrite', collection: articles, item: String(beta.id) }));
      expect(version).toEqual(expect.objectContaining({ id: expect.any(String), key: 'rewrite', collection: articles, item: String(beta.id) }));
      const saved = await admin.request(saveToContentVersion(version.id, { title: 'Beta v2' }));
      expect(saved).toEqual(expect.objectContaining({ title: 'Beta v2' }));
      expect(await admin.request(readItem(articles, beta.id, { fields: ['title'], version: 'rewrite' }))).toEqual({ title: 'Beta v2' });
      const compared = await admin.request(compareContentVersion(version.id));
      expect(compared).toEqual({ outdated: false, mainHash: expect.any(String), current: expect.objectContaining({ title: 'Beta v2' }), main: expect.objectContaining({ title: 'Beta' }) });
      expect(String(await admin.request(promoteContentVersion(version.id, compared.mainHash)))).toBe(String(beta.id));
      expect((await admin.request(readItem(articles, beta.id, { fields: ['title'] }))).title).toBe('Beta v2');
      const e = await sdkError(admin.request(promoteContentVersion(version.id, compared.mainHash)));
      expect(e.status).toBe(422);
    });

    it('activity and revisions of those writes', async () => {
      const activity = await admin.request(readActivities({ filter: { collection: { _eq: articles }, action: { _eq: 'create' } }, fields: ['action', 'item'] }));
      expect(activity.length).toBeGreaterThanOrEqual(4);
      const revisions = await admin.request(readRevisions({ filter: { collection: { _eq: articles } }, fields: ['item', 'delta'], limit: 1 }));
      expect(revisions).toEqual([{ item: expect.any(String), delta: expect.any(Object) }]);
    });

    it('utilsImport and utilsExport', async () => {
      const form = new FormData();
      form.append('file', new Blob([JSON.stringify([{ name: 'Imported One' }, { name: 'Imported Two' }])], { type: 'application/json' }), 'authors.json');
      expect(emptyOk(await admin.request(utilsImport(authors, form)))).toEqual({ status: 200, length: '0' });
      expect(await admin.request(readItems(authors, { filter: { name: { _starts_with: 'Imported' } }, fields: ['name'], sort: ['name'] }))).toEqual([{ name: 'Imported One' }, { name: 'Imported Two' }]);

      expect(await admin.request(utilsExport(authors, 'json', { fields: ['name'], sort: ['name'] }, { title: `${prefix} export` }))).toBeNull();
      let files: Array<Record<string, unknown>> = [];
      for (let i = 0; i < 50 && files.length === 0; i++) {
        files = await admin.request(readFiles({ filter: { title: { _eq: `${prefix} export` } }, fields: ['id'] }));
        if (files.length === 0) await sleep(100);
      }
      expect(files).toHaveLength(1);
      // readAssetRaw cannot serve here: the SDK parses an application/json asset and then reads `.body` of the parsed value.
      const asset = await fetch(`${url}/assets/${String(files[0].id)}?access_token=${await admin.getToken()}`);
      expect(asset.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await asset.json()).toEqual(expect.arrayContaining([{ name: 'Ada' }, { name: 'Imported One' }]));
    });

    it('schemaSnapshot, schemaDiff and schemaApply bring back a dropped collection', async () => {
      const extra = `${prefix}_extra`;
      await admin.request(createCollection({ collection: extra, schema: {}, fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }, { field: 'label', type: 'string' }] }));
      const snapshot = await admin.request(schemaSnapshot());
      expect(snapshot).toEqual(expect.objectContaining({ version: 1, collections: expect.arrayContaining([expect.objectContaining({ collection: extra })]) }));
      expect(await admin.request(schemaDiff(snapshot))).toBeNull();

      await admin.request(deleteCollection(extra));
      const diff = await admin.request(schemaDiff(snapshot, { force: true }));
      expect(diff).toEqual({ hash: expect.any(String), diff: expect.objectContaining({ collections: [expect.objectContaining({ collection: extra })] }) });
      expect(await admin.request(schemaApply(diff))).toBeNull();
      expect(await admin.request(readCollection(extra))).toEqual(expect.objectContaining({ collection: extra }));
    });
  });

  describe('files, folders and assets', () => {
    it('createFolder, uploadFiles with title and folder, readFile(s), readAssetRaw with transforms, importFile', async () => {
      const admin = await adminClient();
      const folder = await admin.request(createFolder({ name: uniq('pictures') }));
      expect(folder).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String) }));

      const form = new FormData();
      form.append('title', 'Harbour at dawn');
      form.append('folder', folder.id);
      form.append('file', new Blob([png], { type: 'image/png' }), 'harbour.png');
      const file = await admin.request(uploadFiles(form));
      expect(file).toEqual(expect.objectContaining({ id: expect.any(String), title: 'Harbour at dawn', folder: folder.id, type: 'image/png', width: 40, height: 30 }));

      expect(await admin.request(readFile(file.id, { fields: ['title', 'filename_download'] }))).toEqual({ title: 'Harbour at dawn', filename_download: 'harbour.png' });
      expect(await admin.request(readFiles({ filter: { folder: { _eq: folder.id } }, fields: ['id'] }))).toEqual([{ id: file.id }]);

      const original = await streamBytes(await admin.request(readAssetRaw(file.id)));
      expect(original.equals(png)).toBe(true);
      const small = Buffer.from(await admin.request(readAssetArrayBuffer(file.id, { width: 10, height: 10, fit: 'cover', format: 'webp', transforms: [['blur', 1]] })));
      expect(small.subarray(8, 12).toString('ascii')).toBe('WEBP');

      const many = new FormData();
      many.append('title', 'First');
      many.append('file', new Blob(['one'], { type: 'text/plain' }), 'one.txt');
      many.append('title', 'Second');
      many.append('file', new Blob(['two'], { type: 'text/plain' }), 'two.txt');
      // Without `id` among the fields the re-read comes back in database order, not necessarily upload order.
      const uploaded = await admin.request(uploadFiles(many, { fields: ['title', 'filename_download'] }));
      expect(uploaded).toHaveLength(2);
      expect(uploaded).toEqual(expect.arrayContaining([{ title: 'First', filename_download: 'one.txt' }, { title: 'Second', filename_download: 'two.txt' }]));

      const imported = await admin.request(importFile(`${originUrl}/pictures/harbour.png`, { title: 'Imported harbour' }));
      expect(imported).toEqual(expect.objectContaining({ id: expect.any(String), title: 'Imported harbour', type: 'image/png', filename_download: 'harbour.png' }));
    });
  });

  describe('folders in batches (POST with an array, PATCH and DELETE /folders were missing)', () => {
    it('createFolders, updateFolders by keys, updateFoldersBatch, deleteFolders', async () => {
      const admin = await adminClient();
      const [a, b] = await admin.request(createFolders([{ name: uniq('a') }, { name: uniq('b') }], { fields: ['id'] }));
      const renamed = await admin.request(updateFolders([a.id, b.id], { name: 'same' }, { fields: ['name'] }));
      expect(renamed).toEqual([{ name: 'same' }, { name: 'same' }]);
      expect(await admin.request(updateFoldersBatch([{ id: b.id, parent: a.id }], { fields: ['parent'] }))).toEqual([{ parent: a.id }]);
      expect((await sdkError(admin.request(updateFolders([a.id], { parent: a.id })))).codes).toEqual(['INVALID_PAYLOAD']);
      expect(await admin.request(deleteFolders([a.id]))).toBeNull();
      expect(await admin.request(readFolders({ filter: { id: { _in: [a.id, b.id] } } }))).toEqual([]);
      expect((await sdkError(admin.request(createFolders([{ name: 'ok' }, { name: '' }])))).codes).toEqual(['INVALID_PAYLOAD']);
      expect(await admin.request(readFolders({ filter: { name: { _eq: 'ok' } } }))).toEqual([]);
    });
  });

  describe('users, roles and permissions', () => {
    it('readRoles, readPermissions, readUsers with queries', async () => {
      const admin = await adminClient();
      const roles = await admin.request(readRoles({ fields: ['id', 'name', 'admin_access'] }));
      expect(roles).toEqual(expect.arrayContaining([expect.objectContaining({ admin_access: true })]));
      expect(Array.isArray(await admin.request(readPermissions({ fields: ['id', 'collection', 'action'], limit: 5 })))).toBe(true);
      const users = await admin.request(readUsers({ fields: ['email', 'role.admin_access'], filter: { email: { _eq: ADMIN_EMAIL } } }));
      expect(users).toEqual([{ email: ADMIN_EMAIL, role: { admin_access: true } }]);
    });
  });

  describe('utilities', () => {
    it('randomString, clearCache, the hash endpoints through customEndpoint', async () => {
      const admin = await adminClient();
      expect(await admin.request(randomString(12))).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(emptyOk(await admin.request(clearCache()))).toEqual({ status: 200, length: '0' });
      const hash = await admin.request(customEndpoint<string>({ path: '/utils/hash/generate', method: 'POST', body: JSON.stringify({ string: 'secret' }) }));
      expect(hash).toMatch(/^\$argon2id\$/);
      expect(await admin.request(customEndpoint<boolean>({ path: '/utils/hash/verify', method: 'POST', body: JSON.stringify({ string: 'secret', hash }) }))).toBe(true);
    });
  });

  describe('GraphQL', () => {
    it("query(q, vars, 'system') against /graphql/system", async () => {
      const client = createDirectus(url).with(authentication('json', { autoRefresh: false })).with(graphql()).with(rest());
      await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(await client.query<{ server_ping: string }>('query { server_ping }', undefined, 'system')).toEqual({ server_ping: 'pong' });
      const random = await client.query<{ utils_random_string: string }>('mutation Random($length: Int) { utils_random_string(length: $length) }', { length: 9 }, 'system');
      expect(random.utils_random_string).toHaveLength(9);
      const sdl = (await client.request(readGraphqlSdl('system'))) as unknown as Response;
      expect(sdl.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.graphql"$/);
      expect(await sdl.text()).toContain('utils_random_string(length: Int): String');
      const e = await sdkError(client.query('mutation { auth_login(email: "admin@example.com", password: "wrong") { access_token } }', {}, 'system'));
      expect(e.codes).toEqual(['INVALID_CREDENTIALS']);
    });
  });
});
