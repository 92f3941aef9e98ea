import { authentication, createDirectus, graphql, readGraphqlSdl, rest } from '@directus/sdk';
import type { AddressInfo } from 'node:net';
import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { graphqlItems } from '../helpers/graphql';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('POST /graphql: mutations, versions and the reference SDK', () => {
  let t: TestApp;
  let authors: string;
  let posts: string;

  const { gql, data } = graphqlItems(() => t);
  const rows = async () => (await t.as('admin').get(`/items/${posts}?sort=id&fields=title,views`)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    authors = await createCollection(t, uniq('gm_authors'), [{ field: 'name', type: 'string' }]);
    posts = await createCollection(
      t,
      uniq('gm_posts'),
      [
        { field: 'title', type: 'string' },
        { field: 'views', type: 'integer' },
        { field: 'author', type: 'integer' },
      ],
      { versioning: true },
    );
    await createRelation(t, posts, 'author', authors, 'posts');
  });
  beforeEach(() =>
    t
      .as('admin')
      .delete(`/items/${posts}`)
      .send({ query: { limit: -1 } }),
  );
  afterAll(() => t.close());

  it('creates one item and many, with nested relations, answering them with the selection', async () => {
    const one = await data(
      'admin',
      `mutation($d: create_${posts}_input!) { create_${posts}_item(data: $d) { title author { name } } }`,
      {
        d: { title: 'First', views: 1, author: { name: 'Ada' } },
      },
    );
    expect(one[`create_${posts}_item`]).toEqual({ title: 'First', author: { name: 'Ada' } });
    const many = await data(
      'admin',
      `mutation { create_${posts}_items(data: [{ title: "Second", views: 2 }, { title: "Third", views: 3 }]) { title views } }`,
    );
    expect(many[`create_${posts}_items`]).toEqual([
      { title: 'Second', views: 2 },
      { title: 'Third', views: 3 },
    ]);
    const author = await data(
      'admin',
      `mutation { create_${authors}_item(data: { name: "Grace", posts: [{ title: "By Grace" }] }) { name posts { title } } }`,
    );
    expect(author[`create_${authors}_item`]).toEqual({ name: 'Grace', posts: [{ title: 'By Grace' }] });
  });

  it('updates one item, many by ids and a batch, and deletes one and many, as the engine does for REST', async () => {
    const keys = (
      await t
        .as('admin')
        .post(`/items/${posts}`)
        .send([{ title: 'a' }, { title: 'b' }, { title: 'c' }, { title: 'd' }])
    ).body.data.map((p: { id: number }) => p.id);
    const result = await data(
      'admin',
      `mutation {
        one: update_${posts}_item(id: ${keys[0]}, data: { title: "A" }) { title }
        many: update_${posts}_items(ids: [${keys[1]}, ${keys[2]}], data: { views: 5 }) { title views }
        batch: update_${posts}_batch(data: [{ id: ${keys[2]}, title: "C" }, { id: ${keys[3]}, title: "D" }]) { title }
      }`,
    );
    expect(result).toEqual({
      one: { title: 'A' },
      many: [
        { title: 'b', views: 5 },
        { title: 'c', views: 5 },
      ],
      batch: [{ title: 'C' }, { title: 'D' }],
    });
    const deleted = await data(
      'admin',
      `mutation { one: delete_${posts}_item(id: ${keys[0]}) { id } many: delete_${posts}_items(ids: [${keys[1]}, ${keys[2]}]) { ids } }`,
    );
    expect(deleted).toEqual({ one: { id: String(keys[0]) }, many: { ids: [String(keys[1]), String(keys[2])] } });
    expect(await rows()).toEqual([{ title: 'D', views: null }]);
  });

  it('refuses a write outside the rows the caller may change, and one to a missing item, with FORBIDDEN', async () => {
    const [mine, theirs] = (
      await t
        .as('admin')
        .post(`/items/${posts}`)
        .send([
          { title: 'mine', views: 1 },
          { title: 'theirs', views: 2 },
        ])
    ).body.data.map((p: { id: number }) => p.id);
    const role = await createRole(t);
    await grant(t, role, posts, 'read');
    await grant(t, role, posts, 'update', { permissions: { views: { _eq: 1 } } });
    const user = await createUser(t, role);
    expect(
      await data(user.token, `mutation { update_${posts}_item(id: ${mine}, data: { title: "changed" }) { title } }`),
    ).toEqual({ [`update_${posts}_item`]: { title: 'changed' } });
    const refused = await gql(
      user.token,
      `mutation { update_${posts}_item(id: ${theirs}, data: { title: "x" }) { title } }`,
    );
    expect(refused.body).toEqual({
      data: { [`update_${posts}_item`]: null },
      errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })],
    });
    const missing = await gql('admin', `mutation { update_${posts}_item(id: 999999, data: { title: "x" }) { title } }`);
    expect(missing.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await rows()).toEqual([
      { title: 'changed', views: 1 },
      { title: 'theirs', views: 2 },
    ]);
  });

  it('reads an item as a content version holds it, with <collection>_by_version and the version argument', async () => {
    const id = (await t.as('admin').post(`/items/${posts}`).send({ title: 'Main' })).body.data.id;
    const key = uniq('draft');
    const version = (
      await t
        .as('admin')
        .post('/versions')
        .send({ key, collection: posts, item: String(id) })
    ).body.data.id;
    expect((await t.as('admin').post(`/versions/${version}/save`).send({ title: 'Draft' })).status).toBe(200);
    const result = await data(
      'admin',
      `{ v: ${posts}_by_version(id: ${id}, version: "${key}") { title } a: ${posts}_by_id(id: ${id}, version: "${key}") { title } main: ${posts}_by_id(id: ${id}) { title } }`,
    );
    expect(result).toEqual({ v: { title: 'Draft' }, a: { title: 'Draft' }, main: { title: 'Main' } });
  });

  it('reads and writes a singleton as one object: <collection> and update_<collection>', async () => {
    const settings = await createCollection(t, uniq('gm_settings'), [{ field: 'motto', type: 'string' }], {
      singleton: true,
    });
    const written = await data('admin', `mutation { update_${settings}(data: { motto: "Be kind" }) { motto } }`);
    expect(written).toEqual({ [`update_${settings}`]: { motto: 'Be kind' } });
    expect(await data('admin', `{ ${settings} { motto } }`)).toEqual({ [settings]: { motto: 'Be kind' } });
    expect((await t.as('admin').get(`/items/${settings}`)).body.data).toMatchObject({ motto: 'Be kind' });
  });

  it("works with the reference SDK's graphql() composable", async () => {
    await t.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
    const client = createDirectus(url)
      .with(authentication('json', { autoRefresh: false }))
      .with(graphql())
      .with(rest());
    await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const created = await client.query<Record<string, { title: string }>>(
      `mutation($t: String) { create_${posts}_item(data: { title: $t, views: 3 }) { title } }`,
      { t: 'From SDK' },
    );
    expect(created[`create_${posts}_item`]).toEqual({ title: 'From SDK' });
    const read = await client.query<Record<string, { title: string; views: number }[]>>(
      `query { ${posts}(filter: { views: { _gt: 2 } }) { title views } }`,
    );
    expect(read[posts]).toEqual([{ title: 'From SDK', views: 3 }]);
    const sdl = (await client.request(readGraphqlSdl('item'))) as unknown as Response;
    expect(sdl.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.graphql"$/);
    expect(await sdl.text()).toContain(`create_${posts}_item(data: create_${posts}_input!): ${posts}`);
  });
});
