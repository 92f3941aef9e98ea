import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';
import { socketUrl, TestSocket } from '../helpers/ws-client';

describe('WebSocket API: subscriptions and items', () => {
  let t: TestApp;
  let url: string;
  let posts: string;
  let secrets: string;
  let reader: { token: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true' } });
    url = await socketUrl(t);
    posts = await createCollection(t, uniq('posts'), [
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
      { field: 'status', type: 'string' },
    ]);
    secrets = await createCollection(t, uniq('secrets'), [{ field: 'code', type: 'string' }]);
    const role = await createRole(t);
    // The reader sees published posts only, and only their id and title.
    await grant(t, role, posts, 'read', { fields: ['id', 'title'], permissions: { status: { _eq: 'published' } } });
    reader = await createUser(t, role);
  });
  afterAll(() => t.close());

  const create = async (data: Record<string, unknown>) =>
    (await t.as('admin').post(`/items/${posts}`).send(data)).body.data;

  it("answers a subscription's events with its uid as text, as the reference, also when it was sent as a number", async () => {
    const s = await TestSocket.authenticated(url, t.adminToken);
    s.send({ type: 'subscribe', collection: secrets, query: { fields: ['id'], limit: 0 }, uid: 7 });
    expect(await s.next()).toEqual({ type: 'subscription', event: 'init', data: [], uid: '7' });
    const item = (await t.as('admin').post(`/items/${secrets}`).send({ code: 'numbered' })).body.data;
    expect(await s.next()).toEqual({ type: 'subscription', event: 'create', data: [{ id: item.id }], uid: '7' });
    s.close();
  });

  it('answers init with the items of the query, then create, update and delete events', async () => {
    const first = await create({ title: 'first', status: 'published' });
    const s = await TestSocket.authenticated(url, t.adminToken);
    s.send({ type: 'subscribe', collection: posts, query: { fields: ['id', 'title'], sort: ['id'] }, uid: 'all' });
    expect(await s.next()).toEqual({
      type: 'subscription',
      event: 'init',
      data: [{ id: first.id, title: 'first' }],
      uid: 'all',
    });

    const second = await create({ title: 'second', status: 'draft' });
    expect(await s.next()).toEqual({
      type: 'subscription',
      event: 'create',
      data: [{ id: second.id, title: 'second' }],
      uid: 'all',
    });
    await t.as('admin').patch(`/items/${posts}/${second.id}`).send({ title: 'second, edited' });
    expect(await s.next()).toEqual({
      type: 'subscription',
      event: 'update',
      data: [{ id: second.id, title: 'second, edited' }],
      uid: 'all',
    });
    await t.as('admin').delete(`/items/${posts}/${second.id}`);
    // Deleted through the path: the key as the path gave it, as the reference announces it.
    expect(await s.next()).toEqual({ type: 'subscription', event: 'delete', data: [String(second.id)], uid: 'all' });
    const third = await create({ title: 'third' });
    expect((await s.next()).event).toBe('create');
    await t.as('admin').delete(`/items/${posts}`).send([third.id, first.id]).expect(204);
    // Deleted by a JSON body: the keys as the body gave them.
    expect(await s.next()).toEqual({ type: 'subscription', event: 'delete', data: [third.id, first.id], uid: 'all' });
    s.close();
  });

  it('sends a reader only the fields and items its permissions let it read', async () => {
    const s = await TestSocket.authenticated(url, reader.token);
    s.send({ type: 'subscribe', collection: posts, uid: 'r' });
    const init = await s.next();
    expect(init).toMatchObject({ type: 'subscription', event: 'init', uid: 'r' });
    for (const item of init.data) expect(Object.keys(item).sort()).toEqual(['id', 'title']);

    await create({ title: 'hidden draft', status: 'draft', body: 'x' });
    const published = await create({ title: 'visible', status: 'published', body: 'secret body' });
    // The draft's event is skipped (nothing the reader may read); the published one comes without body or status.
    expect(await s.next()).toEqual({
      type: 'subscription',
      event: 'create',
      data: [{ id: published.id, title: 'visible' }],
      uid: 'r',
    });
    s.close();
  });

  it('refuses a forbidden or unknown collection with FORBIDDEN, and registers nothing', async () => {
    const s = await TestSocket.authenticated(url, reader.token);
    for (const collection of [secrets, 'no_such_collection']) {
      s.send({ type: 'subscribe', collection, uid: collection });
      expect(await s.next()).toEqual({
        type: 'subscribe',
        status: 'error',
        error: { code: 'FORBIDDEN', message: expect.any(String) },
        uid: collection,
      });
    }
    // The marker: an event this socket may receive, sent after the one it must not.
    expect(await s.request({ type: 'subscribe', collection: posts, event: 'create', uid: 'marker' })).toMatchObject({
      event: 'init',
    });
    await t.as('admin').post(`/items/${secrets}`).send({ code: 'x' });
    const marker = await create({ title: 'marker', status: 'published' });
    expect(await s.framesBefore((f) => f.uid === 'marker' && f.data?.[0]?.id === marker.id)).toEqual([]);
    s.close();
  });

  it('filters by event and by item', async () => {
    const item = await create({ title: 'watched', status: 'published' });
    const s = await TestSocket.authenticated(url, t.adminToken);
    s.send({ type: 'subscribe', collection: posts, event: 'update', uid: 'updates' });
    expect(await s.next()).toMatchObject({ event: 'init', uid: 'updates' });
    s.send({ type: 'subscribe', collection: posts, item: item.id, query: { fields: ['title'] }, uid: 'one' });
    expect(await s.next()).toEqual({ type: 'subscription', event: 'init', data: { title: 'watched' }, uid: 'one' });
    // Receives the marker at the end: a create, which neither subscription above may receive.
    expect(await s.request({ type: 'subscribe', collection: posts, event: 'create', uid: 'marker' })).toMatchObject({
      event: 'init',
    });

    const other = await create({ title: 'other', status: 'published' });
    await s.next((f) => f.uid === 'marker');
    await t.as('admin').patch(`/items/${posts}/${other.id}`).send({ title: 'other, edited' });
    expect(await s.next()).toMatchObject({
      event: 'update',
      data: [expect.objectContaining({ id: other.id })],
      uid: 'updates',
    });
    await t.as('admin').patch(`/items/${posts}/${item.id}`).send({ title: 'watched, edited' });
    const events = [await s.next(), await s.next()].sort((a, b) => a.uid.localeCompare(b.uid));
    expect(events).toEqual([
      { type: 'subscription', event: 'update', data: { title: 'watched, edited' }, uid: 'one' },
      { type: 'subscription', event: 'update', data: [expect.objectContaining({ id: item.id })], uid: 'updates' },
    ]);
    const marker = await create({ title: 'marker', status: 'published' });
    // No create event reached the update-only subscription, and none for `other` reached the item one.
    expect(await s.framesBefore((f) => f.uid === 'marker' && f.data?.[0]?.id === marker.id)).toEqual([]);
    s.close();
  });

  it('stops events after unsubscribe', async () => {
    const s = await TestSocket.authenticated(url, t.adminToken);
    s.send({ type: 'subscribe', collection: posts, event: 'create', uid: 'keep' });
    s.send({ type: 'subscribe', collection: posts, event: 'create', uid: 'drop' });
    await s.next((f) => f.uid === 'keep');
    await s.next((f) => f.uid === 'drop');
    expect(await s.request({ type: 'unsubscribe', uid: 'drop' })).toEqual({
      type: 'subscription',
      event: 'unsubscribe',
      uid: 'drop',
    });
    await create({ title: 'after unsubscribe', status: 'draft' });
    expect(await s.next()).toMatchObject({ event: 'create', uid: 'keep' });
    // The marker: the next create, which 'keep' receives; nothing for 'drop' may come before it.
    const first = await create({ title: 'marker', status: 'draft' });
    expect(await s.framesBefore((f) => f.uid === 'keep' && f.data?.[0]?.id === first.id)).toEqual([]);
    expect(await s.request({ type: 'unsubscribe' })).toEqual({ type: 'subscription', event: 'unsubscribe' });
    await create({ title: 'after unsubscribing all', status: 'draft' });
    expect(await s.request({ type: 'subscribe', collection: posts, event: 'create', uid: 'marker' })).toMatchObject({
      event: 'init',
    });
    const second = await create({ title: 'marker', status: 'draft' });
    expect(await s.framesBefore((f) => f.uid === 'marker' && f.data?.[0]?.id === second.id)).toEqual([]);
    s.close();
  });

  it('runs items actions over the socket through the same engine', async () => {
    const s = await TestSocket.authenticated(url, t.adminToken);
    const created = await s.request({
      type: 'items',
      collection: posts,
      action: 'create',
      data: { title: 'by socket', status: 'draft' },
      query: { fields: ['id', 'title'] },
      uid: 1,
    });
    expect(created).toEqual({ type: 'items', data: { id: expect.any(Number), title: 'by socket' }, uid: 1 });
    const id = created.data.id;
    const read = await s.request({
      type: 'items',
      collection: posts,
      action: 'read',
      id,
      query: { fields: ['title', 'status'] },
      uid: 2,
    });
    expect(read).toEqual({ type: 'items', data: { title: 'by socket', status: 'draft' }, uid: 2 });
    const updated = await s.request({
      type: 'items',
      collection: posts,
      action: 'update',
      id,
      data: { status: 'published' },
      query: { fields: ['status'] },
      uid: 3,
    });
    expect(updated).toEqual({ type: 'items', data: { status: 'published' }, uid: 3 });
    const list = await s.request({
      type: 'items',
      collection: posts,
      action: 'read',
      query: { filter: { id: { _eq: id } }, fields: ['id'], meta: 'filter_count' },
      uid: 4,
    });
    expect(list).toEqual({ type: 'items', data: [{ id }], meta: { filter_count: 1 }, uid: 4 });
    expect(await s.request({ type: 'items', collection: posts, action: 'delete', id, uid: 5 })).toEqual({
      type: 'items',
      data: id,
      uid: 5,
    });
    expect((await t.as('admin').get(`/items/${posts}/${id}`)).status).toBe(403);
    s.close();
  });

  it('answers items errors with the standard codes', async () => {
    const s = await TestSocket.authenticated(url, reader.token);
    expect(await s.request({ type: 'items', collection: secrets, action: 'read', uid: 'a' })).toMatchObject({
      type: 'items',
      status: 'error',
      error: { code: 'FORBIDDEN' },
      uid: 'a',
    });
    expect(
      await s.request({ type: 'items', collection: posts, action: 'create', data: { title: 'no' }, uid: 'b' }),
    ).toMatchObject({ status: 'error', error: { code: 'FORBIDDEN' }, uid: 'b' });
    expect(await s.request({ type: 'items', collection: posts, action: 'delete', uid: 'c' })).toMatchObject({
      status: 'error',
      error: { code: 'INVALID_PAYLOAD' },
      uid: 'c',
    });
    expect(
      await s.request({ type: 'items', collection: posts, action: 'read', query: { fields: ['nope'] }, uid: 'd' }),
    ).toMatchObject({ status: 'error', error: { code: 'FORBIDDEN' }, uid: 'd' });
    expect(
      await s.request({
        type: 'items',
        collection: posts,
        action: 'read',
        query: { filter: { nope: { _eq: 1 } } },
        uid: 'e',
      }),
    ).toMatchObject({ status: 'error', error: { code: 'FORBIDDEN' }, uid: 'e' });
    expect(
      await s.request({
        type: 'items',
        collection: posts,
        action: 'read',
        query: { filter: { title: { _nope: 1 } } },
        uid: 'f',
      }),
    ).toMatchObject({ status: 'error', error: { code: 'INVALID_QUERY' }, uid: 'f' });
    s.close();
  });

  it('announces writes made over the socket to other subscribers', async () => {
    const watcher = await TestSocket.authenticated(url, t.adminToken);
    watcher.send({ type: 'subscribe', collection: posts, event: 'create', query: { fields: ['title'] }, uid: 'w' });
    await watcher.next();
    const writer = await TestSocket.authenticated(url, t.adminToken);
    await writer.request({
      type: 'items',
      collection: posts,
      action: 'create',
      data: [{ title: 'a' }, { title: 'b' }],
      uid: 'batch',
    });
    // A batch created is announced item by item, as the reference does.
    expect(await watcher.next()).toEqual({ type: 'subscription', event: 'create', data: [{ title: 'a' }], uid: 'w' });
    expect(await watcher.next()).toEqual({ type: 'subscription', event: 'create', data: [{ title: 'b' }], uid: 'w' });
    watcher.close();
    writer.close();
  });
});
