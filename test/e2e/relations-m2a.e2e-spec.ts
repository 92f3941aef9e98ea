import { createCollection, createM2a, M2a } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('many-to-any relations: storing and querying', () => {
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

  it('stores the relations as the reference serves them, keeping the alias field the client made', async () => {
    const s = await m2a();
    const relations = (await t.as('admin').get(`/relations/${s.junction}`)).body.data;
    expect(relations.find((r: { field: string }) => r.field === 'item')).toEqual({
      collection: s.junction,
      field: 'item',
      related_collection: null,
      schema: null,
      meta: expect.objectContaining({
        one_collection: null,
        one_allowed_collections: [s.circles, s.squares],
        one_collection_field: 'collection',
        junction_field: 'shapes_id',
      }),
    });
    expect(relations.find((r: { field: string }) => r.field === 'shapes_id')).toMatchObject({
      related_collection: s.shapes,
      meta: { one_field: 'children', junction_field: 'item' },
      schema: { on_delete: 'SET NULL' },
    });
    expect((await t.as('admin').get(`/fields/${s.shapes}/children`)).body.data).toMatchObject({
      type: 'alias',
      meta: { special: ['m2a'], interface: 'list-m2a' },
    });
    expect((await t.as('admin').get(`/fields/${s.junction}/item`)).body.data).toMatchObject({
      meta: { special: null },
      schema: { foreign_key_table: null },
    });
  });

  it('refuses a many-to-any relation naming a missing collection or collection field', async () => {
    const s = await m2a();
    const junction = await createCollection(t, uniq('j'), [
      { field: 'item', type: 'string' },
      { field: 'kind', type: 'string' },
    ]);
    const send = (meta: Record<string, unknown>) =>
      t.as('admin').post('/relations').send({ collection: junction, field: 'item', related_collection: null, meta });
    await expectError(
      send({ one_allowed_collections: [s.circles, 'nope'], one_collection_field: 'kind' }),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      send({ one_allowed_collections: [s.circles], one_collection_field: 'nope' }),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      t
        .as('admin')
        .post('/relations')
        .send({ collection: junction, field: 'kind', related_collection: s.shapes, meta: { one_field: 'name' } }),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('creates the related items and junction rows of a nested write, and reads each collection through item:<collection>', async () => {
    const s = await m2a();
    const { id, big } = await shapeWithChildren(s);
    const keys = await t.as('admin').get(`/items/${s.shapes}/${id}`);
    expect(keys.body.data.children).toHaveLength(3);
    expect(keys.body.data.children.every((k: unknown) => typeof k === 'number')).toBe(true);

    const raw = (await t.as('admin').get(`/items/${s.shapes}/${id}?fields=children.collection,children.item`)).body.data
      .children;
    expect(raw).toEqual([
      { collection: s.circles, item: expect.any(String) },
      { collection: s.squares, item: expect.any(String) },
      { collection: s.circles, item: String(big) },
    ]);

    const both = await t
      .as('admin')
      .get(`/items/${s.shapes}/${id}`)
      .query({ fields: `name,children.item:${s.circles}.radius,children.item:${s.squares}.*` });
    expect(both.body.data).toEqual({
      name: 'S',
      children: [{ item: { radius: 3 } }, { item: { id: Number(raw[1].item), width: 2 } }, { item: { radius: 8 } }],
    });

    const circlesOnly = await t
      .as('admin')
      .get(`/items/${s.shapes}/${id}`)
      .query({ fields: `children.collection,children.item:${s.circles}.*` });
    expect(circlesOnly.body.data.children).toEqual([
      { collection: s.circles, item: { id: Number(raw[0].item), radius: 3 } },
      { collection: s.squares, item: raw[1].item },
      { collection: s.circles, item: { id: big, radius: 8 } },
    ]);

    const star = (await t.as('admin').get(`/items/${s.shapes}/${id}?fields=children.*`)).body.data.children;
    expect(star.map((c: { item: unknown }) => c.item)).toEqual(raw.map((c: { item: unknown }) => c.item));
  });

  it('expands item from its own collection under wildcards and an unscoped item path', async () => {
    const s = await m2a();
    const { id, big } = await shapeWithChildren(s);
    const raw = (await t.as('admin').get(`/items/${s.shapes}/${id}?fields=children.item`)).body.data.children.map(
      (c: { item: string }) => Number(c.item),
    );
    const deep = await t.as('admin').get(`/items/${s.shapes}/${id}?fields=*.*.*`);
    expect(deep.status).toBe(200);
    expect(deep.body.data.children).toEqual([
      {
        id: expect.any(Number),
        shapes_id: { id, name: 'S', children: expect.any(Array) },
        collection: s.circles,
        item: { id: raw[0], radius: 3 },
      },
      {
        id: expect.any(Number),
        shapes_id: { id, name: 'S', children: expect.any(Array) },
        collection: s.squares,
        item: { id: raw[1], width: 2 },
      },
      {
        id: expect.any(Number),
        shapes_id: { id, name: 'S', children: expect.any(Array) },
        collection: s.circles,
        item: { id: big, radius: 8 },
      },
    ]);
    const children = (await t.as('admin').get(`/items/${s.shapes}/${id}?fields=children.*.*`)).body.data.children;
    expect(children.map((c: { item: unknown }) => c.item)).toEqual(
      deep.body.data.children.map((c: { item: unknown }) => c.item),
    );
    const unscoped = (await t.as('admin').get(`/items/${s.shapes}/${id}?fields=children.item.id,children.collection`))
      .body.data.children;
    expect(unscoped).toEqual([
      { collection: s.circles, item: { id: raw[0] } },
      { collection: s.squares, item: { id: raw[1] } },
      { collection: s.circles, item: { id: big } },
    ]);
    const oneLevel = (await t.as('admin').get(`/items/${s.shapes}/${id}?fields=*.*`)).body.data.children;
    expect(oneLevel.map((c: { item: unknown }) => c.item)).toEqual(raw.map(String));
  });

  it('filters and sorts through item:<collection> while wildcards expand the items', async () => {
    const s = await m2a();
    for (const radius of [4, 1, 3]) {
      await t
        .as('admin')
        .post(`/items/${s.shapes}`)
        .send({ name: `w${radius}`, children: [{ collection: s.circles, item: { radius } }] });
    }
    const read = (sort: string, limit: number) =>
      t
        .as('admin')
        .get(`/items/${s.shapes}`)
        .query({
          fields: '*.*.*',
          sort,
          limit,
          filter: JSON.stringify({ children: { [`item:${s.circles}`]: { radius: { _lt: 4 } } } }),
        });
    const asc = await read(`children.item:${s.circles}.radius`, 5);
    expect(asc.status).toBe(200);
    expect(asc.body.data.map((r: { children: { item: { radius: number } }[] }) => r.children[0].item.radius)).toEqual([
      1, 3,
    ]);
    const desc = await read(`-children.item:${s.circles}.radius`, 1);
    expect(desc.body.data.map((r: { name: string }) => r.name)).toEqual(['w3']);
  });

  it('sorts by a function of a field of item:<collection>, and reads that function', async () => {
    const s = await m2a();
    expect((await t.as('admin').post(`/fields/${s.circles}`).send({ field: 'at', type: 'dateTime' })).status).toBe(200);
    for (const year of [2004, 2001, 2003]) {
      await t
        .as('admin')
        .post(`/items/${s.shapes}`)
        .send({
          name: `y${year}`,
          children: [{ collection: s.circles, item: { radius: 1, at: `${year}-05-05T10:00:00` } }],
        });
    }
    const read = (sort: string) =>
      t
        .as('admin')
        .get(`/items/${s.shapes}`)
        .query({ sort, limit: 2, fields: `name,children.item:${s.circles}.year(at)` });
    const asc = await read(`children.item:${s.circles}.year(at)`);
    expect(asc.status).toBe(200);
    expect(asc.body.data).toEqual([
      { name: 'y2001', children: [{ item: { at_year: 2001 } }] },
      { name: 'y2003', children: [{ item: { at_year: 2003 } }] },
    ]);
    expect((await read(`-children.item:${s.circles}.year(at)`)).body.data.map((r: { name: string }) => r.name)).toEqual(
      ['y2004', 'y2003'],
    );
    const filtered = await t
      .as('admin')
      .get(`/items/${s.shapes}`)
      .query({
        fields: 'name',
        filter: JSON.stringify({ children: { [`item:${s.circles}`]: { 'year(at)': { _eq: 2003 } } } }),
      });
    expect(filtered.body.data).toEqual([{ name: 'y2003' }]);
  });

  it('refuses item:<collection> for a collection the relation does not allow', async () => {
    const s = await m2a();
    await expectError(
      t
        .as('admin')
        .get(`/items/${s.shapes}`)
        .query({ fields: `children.item:${s.shapes}.name` }),
      400,
      'INVALID_QUERY',
    );
    await expectError(
      t
        .as('admin')
        .get(`/items/${s.shapes}`)
        .query({ filter: JSON.stringify({ children: { [`item:${s.shapes}`]: { name: { _eq: 'x' } } } }) }),
      400,
      'INVALID_QUERY',
    );
  });

  it('filters through item:<collection>, with _some, _none and count()', async () => {
    const s = await m2a();
    const { id } = await shapeWithChildren(s);
    const plain = (
      await t
        .as('admin')
        .post(`/items/${s.shapes}`)
        .send({ name: 'P', children: [{ collection: s.squares, item: { width: 9 } }] })
    ).body.data.id;
    const ids = async (filter: unknown) => {
      const res = await t
        .as('admin')
        .get(`/items/${s.shapes}`)
        .query({ fields: 'id', sort: 'id', filter: JSON.stringify(filter) });
      expect(res.status).toBe(200);
      return res.body.data.map((r: { id: number }) => r.id);
    };
    expect(await ids({ children: { [`item:${s.circles}`]: { radius: { _gt: 5 } } } })).toEqual([id]);
    expect(await ids({ children: { _some: { [`item:${s.squares}`]: { width: { _gt: 5 } } } } })).toEqual([plain]);
    expect(await ids({ children: { _none: { [`item:${s.circles}`]: { radius: { _gt: 0 } } } } })).toEqual([plain]);
    expect(await ids({ children: { [`item:${s.squares}`]: { width: { _eq: 3 } } } })).toEqual([]);
    expect(await ids({ 'count(children)': { _eq: 3 } })).toEqual([id]);
    const bracket = await t
      .as('admin')
      .get(`/items/${s.shapes}?fields=id&filter[children][item:${s.circles}][radius][_gt]=5`);
    expect(bracket.body.data).toEqual([{ id }]);
  });

  it('sorts by a field of item:<collection>', async () => {
    const s = await m2a();
    const made = [];
    for (const radius of [4, 1, 3]) {
      made.push(
        (
          await t
            .as('admin')
            .post(`/items/${s.shapes}`)
            .send({ name: `r${radius}`, children: [{ collection: s.circles, item: { radius } }] })
        ).body.data.id,
      );
    }
    const names = async (sort: string) =>
      (await t.as('admin').get(`/items/${s.shapes}`).query({ fields: 'name', sort })).body.data.map(
        (r: { name: string }) => r.name,
      );
    expect(await names(`children.item:${s.circles}.radius`)).toEqual(['r1', 'r3', 'r4']);
    expect(await names(`-children.item:${s.circles}.radius`)).toEqual(['r4', 'r3', 'r1']);
    await expectError(
      t
        .as('admin')
        .get(`/items/${s.shapes}`)
        .query({ sort: `children.item:${s.shapes}.name` }),
      400,
      'INVALID_QUERY',
    );
  });

  it('windows the junction rows with deep', async () => {
    const s = await m2a();
    const { id } = await shapeWithChildren(s);
    const res = await t
      .as('admin')
      .get(`/items/${s.shapes}/${id}`)
      .query({
        fields: `children.item:${s.circles}.radius`,
        'deep[children][_filter][collection][_eq]': s.circles,
        'deep[children][_sort]': '-id',
        'deep[children][_limit]': 1,
      });
    expect(res.body.data.children).toEqual([{ item: { radius: 8 } }]);
  });
});
