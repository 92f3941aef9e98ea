import request from 'supertest';
import WebSocket from 'ws';
import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { GqlSocket } from '../helpers/graphql-ws-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';
import { socketUrl, TestSocket } from '../helpers/ws-client';

describe('GraphQL subscriptions over WebSocket (/graphql)', () => {
  let t: TestApp;
  let url: string;
  let authors: string;
  let posts: string;
  let secrets: string;
  let reader: { token: string; role: string | null };
  let ada: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true', WEBSOCKETS_GRAPHQL_AUTH_TIMEOUT: '0.5' } });
    url = await socketUrl(t, '/graphql');
    authors = await createCollection(t, uniq('gs_authors'), [{ field: 'name', type: 'string' }]);
    posts = await createCollection(t, uniq('gs_posts'), [
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
      { field: 'status', type: 'string' },
      { field: 'author', type: 'integer' },
    ]);
    await createRelation(t, posts, 'author', authors);
    secrets = await createCollection(t, uniq('gs_secrets'), [{ field: 'code', type: 'string' }]);
    ada = (await t.as('admin').post(`/items/${authors}`).send({ name: 'Ada' })).body.data.id;
    const role = await createRole(t);
    // The reader sees published posts only, and only their id and title.
    await grant(t, role, posts, 'read', { fields: ['id', 'title'], permissions: { status: { _eq: 'published' } } });
    reader = await createUser(t, role);
  });
  afterAll(() => t.close());

  const create = async (data: object) => (await t.as('admin').post(`/items/${posts}`).send(data)).body.data;
  const mutated = (selection: string, args = '') => `subscription { ${posts}_mutated${args} { ${selection} } }`;

  it('announces a create, an update and a delete through REST with the selected fields and relations', async () => {
    const s = await GqlSocket.open(url, t.adminToken);
    const op = await s.run(mutated('key event data { id title author { name } }'));
    const post = await create({ title: 'first', author: ada });
    const key = String(post.id);
    // Each event carries the item as read when it is sent, so each write waits for the event before it.
    expect(await op.take(1)).toEqual([
      {
        data: {
          [`${posts}_mutated`]: { key, event: 'create', data: { id: key, title: 'first', author: { name: 'Ada' } } },
        },
      },
    ]);
    await t.as('admin').patch(`/items/${posts}/${post.id}`).send({ title: 'edited' });
    expect(await op.take(1)).toEqual([
      {
        data: {
          [`${posts}_mutated`]: { key, event: 'update', data: { id: key, title: 'edited', author: { name: 'Ada' } } },
        },
      },
    ]);
    await t.as('admin').delete(`/items/${posts}/${post.id}`);
    expect(await op.take(1)).toEqual([{ data: { [`${posts}_mutated`]: { key, event: 'delete', data: null } } }]);
    await s.close();
  });

  it('sends one event per key of a batch write, in order', async () => {
    const s = await GqlSocket.open(url, t.adminToken);
    const op = await s.run(mutated('key event data { title }'));
    const made: { id: number }[] = await create([{ title: 'a' }, { title: 'b' }, { title: 'c' }]);
    const keys = made.map((p) => p.id);
    const created = (await op.take(3)).map((r) => r.data![`${posts}_mutated`]);
    expect(created).toEqual(
      ['a', 'b', 'c'].map((title, i) => ({ key: String(keys[i]), event: 'create', data: { title } })),
    );
    // The update is read before the delete is sent: a deleted item is not announced as updated.
    await t
      .as('admin')
      .patch(`/items/${posts}`)
      .send({ keys, data: { status: 'x' } });
    expect((await op.take(3)).map((r) => r.data![`${posts}_mutated`]).map((e) => [e.event, e.key])).toEqual(
      keys.map((k) => ['update', String(k)]),
    );
    await t.as('admin').delete(`/items/${posts}`).send(keys);
    expect((await op.take(3)).map((r) => r.data![`${posts}_mutated`])).toEqual(
      keys.map((k) => ({ key: String(k), event: 'delete', data: null })),
    );
    await s.close();
  });

  it('keys the events of a collection with UUID keys by the UUID', async () => {
    const tags = await createCollection(t, uniq('gs_tags'), [
      { field: 'id', type: 'uuid', schema: { is_primary_key: true }, meta: { special: ['uuid'] } },
      { field: 'label', type: 'string' },
    ]);
    const s = await GqlSocket.open(url, t.adminToken);
    const op = await s.run(`subscription { ${tags}_mutated { key event data { id label } } }`);
    const tag = (await t.as('admin').post(`/items/${tags}`).send({ label: 'red' })).body.data;
    await t.as('admin').delete(`/items/${tags}/${tag.id}`);
    expect(await op.take(2)).toEqual([
      { data: { [`${tags}_mutated`]: { key: tag.id, event: 'create', data: { id: tag.id, label: 'red' } } } },
      { data: { [`${tags}_mutated`]: { key: tag.id, event: 'delete', data: null } } },
    ]);
    await s.close();
  });

  it('filters by event, and stops when the client completes the subscription', async () => {
    const s = await GqlSocket.open(url, t.adminToken);
    const updates = await s.run(`subscription ($e: EventEnum) { ${posts}_mutated(event: $e) { key event } }`, {
      e: 'update',
    });
    const post = await create({ title: 'watched' });
    await t.as('admin').patch(`/items/${posts}/${post.id}`).send({ title: 'changed' });
    expect(await updates.take(1)).toEqual([
      { data: { [`${posts}_mutated`]: { key: String(post.id), event: 'update' } } },
    ]);
    updates.stop();
    // The marker: the same subscription started again after the stop (run() returns once the server has
    // taken up both messages); the next update reaches it, and must not reach the stopped one.
    const marker = await s.run(`subscription ($e: EventEnum) { ${posts}_mutated(event: $e) { key event } }`, {
      e: 'update',
    });
    await t.as('admin').patch(`/items/${posts}/${post.id}`).send({ title: 'again' });
    expect(await marker.take(1)).toEqual([
      { data: { [`${posts}_mutated`]: { key: String(post.id), event: 'update' } } },
    ]);
    expect(updates.results).toEqual([]);
    await s.close();
  });

  it('announces to a reader only the items and fields its permissions let it read', async () => {
    const s = await GqlSocket.open(url, reader.token);
    const op = await s.run(mutated('event data { id title }'));
    await create({ title: 'hidden draft', status: 'draft' });
    const published = await create({ title: 'visible', status: 'published', body: 'secret body' });
    expect(await op.take(1)).toEqual([
      { data: { [`${posts}_mutated`]: { event: 'create', data: { id: String(published.id), title: 'visible' } } } },
    ]);
    // The marker: a later item the reader may read comes next, with nothing before it.
    const marker = await create({ title: 'marker', status: 'published' });
    expect(await op.take(1)).toEqual([
      { data: { [`${posts}_mutated`]: { event: 'create', data: { id: String(marker.id), title: 'marker' } } } },
    ]);
    expect(op.results).toEqual([]);

    const body = await s.run(mutated('data { body }'));
    expect(await body.ended).toEqual({
      errors: [
        expect.objectContaining({
          message: expect.stringContaining('body'),
          extensions: { code: 'GRAPHQL_VALIDATION' },
        }),
      ],
    });
    await s.close();
  });

  it('answers a forbidden or unknown collection with a validation error, and a query runs too', async () => {
    const s = await GqlSocket.open(url, reader.token);
    for (const collection of [secrets, 'no_such_collection']) {
      const op = await s.run(`subscription { ${collection}_mutated { key } }`);
      expect(await op.ended).toEqual({
        errors: [expect.objectContaining({ message: expect.stringContaining(`${collection}_mutated`) })],
      });
    }
    const published = await create({ title: 'listed', status: 'published' });
    const query = await s.run(`query { ${posts}(filter: { id: { _eq: ${published.id} } }) { title } }`);
    expect(await query.ended).toEqual({});
    expect(query.results).toEqual([{ data: { [posts]: [{ title: 'listed' }] } }]);
    await s.close();
  });

  it('offers the collections created after the connection opened', async () => {
    const s = await GqlSocket.open(url, t.adminToken);
    const later = await createCollection(t, uniq('gs_later'), [{ field: 'name', type: 'string' }]);
    const op = await s.run(`subscription { ${later}_mutated { event data { name } } }`);
    await t.as('admin').post(`/items/${later}`).send({ name: 'new' });
    expect(await op.take(1)).toEqual([{ data: { [`${later}_mutated`]: { event: 'create', data: { name: 'new' } } } }]);
    await s.close();
  });

  it('signs in with a static token and with a session token, as REST does', async () => {
    const user = await createUser(t, reader.role);
    const staticToken = uniq('static-token');
    expect((await t.as('admin').patch(`/users/${user.id}`).send({ token: staticToken })).status).toBe(200);
    const login = await t
      .as('anonymous')
      .post('/auth/login')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, mode: 'session' });
    const session = /svc_session_token=([^;]+)/.exec(String(login.headers['set-cookie']))![1];
    for (const token of [staticToken, session]) {
      const s = await GqlSocket.open(url, token);
      const op = await s.run(mutated('event data { title }'));
      await create({ title: 'seen', status: 'published' });
      expect(await op.take(1)).toEqual([
        { data: { [`${posts}_mutated`]: { event: 'create', data: { title: 'seen' } } } },
      ]);
      await s.close();
    }
  });

  it('closes a connection_init without a valid token with 4403, and one that never comes with 4408', async () => {
    expect(await new GqlSocket(url).closed).toBe(4403);
    expect(await new GqlSocket(url, { access_token: 'forged' }).closed).toBe(4403);
    const silent = new WebSocket(url, 'graphql-transport-ws');
    const started = Date.now();
    expect(await new Promise((resolve) => silent.on('close', resolve))).toBe(4408);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('accepts the token on the upgrade URL, and keeps the WebSocket API on its own path', async () => {
    const s = await GqlSocket.open(`${url}?access_token=${t.adminToken}`);
    const op = await s.run(mutated('event'));
    await create({ title: 'by url' });
    expect(await op.take(1)).toEqual([{ data: { [`${posts}_mutated`]: { event: 'create' } } }]);
    await s.close();
    await expect(GqlSocket.open(`${url}?access_token=forged`)).rejects.toThrow();
    const rest = await TestSocket.authenticated(url.replace('/graphql', '/websocket'), t.adminToken);
    expect(await rest.request({ type: 'ping', uid: 1 })).toEqual({ type: 'pong', uid: 1 });
    rest.close();
  });

  it('refuses a subscription over HTTP', async () => {
    await expectError(
      t
        .as('admin')
        .post('/graphql')
        .send({ query: mutated('key') }),
      400,
      'GRAPHQL_VALIDATION',
    );
  });

  it('describes the socket in /server/info', async () => {
    const res = await request(t.server).get('/server/info').set('Authorization', `Bearer ${t.adminToken}`);
    expect(res.body.data.websocket.graphql).toEqual({ authentication: 'handshake', path: '/graphql' });
  });
});

describe('GraphQL subscriptions: strict and public modes, connection limit, token expiry', () => {
  let strict: TestApp;
  let open: TestApp;
  let short: TestApp;
  let notes: string;

  beforeAll(async () => {
    strict = await createTestApp({
      env: {
        WEBSOCKETS_ENABLED: 'true',
        WEBSOCKETS_GRAPHQL_AUTH: 'strict',
        WEBSOCKETS_GRAPHQL_PATH: '/live-gql',
        WEBSOCKETS_GRAPHQL_CONN_LIMIT: '1',
      },
    });
    open = await createTestApp({
      env: { WEBSOCKETS_ENABLED: 'true', WEBSOCKETS_GRAPHQL_AUTH: 'public', WEBSOCKETS_REST_ENABLED: 'false' },
    });
    notes = await createCollection(open, uniq('gs_notes'), [{ field: 'text', type: 'string' }]);
    await grant(open, null, notes, 'read', { fields: ['text'] });
    short = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true', ACCESS_TOKEN_TTL: '2s' } });
  });
  afterAll(async () => {
    await strict.close();
    await open.close();
    await short.close();
  });

  it('strict: refuses the upgrade with 401 without a valid ?access_token=, and 403 past the connection limit', async () => {
    const url = await socketUrl(strict, '/live-gql');
    await expect(GqlSocket.open(url, strict.adminToken)).rejects.toThrow();
    await expect(GqlSocket.open(`${url}?access_token=forged`)).rejects.toThrow();
    const first = await GqlSocket.open(`${url}?access_token=${strict.adminToken}`);
    const refused = new WebSocket(`${url}?access_token=${strict.adminToken}`, 'graphql-transport-ws');
    const status = await new Promise((resolve) =>
      refused.on('unexpected-response', (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(403);
    await first.close();
    await expect(GqlSocket.open(url.replace('/live-gql', '/graphql'), strict.adminToken)).rejects.toThrow();
  });

  it('public: an anonymous connection subscribes to what the public role reads', async () => {
    const s = await GqlSocket.open(await socketUrl(open, '/graphql'));
    const op = await s.run(`subscription { ${notes}_mutated { event data { text } } }`);
    await open.as('admin').post(`/items/${notes}`).send({ text: 'hello' });
    expect(await op.take(1)).toEqual([
      { data: { [`${notes}_mutated`]: { event: 'create', data: { text: 'hello' } } } },
    ]);
    // A batch is read in one query with the key added; the public rule does not reach the key.
    const keys = (
      await open
        .as('admin')
        .post(`/items/${notes}`)
        .send([{ text: 'one' }, { text: 'two' }])
    ).body.data.map((n: { id: number }) => n.id);
    // An event carries the item as read when it is sent, so the update waits for both create events.
    expect((await op.take(2)).map((r) => r.data![`${notes}_mutated`])).toEqual([
      { event: 'create', data: { text: 'one' } },
      { event: 'create', data: { text: 'two' } },
    ]);
    await open
      .as('admin')
      .patch(`/items/${notes}`)
      .send({ keys, data: { text: 'both' } });
    expect((await op.take(2)).map((r) => r.data![`${notes}_mutated`])).toEqual([
      { event: 'update', data: { text: 'both' } },
      { event: 'update', data: { text: 'both' } },
    ]);
    await s.close();
  });

  it('closes a connection with 4403 when the access token it signed in with expires', async () => {
    const s = await GqlSocket.open(await socketUrl(short, '/graphql'), await short.login(ADMIN_EMAIL, ADMIN_PASSWORD));
    const started = Date.now();
    expect(await s.closed).toBe(4403);
    // The token lives 1 to 2 s (its expiry counts whole seconds); the close comes then, not at once.
    expect(Date.now() - started).toBeGreaterThan(500);
  });
});
