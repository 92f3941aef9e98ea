import request from 'supertest';
import { stringify as toYaml } from 'yaml';
import { createCollection, createRelation } from '../../factories/collection.factory';
import { createRole, createUser, grant } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { GqlSocket } from '../../helpers/graphql-ws-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';
import { socketUrl, TestSocket } from '../../helpers/ws-client';

/**
 * The app runs in jest's own process: a key that reaches an object's prototype through any entry point
 * shows here as `({}).z`, and would break every later request (sign-in answered 500 for everyone).
 * Each hostile input names one of the three ways to a prototype; every one must be refused with 400.
 */
const WAYS = ['__proto__', 'constructor.prototype', 'prototype'];
const segments = (way: string) => [...way.split('.'), 'z'];

/** `{"__proto__":{"z":"polluted"}}` and its kin as own keys (JSON.parse keeps `__proto__` an own key). */
function hostile(way: string): Record<string, unknown> {
  const text = segments(way).reduceRight((inner, key) => `{${JSON.stringify(key)}:${inner}}`, '"polluted"');
  return JSON.parse(text) as Record<string, unknown>;
}

/** Objects whose own keys a pollution adds to: Object.prototype (`__proto__`), Object (`constructor.z`). */
const WATCHED: object[] = [Object.prototype, Object, Function.prototype, Array.prototype];
const ownKeys = () => WATCHED.map((o) => Reflect.ownKeys(o).map(String).sort());
const pristine = ownKeys();

function restorePrototypes(): void {
  WATCHED.forEach((o, i) => {
    for (const key of Reflect.ownKeys(o))
      if (!pristine[i].includes(String(key))) delete (o as Record<PropertyKey, unknown>)[key];
  });
}

describe('Security: no input reaches an object prototype', () => {
  let t: TestApp;
  let articles: string;
  let authors: string;
  let creator: string;
  /** May import articles but not create authors: a dotted `owner.…` column writes an author, refused with 403. */
  let articlesOnly: string;
  let outsider: string;
  let article: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true' } });
    authors = await createCollection(t, uniq('pp_authors'), [{ field: 'name', type: 'string' }]);
    articles = await createCollection(t, uniq('pp_articles'), [
      { field: 'title', type: 'string' },
      { field: 'data', type: 'json' },
      { field: 'owner', type: 'integer' },
    ]);
    await createRelation(t, articles, 'owner', authors, 'articles');
    const role = await createRole(t);
    for (const c of [articles, authors])
      for (const action of ['create', 'read', 'update'] as const) await grant(t, role, c, action);
    creator = (await createUser(t, role)).token;
    const articlesRole = await createRole(t);
    for (const action of ['create', 'update'] as const) await grant(t, articlesRole, articles, action);
    articlesOnly = (await createUser(t, articlesRole)).token;
    outsider = (await createUser(t, await createRole(t))).token;
    article = (await t.as('admin').post(`/items/${articles}`).send({ title: 'kept' })).body.data.id;
  });
  afterEach(restorePrototypes);
  afterAll(() => t.close());

  /** What a user would notice: prototypes untouched, and sign-in still working for everyone. */
  async function expectUnpolluted(): Promise<void> {
    expect(({} as Record<string, unknown>).z).toBeUndefined();
    expect(ownKeys()).toEqual(pristine);
    expect(
      (await request(t.server).post('/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
    ).toBe(200);
  }

  const importCsv = (token: string, csv: string) =>
    t
      .as(token)
      .post(`/utils/import/${articles}`)
      .attach('file', Buffer.from(csv), { filename: 'p.csv', contentType: 'text/csv' });

  describe('CSV import headers', () => {
    it.each(
      WAYS.flatMap((way): [string, () => string, string][] => [
        [`${way}.z by a creator`, () => creator, `title,${way}.z\nhello,1\n`],
        [`owner.${way}.z by a creator`, () => creator, `title,owner.${way}.z\nhello,1\n`],
        [
          `owner.${way}.z by a user who may not create authors (refused before the 403)`,
          () => articlesOnly,
          `title,owner.${way}.z\nhello,1\n`,
        ],
      ]).concat([['a plain __proto__ column', () => creator, 'title,__proto__\nhello,1\n']]),
    )('refuses %s', async (_what, who, csv) => {
      await expectError(importCsv(who(), csv), 400, 'INVALID_PAYLOAD');
      await expectUnpolluted();
    });

    it.each(WAYS)('answers 403 to a user who may not import, without reading owner.%s.z', async (way) => {
      await expectError(importCsv(outsider, `title,owner.${way}.z\nhello,1\n`), 403, 'FORBIDDEN');
      await expectUnpolluted();
    });
  });

  it.each(WAYS)('refuses a JSON import record holding %s', async (way) => {
    const file = JSON.stringify([{ title: 'x', ...hostile(way) }]);
    await expectError(
      t
        .as(creator)
        .post(`/utils/import/${articles}`)
        .attach('file', Buffer.from(file), { filename: 'p.json', contentType: 'application/json' }),
      400,
      'INVALID_PAYLOAD',
    );
    await expectUnpolluted();
  });

  describe('POST /schema/apply', () => {
    async function hostileDiff(way: string) {
      const target = (await t.as('admin').get('/schema/snapshot')).body.data;
      target.collections.find((c: { collection: string }) => c.collection === articles).meta.note = 'changed';
      const { hash, diff } = (await t.as('admin').post('/schema/diff').send(target)).body.data;
      const entry = diff.collections.find((c: { collection: string }) => c.collection === articles);
      entry.diff = [{ kind: 'N', path: ['meta', ...segments(way)], rhs: 'polluted' }];
      return { hash, diff };
    }
    const upload = (text: string, filename: string, contentType: string) =>
      t.as('admin').post('/schema/apply').attach('file', Buffer.from(text), { filename, contentType });

    it.each(
      WAYS.flatMap(
        (way) =>
          [
            [way, 'a JSON body', (body: object) => t.as('admin').post('/schema/apply').send(body)],
            [way, 'a JSON file', (body: object) => upload(JSON.stringify(body), 'diff.json', 'application/json')],
            [way, 'a YAML file', (body: object) => upload(toYaml(body), 'diff.yaml', 'text/yaml')],
          ] as const,
      ),
    )('refuses a diff path through %s in %s', async (way, _how, send) => {
      await expectError(send(await hostileDiff(way)), 400, 'INVALID_PAYLOAD');
      await expectUnpolluted();
    });
  });

  describe('schema names', () => {
    const names = WAYS.map((way) => way.split('.')[0]);
    it.each(names)('refuses a collection named %s', async (name) => {
      await expectError(
        t.as('admin').post('/collections').send({ collection: name, meta: {}, fields: [] }),
        400,
        'INVALID_PAYLOAD',
      );
      await expectUnpolluted();
    });
    it.each(names)('refuses a field named %s', async (name) => {
      await expectError(
        t.as('admin').post(`/fields/${articles}`).send({ field: name, type: 'string' }),
        400,
        'INVALID_PAYLOAD',
      );
      await expectUnpolluted();
    });
  });

  describe('item bodies', () => {
    it.each(
      WAYS.flatMap(
        (way) =>
          [
            [
              `a create holding ${way}`,
              () =>
                t
                  .as(creator)
                  .post(`/items/${articles}`)
                  .send({ title: 'x', ...hostile(way) }),
            ],
            [
              `an update holding ${way}`,
              () =>
                t
                  .as(creator)
                  .patch(`/items/${articles}/${article}`)
                  .send({ title: 'x', ...hostile(way) }),
            ],
            [
              `a JSON field holding ${way}`,
              () =>
                t
                  .as(creator)
                  .post(`/items/${articles}`)
                  .send({ title: 'x', data: hostile(way) }),
            ],
            [
              `a nested many-to-one holding ${way}`,
              () =>
                t
                  .as(creator)
                  .post(`/items/${articles}`)
                  .send({ title: 'x', owner: { name: 'a', ...hostile(way) } }),
            ],
            [
              `a nested one-to-many holding ${way}`,
              () =>
                t
                  .as(creator)
                  .post(`/items/${authors}`)
                  .send({ name: 'a', articles: [{ title: 'x', ...hostile(way) }] }),
            ],
            [
              `a batch update holding ${way}`,
              () =>
                t
                  .as(creator)
                  .patch(`/items/${articles}`)
                  .send({ keys: [article], data: hostile(way) }),
            ],
            [
              `a settings write holding ${way}`,
              () =>
                t
                  .as('admin')
                  .patch('/settings')
                  .send({ project_name: 'x', ...hostile(way) }),
            ],
            [
              `a preset holding ${way}`,
              () =>
                t
                  .as('admin')
                  .post('/presets')
                  .send({ collection: articles, layout_query: hostile(way) }),
            ],
            [
              `a file upload's metadata holding ${way}`,
              () =>
                t
                  .as('admin')
                  .post('/files')
                  .field('metadata', JSON.stringify(hostile(way)))
                  .attach('file', Buffer.from('hello'), { filename: 'a.txt', contentType: 'text/plain' }),
            ],
            [
              `a file upload's field named ${way}`,
              () =>
                t
                  .as('admin')
                  .post('/files')
                  .field(`${way.split('.')[0]}[z]`, 'polluted')
                  .attach('file', Buffer.from('hello'), { filename: 'a.txt', contentType: 'text/plain' }),
            ],
            [
              `GraphQL variables holding ${way}`,
              () =>
                t
                  .as('admin')
                  .post('/graphql')
                  .send({
                    query: `mutation($d: create_${articles}_input!) { create_${articles}_item(data: $d) { id } }`,
                    variables: { d: { title: 'x', data: hostile(way) } },
                  }),
            ],
          ] as const,
      ),
    )('refuses %s', async (_what, send) => {
      await expectError(send(), 400, 'INVALID_PAYLOAD');
      await expectUnpolluted();
    });
  });

  it.each(WAYS.map((way) => way.split('.')[0]))(
    'refuses a GraphQL JSON literal keyed by %s as a validation error',
    async (key) => {
      const query = `mutation { create_${articles}_item(data: { title: "x", data: { ${key}: { z: "polluted" } } }) { id } }`;
      await expectError(t.as('admin').post('/graphql').send({ query }), 400, 'GRAPHQL_VALIDATION');
      await expectUnpolluted();
    },
  );

  describe('query parameters', () => {
    const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    it.each(
      WAYS.flatMap((way) => [
        [`filter keyed by ${way}`, `filter=${json(hostile(way))}`],
        [`filter on title.${way}`, `filter=${json({ title: { ...hostile(way) } })}`],
        [`deep keyed by ${way}`, `deep=${json({ owner: hostile(way) })}`],
        [`alias named ${way}`, `alias=${json({ [way.split('.')[0]]: 'title' })}`],
        [`fields through ${way}`, `fields=${segments(way).join('.')}`],
        [`fields through owner.${way}`, `fields=owner.${segments(way).join('.')}`],
        [`sort through ${way}`, `sort=${segments(way).join('.')}`],
        [`aggregate keyed by ${way}`, `aggregate=${json({ count: segments(way).join('.') })}`],
      ]).concat([
        ['bracket filter keyed by prototype', 'filter[prototype][z][_eq]=1'],
        ['bracket alias named prototype', 'alias[prototype]=title'],
        // qs used to drop Object.prototype's names here, so these filters vanished and every row came back.
        ['bracket filter keyed by constructor', 'filter[constructor][_eq]=1'],
        ['bracket filter on title.toString', 'filter[title][toString][z]=1'],
        ['bracket deep keyed by hasOwnProperty', 'deep[owner][hasOwnProperty][_limit]=1'],
      ]),
    )('refuses %s', async (_what, query) => {
      await expectError(t.as('admin').get(`/items/${articles}?${query}`), 400, 'INVALID_QUERY');
      await expectUnpolluted();
    });
  });

  describe('WebSocket messages', () => {
    let url: string;
    beforeAll(async () => {
      url = await socketUrl(t);
    });

    it.each(
      WAYS.flatMap(
        (way) =>
          [
            [
              `an items create holding ${way}`,
              (uid: string) => ({
                type: 'items',
                collection: articles,
                action: 'create',
                data: { title: 'x', ...hostile(way) },
                uid,
              }),
            ],
            [
              `a subscribe query holding ${way}`,
              (uid: string) => ({ type: 'subscribe', collection: articles, query: { filter: hostile(way) }, uid }),
            ],
            [`a message holding ${way}`, (uid: string) => ({ type: 'ping', ...hostile(way), uid })],
          ] as const,
      ),
    )('refuses %s', async (_what, message) => {
      const s = await TestSocket.authenticated(url, t.adminToken);
      const answer = await s.request(message('m1'));
      expect(answer).toMatchObject({ status: 'error', error: { code: 'INVALID_PAYLOAD' } });
      s.close();
      await expectUnpolluted();
    });

    it.each(WAYS)('refuses GraphQL subscription variables holding %s', async (way) => {
      const s = await GqlSocket.open(await socketUrl(t, '/graphql'), t.adminToken);
      const ended = await new Promise<{ errors?: unknown }>((resolve) => {
        s.client.subscribe(
          { query: '{ __typename }', variables: { v: hostile(way) } },
          { next: () => undefined, error: (errors) => resolve({ errors }), complete: () => resolve({}) },
        );
      });
      expect(ended.errors).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'INVALID_PAYLOAD' }) }),
      ]);
      await s.client.dispose();
      await expectUnpolluted();
    });
  });
});
