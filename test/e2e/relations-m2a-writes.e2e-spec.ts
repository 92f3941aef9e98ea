import { createM2a, M2a } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('many-to-any relations: nested writes, permissions, schema and GraphQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const m2a = (app: TestApp = t): Promise<M2a> => createM2a(app);

  /** A shape with a circle of radius 3, a square of width 2 and an existing circle of radius 8, in that order. */
  async function shapeWithChildren(s: M2a): Promise<{ id: number; big: number }> {
    const big = (await t.as('admin').post(`/items/${s.circles}`).send({ radius: 8 })).body.data.id;
    const res = await t
      .as('admin')
      .post(`/items/${s.shapes}`)
      .send({
        name: 'S',
        children: [
          { collection: s.circles, item: { radius: 3 } },
          { collection: s.squares, item: { width: 2 } },
          { collection: s.circles, item: big },
        ],
      });
    expect(res.status).toBe(200);
    return { id: res.body.data.id, big };
  }

  it('updates through create, update and delete, and replaces the set with an array', async () => {
    const s = await m2a();
    const { id, big } = await shapeWithChildren(s);
    const rows = (
      await t.as('admin').get(`/items/${s.junction}?fields=id,collection,item&sort=id&filter[shapes_id][_eq]=${id}`)
    ).body.data;
    const res = await t
      .as('admin')
      .patch(`/items/${s.shapes}/${id}`)
      .send({
        children: {
          create: [{ collection: s.squares, item: { width: 5 } }],
          update: [{ id: rows[2].id, collection: s.circles, item: { id: big, radius: 10 } }],
          delete: [rows[0].id],
        },
      });
    expect(res.status).toBe(200);
    const fields = `children.collection,children.item:${s.circles}.radius,children.item:${s.squares}.width`;
    const read = async () =>
      (await t.as('admin').get(`/items/${s.shapes}/${id}`).query({ fields, 'deep[children][_sort]': 'id' })).body.data
        .children;
    expect(await read()).toEqual([
      { collection: s.squares, item: { width: 2 } },
      { collection: s.circles, item: { radius: 10 } },
      { collection: s.squares, item: { width: 5 } },
    ]);
    expect((await t.as('admin').get(`/items/${s.junction}/${rows[0].id}`)).body.data.shapes_id).toBeNull();

    await t
      .as('admin')
      .patch(`/items/${s.shapes}/${id}`)
      .send({ children: [rows[1].id, { collection: s.circles, item: { radius: 1 } }] });
    expect(await read()).toEqual([
      { collection: s.squares, item: { width: 2 } },
      { collection: s.circles, item: { radius: 1 } },
    ]);
  });

  it('refuses a nested item whose collection the relation does not allow', async () => {
    const s = await m2a();
    const res = t
      .as('admin')
      .post(`/items/${s.shapes}`)
      .send({ name: 'x', children: [{ collection: s.shapes, item: { name: 'y' } }] });
    await expectError(res, 400, 'INVALID_PAYLOAD');
    expect((await t.as('admin').get(`/items/${s.shapes}?filter[name][_eq]=x`)).body.data).toEqual([]);
  });

  it("applies each allowed collection's read permission, also where a wildcard expands item (other collections' rows answer null)", async () => {
    const s = await m2a();
    const { id, big } = await shapeWithChildren(s);
    const role = await createRole(t);
    for (const collection of [s.shapes, s.junction]) await grant(t, role, collection, 'read');
    await grant(t, role, s.circles, 'read', { permissions: { radius: { _gt: 5 } } });
    const user = await createUser(t, role);
    const res = await t
      .as(user.token)
      .get(`/items/${s.shapes}/${id}`)
      .query({ fields: `children.item:${s.circles}.id` });
    expect(res.body.data.children).toEqual([{ item: null }, { item: expect.any(String) }, { item: { id: big } }]);
    const wild = await t.as(user.token).get(`/items/${s.shapes}/${id}`).query({ fields: 'children.*.*' });
    expect(wild.body.data.children.map((c: { item: unknown }) => c.item)).toEqual([null, null, { id: big, radius: 8 }]);
    await expectError(
      t
        .as(user.token)
        .get(`/items/${s.shapes}/${id}`)
        .query({ fields: `children.item:${s.squares}.id` }),
      403,
      'FORBIDDEN',
    );
    const filtered = await t
      .as(user.token)
      .get(`/items/${s.shapes}`)
      .query({ fields: 'id', filter: JSON.stringify({ children: { [`item:${s.circles}`]: { radius: { _lt: 5 } } } }) });
    expect(filtered.body.data).toEqual([]);
  });

  it('leaves a deleted collection out of the allowed ones, and removes the relation with the last', async () => {
    const s = await m2a();
    const item = async () =>
      (await t.as('admin').get(`/relations/${s.junction}`)).body.data.find(
        (r: { field: string }) => r.field === 'item',
      );
    expect((await t.as('admin').delete(`/collections/${s.circles}`)).status).toBe(204);
    expect((await item()).meta.one_allowed_collections).toEqual([s.squares]);
    const shape = await t
      .as('admin')
      .post(`/items/${s.shapes}`)
      .send({ name: 'S', children: [{ collection: s.squares, item: { width: 4 } }] });
    expect(
      (
        await t
          .as('admin')
          .get(`/items/${s.shapes}/${shape.body.data.id}`)
          .query({ fields: `children.item:${s.squares}.width` })
      ).body.data.children,
    ).toEqual([{ item: { width: 4 } }]);
    expect((await t.as('admin').delete(`/collections/${s.squares}`)).status).toBe(204);
    expect(await item()).toBeUndefined();
  });

  it('keeps the relation through a schema snapshot, diff and GraphQL', async () => {
    const s = await m2a();
    await shapeWithChildren(s);
    const snapshot = (await t.as('admin').get('/schema/snapshot')).body.data;
    expect(
      snapshot.relations.find(
        (r: { collection: string; field: string }) => r.collection === s.junction && r.field === 'item',
      ),
    ).toMatchObject({
      related_collection: null,
      meta: { one_allowed_collections: [s.circles, s.squares], one_collection_field: 'collection' },
    });
    expect((await t.as('admin').post('/schema/diff').send(snapshot)).status).toBe(204);
    const gql = await t
      .as('admin')
      .post('/graphql')
      .send({ query: `{ ${s.shapes} { name children { collection } } }` });
    expect(gql.status).toBe(200);
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data[s.shapes][0].children).toHaveLength(3);
  });

  it('answers GraphQL with a union of the allowed collections, and creates nested items from JSON', async () => {
    const s = await m2a();
    const { id } = await shapeWithChildren(s);
    const gql = async (query: string, variables?: Record<string, unknown>) => {
      const res = await t.as('admin').post('/graphql').send({ query, variables });
      expect(res.body.errors).toBeUndefined();
      return res.body.data;
    };
    const both = await gql(
      `{ ${s.shapes}(filter: { id: { _eq: ${id} } }) { children { item { __typename ... on ${s.circles} { radius } ... on ${s.squares} { width } } } } }`,
    );
    expect(both[s.shapes][0].children).toEqual([
      { item: { __typename: s.circles, radius: 3 } },
      { item: { __typename: s.squares, width: 2 } },
      { item: { __typename: s.circles, radius: 8 } },
    ]);
    const circles = await gql(
      `{ ${s.shapes}_by_id(id: ${id}) { children { collection item { __typename ... on ${s.circles} { radius } } } } }`,
    );
    expect(circles[`${s.shapes}_by_id`].children.map((c: { item: unknown }) => c.item)).toEqual([
      { __typename: s.circles, radius: 3 },
      { __typename: s.squares },
      { __typename: s.circles, radius: 8 },
    ]);
    const created = await gql(
      `mutation($d: create_${s.shapes}_input!) { create_${s.shapes}_item(data: $d) { name children { item { ... on ${s.circles} { radius } } } } }`,
      {
        d: { name: 'G', children: [{ collection: s.circles, item: { radius: 5 } }] },
      },
    );
    expect(created[`create_${s.shapes}_item`]).toEqual({ name: 'G', children: [{ item: { radius: 5 } }] });
  });

  it('filters GraphQL on a junction item as item__<collection>, as REST does with item:<collection>', async () => {
    const s = await m2a();
    const { id, big } = await shapeWithChildren(s);
    const other = (
      await t
        .as('admin')
        .post(`/items/${s.shapes}`)
        .send({ name: 'T', children: [{ collection: s.squares, item: { width: 8 } }] })
    ).body.data.id;
    const gql = async (query: string) => {
      const res = await t.as('admin').post('/graphql').send({ query });
      expect(res.body.errors).toBeUndefined();
      return res.body.data;
    };
    const junction = await gql(
      `{ ${s.junction}(filter: { item__${s.circles}: { radius: { _gt: 5 } } }) { item { ... on ${s.circles} { id } } } }`,
    );
    expect(junction[s.junction]).toEqual([{ item: { id: String(big) } }]);
    const rest = await t
      .as('admin')
      .get(`/items/${s.junction}`)
      .query({ fields: 'item', filter: JSON.stringify({ [`item:${s.circles}`]: { radius: { _gt: 5 } } }) });
    expect(rest.body.data).toEqual([{ item: String(big) }]);
    const shapes = await gql(
      `{ ${s.shapes}(filter: { children: { item__${s.squares}: { width: { _eq: 8 } } } }) { id } }`,
    );
    expect(shapes[s.shapes]).toEqual([{ id: String(other) }]);
    const some = await gql(
      `{ ${s.shapes}(filter: { _or: [{ children: { _some: { item__${s.circles}: { radius: { _eq: 3 } } } } }] }) { id } }`,
    );
    expect(some[s.shapes]).toEqual([{ id: String(id) }]);
    const deep = await gql(
      `{ ${s.shapes}_by_id(id: ${id}) { children(filter: { item__${s.squares}: { width: { _eq: 2 } } }) { collection } } }`,
    );
    expect(deep[`${s.shapes}_by_id`].children).toEqual([{ collection: s.squares }]);
    const fields = await gql(`{ __type(name: "${s.junction}_filter") { inputFields { name type { name } } } }`);
    const names = fields.__type.inputFields.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining([`item__${s.circles}`, `item__${s.squares}`]));
    expect(names).not.toContain('item');
    expect(fields.__type.inputFields.find((f: { name: string }) => f.name === `item__${s.circles}`).type.name).toBe(
      `${s.circles}_filter`,
    );
    const bare = await t
      .as('admin')
      .post('/graphql')
      .send({ query: `{ ${s.junction}(filter: { item: { _eq: "1" } }) { id } }` });
    expect(bare.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION');
  });

  it('applies a snapshot with a many-to-any onto an empty instance, where it works alike', async () => {
    const source = await createTestApp();
    const target = await createTestApp();
    try {
      const s = await m2a(source);
      const snapshot = (await source.as('admin').get('/schema/snapshot')).body.data;
      const diff = await target.as('admin').post('/schema/diff').send(snapshot);
      expect((await target.as('admin').post('/schema/apply').send(diff.body.data)).status).toBe(204);
      expect((await target.as('admin').post('/schema/diff').send(snapshot)).status).toBe(204);
      expect((await target.as('admin').get(`/fields/${s.shapes}/children`)).body.data.meta.special).toEqual(['m2a']);
      const shape = await target
        .as('admin')
        .post(`/items/${s.shapes}`)
        .send({ name: 'S', children: [{ collection: s.circles, item: { radius: 2 } }] });
      const read = await target
        .as('admin')
        .get(`/items/${s.shapes}/${shape.body.data.id}`)
        .query({ fields: `children.item:${s.circles}.radius` });
      expect(read.body.data.children).toEqual([{ item: { radius: 2 } }]);
    } finally {
      await source.close();
      await target.close();
    }
  });
});
