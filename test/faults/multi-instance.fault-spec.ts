import { Api, expectStatus } from './lib/api';
import { GqlSocket } from '../helpers/graphql-ws-client';
import { TestSocket } from '../helpers/ws-client';
import { Fleet } from './lib/fleet';

const fields = (...names: string[]) =>
  names.map((field) => ({ field, type: field === 'views' ? 'integer' : 'string' }));

/**
 * Issue 18: three Vellum processes on one private PostgreSQL and one private Redis behave as one
 * server: what is changed through one is in force on the others at their very next request.
 */
describe('fault: three instances on one database and one Redis', () => {
  let fleet: Fleet;
  let a: Api;
  let b: Api;
  let c: Api;
  beforeAll(async () => {
    fleet = await Fleet.start({ redis: true });
    // One after the other: the first start runs the migrations the others then find done.
    const servers = [];
    for (let i = 0; i < 3; i++)
      servers.push(
        await fleet.vellum({ RATE_LIMITER_STORE: 'redis', AUTH_LOCKOUT_DURATION: '1m', WEBSOCKETS_ENABLED: 'true' }),
      );
    [a, b, c] = await Promise.all(servers.map((server) => new Api(server.url).asAdmin()));
  }, 90_000);
  afterAll(() => fleet?.close(), 60_000);

  it('serves a collection and a field created through A on B and C at their next request', async () => {
    expectStatus(
      await a.post('/collections', { collection: 'notes', meta: {}, fields: fields('title') }),
      200,
      'create notes on A',
    );
    const onB = expectStatus(await b.post('/items/notes', { title: 'from B' }), 200, 'write on B').body.data.id;
    expect(expectStatus(await c.get(`/items/notes/${onB}`), 200, 'read on C').body.data).toEqual({
      id: onB,
      title: 'from B',
    });

    expectStatus(await a.post('/fields/notes', { field: 'body', type: 'text' }), 200, 'add a field on A');
    const onC = expectStatus(
      await c.post('/items/notes', { title: 'from C', body: 'text' }),
      200,
      'write the new field on C',
    ).body.data.id;
    expect(expectStatus(await b.get(`/items/notes/${onC}`), 200, 'read on B').body.data).toEqual({
      id: onC,
      title: 'from C',
      body: 'text',
    });
  });

  it('tells a subscriber on B of writes made through A and C, once each', async () => {
    expectStatus(
      await a.post('/collections', { collection: 'events', meta: {}, fields: fields('title') }),
      200,
      'create events',
    );
    const admin = expectStatus(await new Api(b.url).login(), 200, 'admin login on B').body.data.access_token;
    const socket = await TestSocket.authenticated(`${b.url.replace('http', 'ws')}/websocket`, admin);
    try {
      socket.send({ type: 'subscribe', collection: 'events', uid: 'all' });
      expect((await socket.next((f) => f.event === 'init')).data).toEqual([]);
      const id = expectStatus(await a.post('/items/events', { title: 'made on A' }), 200, 'write on A').body.data.id;
      expect((await socket.next((f) => f.event === 'create')).data).toEqual([{ id, title: 'made on A' }]);
      expectStatus(await c.patch(`/items/events/${id}`, { title: 'changed on C' }), 200, 'update on C');
      expect((await socket.next((f) => f.event === 'update')).data).toEqual([{ id, title: 'changed on C' }]);
      const local = expectStatus(await b.post('/items/events', { title: 'made on B' }), 200, 'write on B').body.data.id;
      expect((await socket.next((f) => f.event === 'create')).data).toEqual([{ id: local, title: 'made on B' }]);
      // Its own write reaches B's subscriber once: from B itself, not again through Redis.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(socket.frames.filter((f) => f.type === 'subscription')).toEqual([]);
    } finally {
      socket.ws.close();
    }
  });

  it('tells a GraphQL subscriber on B of writes made through A and C, once each', async () => {
    expectStatus(
      await a.post('/collections', { collection: 'gql_events', meta: {}, fields: fields('title') }),
      200,
      'create gql_events',
    );
    const admin = expectStatus(await new Api(b.url).login(), 200, 'admin login on B').body.data.access_token;
    const socket = await GqlSocket.open(`${b.url.replace('http', 'ws')}/graphql`, admin);
    try {
      const op = await socket.run('subscription { gql_events_mutated { key event data { title } } }');
      const id = expectStatus(await a.post('/items/gql_events', { title: 'made on A' }), 200, 'write on A').body.data
        .id;
      expectStatus(await c.patch(`/items/gql_events/${id}`, { title: 'changed on C' }), 200, 'update on C');
      const local = expectStatus(await b.post('/items/gql_events', { title: 'made on B' }), 200, 'write on B').body.data
        .id;
      expect((await op.take(3)).map((r) => r.data?.gql_events_mutated)).toEqual([
        { key: String(id), event: 'create', data: { title: 'made on A' } },
        { key: String(id), event: 'update', data: { title: 'changed on C' } },
        { key: String(local), event: 'create', data: { title: 'made on B' } },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(op.results).toEqual([]);
    } finally {
      await socket.close();
    }
  });

  it('runs schema changes sent at once to A, B and C one after the other, while items are written and read', async () => {
    expectStatus(
      await a.post('/collections', { collection: 'wide', meta: {}, fields: fields('title') }),
      200,
      'create wide',
    );
    const changes = [a, b, c].flatMap((api, i) =>
      [0, 1, 2].map((j) => api.post('/fields/wide', { field: `f_${i}_${j}`, type: 'integer' })),
    );
    const traffic = [a, b, c].flatMap((api) => [
      api.post('/items/wide', { title: 'meanwhile' }),
      api.get('/items/wide?limit=5'),
    ]);
    const answers = await Promise.all([...changes, ...traffic]);
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    for (const api of [a, b, c]) {
      const names = expectStatus(await api.get('/fields/wide'), 200, 'fields').body.data.map(
        (f: { field: string }) => f.field,
      );
      expect(names.filter((name: string) => name.startsWith('f_'))).toHaveLength(9);
    }
  });

  it('enforces a permission granted and revoked through A on B and C at once', async () => {
    expectStatus(
      await a.post('/collections', { collection: 'memos', meta: {}, fields: fields('title') }),
      200,
      'create memos',
    );
    expectStatus(await a.post('/items/memos', { title: 'secret' }), 200, 'a memo');
    const role = expectStatus(
      await a.post('/roles', { name: 'Readers', admin_access: false, app_access: true }),
      200,
      'role',
    ).body.data.id;
    expectStatus(
      await a.post('/users', { email: 'reader@example.com', password: 'reader-password-1', role }),
      200,
      'user',
    );
    const token = expectStatus(
      await new Api(b.url).login('reader@example.com', 'reader-password-1'),
      200,
      'reader login',
    ).body.data.access_token;
    const [readerB, readerC] = [new Api(b.url, token), new Api(c.url, token)];
    // Read on each instance first, so each holds the permissions in memory before they change.
    expect([(await readerB.get('/items/memos')).status, (await readerC.get('/items/memos')).status]).toEqual([
      403, 403,
    ]);

    const grant = expectStatus(
      await a.post('/permissions', { role, collection: 'memos', action: 'read', fields: ['*'] }),
      200,
      'grant',
    ).body.data.id;
    expect([(await readerB.get('/items/memos')).status, (await readerC.get('/items/memos')).status]).toEqual([
      200, 200,
    ]);

    expectStatus(await a.request('DELETE', `/permissions/${grant}`), 204, 'revoke');
    expect([(await readerB.get('/items/memos')).status, (await readerC.get('/items/memos')).status]).toEqual([
      403, 403,
    ]);
  });

  it('enforces a policy attached to and taken from a user through A on B and C at once', async () => {
    expectStatus(
      await a.post('/collections', { collection: 'ledgers', meta: {}, fields: fields('title') }),
      200,
      'create ledgers',
    );
    expectStatus(await a.post('/items/ledgers', { title: 'balance' }), 200, 'a ledger');
    const policy = expectStatus(
      await a.post('/policies', {
        name: 'Ledger readers',
        permissions: [{ collection: 'ledgers', action: 'read', fields: ['*'] }],
      }),
      200,
      'policy',
    ).body.data.id;
    const user = expectStatus(
      await a.post('/users', { email: 'ledger@example.com', password: 'ledger-password-1', role: null }),
      200,
      'user',
    ).body.data.id;
    const token = expectStatus(await new Api(b.url).login('ledger@example.com', 'ledger-password-1'), 200, 'login').body
      .data.access_token;
    const [onB, onC] = [new Api(b.url, token), new Api(c.url, token)];
    expect([(await onB.get('/items/ledgers')).status, (await onC.get('/items/ledgers')).status]).toEqual([403, 403]);

    expectStatus(await a.request('PATCH', `/users/${user}`, { policies: [{ policy }] }), 200, 'attach');
    expect([(await onB.get('/items/ledgers')).status, (await onC.get('/items/ledgers')).status]).toEqual([200, 200]);

    expectStatus(await a.request('PATCH', `/users/${user}`, { policies: [] }), 200, 'detach');
    expect([(await onB.get('/items/ledgers')).status, (await onC.get('/items/ledgers')).status]).toEqual([403, 403]);
  });

  it('counts failed sign-ins on every instance toward one lockout', async () => {
    expectStatus(await a.patch('/settings', { auth_login_attempts: 3 }), 200, 'settings');
    expectStatus(await a.post('/users', { email: 'target@example.com', password: 'target-password-1' }), 200, 'user');
    const anonymous = [a, b, c].map((api) => new Api(api.url));
    // One failure on each instance: three in all, the limit.
    for (const api of anonymous) expect((await api.login('target@example.com', 'wrong-password')).status).toBe(401);
    for (const api of anonymous) expect((await api.login('target@example.com', 'target-password-1')).status).toBe(401);
    // A user who did not fail is not locked anywhere.
    expect((await anonymous[2].login()).status).toBe(200);
  });

  it('promotes a version exactly once when two instances are asked at the same moment', async () => {
    const meta = { versioning: true };
    expectStatus(
      await a.post('/collections', { collection: 'pages', meta, fields: fields('title', 'views') }),
      200,
      'create pages',
    );
    for (let round = 0; round < 5; round++) {
      const item = expectStatus(await a.post('/items/pages', { title: 'main', views: 0 }), 200, 'page').body.data.id;
      const version = expectStatus(
        await b.post('/versions', { key: `draft-${round}`, collection: 'pages', item: String(item) }),
        200,
        'version',
      ).body.data;
      expectStatus(
        await c.post(`/versions/${version.id}/save`, { title: `draft ${round}`, views: round + 1 }),
        200,
        'save',
      );
      const { mainHash } = expectStatus(await a.get(`/versions/${version.id}/compare`), 200, 'compare').body.data;
      const answers = await Promise.all([b, c].map((api) => api.post(`/versions/${version.id}/promote`, { mainHash })));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses.filter((status) => status >= 200 && status < 300)).toHaveLength(1);
      // The loser is told why (a 4xx of the error model), never a 500.
      expect(statuses.filter((status) => status >= 400 && status < 500)).toHaveLength(1);
      const main = expectStatus(await a.get(`/items/pages/${item}`), 200, 'read main').body.data;
      expect(main).toEqual({ id: item, title: `draft ${round}`, views: round + 1 });
    }
  });
});
