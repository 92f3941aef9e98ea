import { createCollection } from '../../factories/collection.factory';
import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';
import { socketUrl, TestSocket } from '../../helpers/ws-client';

/** `{"_and":[{"_and":[ ... {"id":{"_eq":1}} ... ]}]}` nested `levels` times. */
function nestedFilter(levels: number): unknown {
  let filter: unknown = { id: { _eq: 1 } };
  for (let i = 0; i < levels; i++) filter = { _and: [filter] };
  return filter;
}

/** The same filter in the bracket form: `filter[_and][0][_and][0]...[id][_eq]=1`. */
function bracketFilter(levels: number): string {
  return `filter${'[_and][0]'.repeat(levels)}[id][_eq]=1`;
}

/** The same filter as a GraphQL argument literal. */
function graphqlFilter(levels: number): string {
  return `${'{ _and: ['.repeat(levels)}{ id: { _eq: 1 } }${'] }'.repeat(levels)}`;
}

describe('structured query parameters are nesting-limited like bodies', () => {
  let t: TestApp;
  let posts: string;
  // Unescaped, so a thousand levels stay under the 16 kB limit of Node's request head.
  const deepJson = JSON.stringify(nestedFilter(1000));

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true' } });
    posts = await createCollection(t, uniq('posts'), [{ field: 'title', type: 'string' }]);
    await t.as('admin').post(`/items/${posts}`).send({ title: 'one' });
  });
  afterAll(() => t.close());

  it('still answers a reasonably nested filter', async () => {
    const res = await t
      .as('admin')
      .get(`/items/${posts}`)
      .query({ filter: JSON.stringify(nestedFilter(20)) });
    expect({ status: res.status, ids: res.body.data?.map((r: { id: number }) => r.id) }).toEqual({
      status: 200,
      ids: [1],
    });
  });

  it.each([
    ['JSON filter', () => `filter=${deepJson}`],
    ['bracket filter', () => bracketFilter(1000)],
    ['JSON deep', () => `deep=${JSON.stringify({ children: { _filter: nestedFilter(1000) } })}`],
    ['JSON alias', () => `alias=${deepJson}`],
  ])('GET refuses a %s nested 1000 deep with INVALID_QUERY', (_name, query) =>
    expectError(t.as('admin').get(`/items/${posts}?${query()}`), 400, 'INVALID_QUERY'),
  );

  it('GET /users refuses it too (system collections share the parser)', () =>
    expectError(t.as('admin').get(`/users?filter=${deepJson}`), 400, 'INVALID_QUERY'));

  it('SEARCH refuses a filter nested 1000 deep in the body query', () =>
    expectError(
      t
        .as('admin')
        .search(`/items/${posts}`)
        .send({ query: { filter: deepJson } }),
      400,
      'INVALID_QUERY',
    ));

  it('an export refuses it before starting a job', () =>
    expectError(
      t
        .as('admin')
        .post(`/utils/export/${posts}`)
        .send({ format: 'json', query: { filter: deepJson } }),
      400,
      'INVALID_QUERY',
    ));

  // A document nested far deeper fails to parse (GRAPHQL_VALIDATION); this one parses and validates.
  it('a GraphQL filter argument nested 200 deep answers INVALID_QUERY', async () => {
    const res = await t
      .as('admin')
      .post('/graphql')
      .send({ query: `{ ${posts}(filter: ${graphqlFilter(200)}) { id } }` });
    expect({
      status: res.status,
      code: res.body.errors?.[0]?.extensions?.code,
      rows: res.body.data?.[posts] ?? null,
    }).toEqual({
      status: 200,
      code: 'INVALID_QUERY',
      rows: null,
    });
  });

  it('a realtime subscription with such a filter is refused with INVALID_QUERY', async () => {
    const s = await TestSocket.authenticated(await socketUrl(t), t.adminToken);
    try {
      s.send({ type: 'subscribe', collection: posts, query: { filter: deepJson }, uid: 'deep' });
      expect(await s.next((f) => f.uid === 'deep')).toEqual({
        type: 'subscribe',
        status: 'error',
        error: { code: 'INVALID_QUERY', message: expect.any(String) },
        uid: 'deep',
      });
    } finally {
      s.close();
    }
  });
});
