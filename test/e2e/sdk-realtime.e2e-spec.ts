import { createDirectus, realtime, staticToken } from '@directus/sdk';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createCollection } from '../factories/collection.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';
import { until } from '../helpers/until';

type Event = { type: string; event: string; data: unknown };

/** Reads a subscription the way SDK users do (`for await`), keeping what arrives for the test to wait on. */
function collect(subscription: AsyncIterable<Event>): { events: Event[]; waitFor(event: string): Promise<Event> } {
  const events: Event[] = [];
  void (async () => {
    for await (const message of subscription) events.push(message);
  })();
  return {
    events,
    async waitFor(event) {
      await until(() => events.some((e) => e.event === event), `a ${event} event`).catch((e: Error) => {
        throw new Error(`${e.message}; got ${JSON.stringify(events)}`);
      });
      return events.find((e) => e.event === event)!;
    },
  };
}

/** The reference platform's own SDK, its realtime composable unchanged, against Vellum's /websocket. */
describe('the Directus SDK realtime client', () => {
  let t: TestApp;
  let url: string;
  let collection: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true' } });
    collection = await createCollection(t, uniq('live'), [
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
    ]);
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('connects with the handshake, subscribes with a query and receives init, create, update and delete', async () => {
    const client = createDirectus(url, { globals: { WebSocket } })
      .with(staticToken(t.adminToken))
      .with(realtime({ reconnect: false }));
    await client.connect();
    try {
      const subscribed = await client.subscribe(collection, {
        query: { fields: ['id', 'title'], sort: ['id'] },
      });
      const received = collect(subscribed.subscription as AsyncIterable<Event>);
      expect(await received.waitFor('init')).toMatchObject({ type: 'subscription', data: [] });
      const id = (
        await t
          .as('admin')
          .post(`/items/${collection}`)
          .send({ title: 'first', body: 'left out by the query' })
          .expect(200)
      ).body.data.id;
      expect(await received.waitFor('create')).toMatchObject({ data: [{ id, title: 'first' }] });
      await t.as('admin').patch(`/items/${collection}/${id}`).send({ title: 'renamed' }).expect(200);
      expect(await received.waitFor('update')).toMatchObject({ data: [{ id, title: 'renamed' }] });
      await t.as('admin').delete(`/items/${collection}/${id}`).expect(204);
      expect((await received.waitFor('delete')).data).toEqual([String(id)]);
      expect(received.events.map((e) => e.event)).toEqual(['init', 'create', 'update', 'delete']);
      subscribed.unsubscribe();
    } finally {
      client.disconnect();
    }
  });
});
