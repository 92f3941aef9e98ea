import { createCollection, createM2a, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { graphqlItems } from '../helpers/graphql';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

const ALPHA = {
  name: 'Alpha',
  metadata: {
    color: 'red',
    brand: 'BrandX',
    dimensions: { width: 10, height: 20 },
    tags: ['electronics', 'premium'],
    variants: [{ sku: 'SKU-001', price: 99.99, available: true }],
    prénom: 'Zoé',
    nothing: null,
  },
  settings: { theme: 'dark' },
};
const BETA = {
  name: 'Beta',
  metadata: { color: 'blue', dimensions: { width: 9 }, tags: [], variants: [] },
  settings: null,
};
const GAMMA = { name: 'Gamma', metadata: { color: 'green', dimensions: { width: 100 } }, settings: { theme: 'light' } };

describe('json(field, path) in queries', () => {
  let t: TestApp;
  let products: string;
  let categories: string;
  let ids: Record<string, number>;
  const { gql, data } = graphqlItems(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    categories = await createCollection(t, uniq('categories'), [
      { field: 'label', type: 'string' },
      { field: 'meta', type: 'json' },
    ]);
    products = await createCollection(t, uniq('products'), [
      { field: 'name', type: 'string' },
      { field: 'metadata', type: 'json' },
      { field: 'settings', type: 'json' },
      { field: 'category', type: 'integer' },
    ]);
    await createRelation(t, products, 'category', categories, 'products');
    const category = (
      await t
        .as('admin')
        .post(`/items/${categories}`)
        .send({ label: 'Tech', meta: { icon: 'laptop', rank: 2 } })
    ).body.data.id;
    ids = {};
    for (const item of [ALPHA, BETA, GAMMA]) {
      ids[item.name] = (
        await t
          .as('admin')
          .post(`/items/${products}`)
          .send({ ...item, category })
      ).body.data.id;
    }
  });
  afterAll(() => t.close());

  const read = (query: Record<string, string>) =>
    t
      .as('admin')
      .get(`/items/${products}`)
      .query({ sort: 'name', ...query });

  it('answers strings, numbers, booleans, objects, arrays and null under the reference keys', async () => {
    const fields = [
      'id',
      'json(metadata, color)',
      'json(metadata, dimensions.width)',
      'json(metadata, dimensions)',
      'json(metadata, tags)',
      'json(metadata, tags[1])',
      'json(metadata, variants[0].price)',
      'json(metadata, variants[0].available)',
      'json(metadata, prénom)',
      'json(metadata, nothing)',
      'json(settings, theme)',
    ].join(',');
    const res = await read({ fields, filter: JSON.stringify({ name: { _eq: 'Alpha' } }) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: ids.Alpha,
        metadata_color_json: 'red',
        metadata_dimensions_width_json: 10,
        metadata_dimensions_json: { width: 10, height: 20 },
        metadata_tags_json: ['electronics', 'premium'],
        metadata_tags_1_json: 'premium',
        metadata_variants_0_price_json: 99.99,
        metadata_variants_0_available_json: true,
        metadata_prénom_json: 'Zoé',
        metadata_nothing_json: null,
        settings_theme_json: 'dark',
      },
    ]);
  });

  it('answers null for a path that leads nowhere, and next to the whole field', async () => {
    const res = await read({
      fields: 'name,metadata,json(metadata, brand),json(metadata, variants[0].sku),json(settings, theme)',
    });
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((i: Record<string, unknown>) => [
        i.name,
        i.metadata_brand_json,
        i.metadata_variants_0_sku_json,
        i.settings_theme_json,
      ]),
    ).toEqual([
      ['Alpha', 'BrandX', 'SKU-001', 'dark'],
      ['Beta', null, null, null],
      ['Gamma', null, null, 'light'],
    ]);
    expect(res.body.data[0].metadata).toEqual(ALPHA.metadata);
  });

  it('answers under an alias, on one item, and in the answer of a write', async () => {
    const aliased = await t
      .as('admin')
      .get(`/items/${products}/${ids.Alpha}`)
      .query({ fields: 'id,width', alias: JSON.stringify({ width: 'json(metadata, dimensions.width)' }) });
    expect(aliased.body.data).toEqual({ id: ids.Alpha, width: 10 });
    const created = await t
      .as('admin')
      .post(`/items/${products}`)
      .query({ fields: 'id,json(metadata, color)' })
      .send({ name: uniq('Delta'), metadata: { color: 'purple' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({ id: expect.any(Number), metadata_color_json: 'purple' });
    expect((await t.as('admin').delete(`/items/${products}/${created.body.data.id}`)).status).toBe(204);
  });

  it('sorts by the value at a path, numbers by value, also through an alias', async () => {
    const byWidth = await read({
      fields: 'name',
      sort: 'json(metadata, dimensions.width)',
      filter: JSON.stringify({ name: { _in: ['Alpha', 'Beta', 'Gamma'] } }),
    });
    expect(byWidth.body.data.map((i: { name: string }) => i.name)).toEqual(['Beta', 'Alpha', 'Gamma']);
    const byColor = await read({
      fields: 'name,c',
      alias: JSON.stringify({ c: 'json(metadata, color)' }),
      sort: '-c',
      filter: JSON.stringify({ name: { _in: ['Alpha', 'Beta', 'Gamma'] } }),
    });
    expect(byColor.body.data.map((i: { c: string }) => i.c)).toEqual(['red', 'green', 'blue']);
  });

  it('follows relations: json(relation.field, path) and relation.json(field, path)', async () => {
    const res = await read({
      fields: 'name,json(category.meta, icon),category.json(meta, rank)',
      filter: JSON.stringify({ name: { _eq: 'Alpha' } }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ name: 'Alpha', category: { meta_icon_json: 'laptop', meta_rank_json: 2 } }]);
    const back = await t
      .as('admin')
      .get(`/items/${categories}`)
      .query({ fields: 'json(products.metadata, color)', deep: JSON.stringify({ products: { _sort: ['name'] } }) });
    expect(back.body.data).toEqual([
      { products: [{ metadata_color_json: 'red' }, { metadata_color_json: 'blue' }, { metadata_color_json: 'green' }] },
    ]);
  });

  it('follows a many-to-any scoped to one of its collections: json(children.item:circles.metadata, path)', async () => {
    const s = await createM2a(t, [{ field: 'metadata', type: 'json' }]);
    const children = [
      { collection: s.circles, item: { radius: 1, metadata: { color: 'red' } } },
      { collection: s.squares, item: { width: 2, metadata: { color: 'orange' } } },
      { collection: s.circles, item: { radius: 3, metadata: { color: 'blue', size: { d: 6 } } } },
    ];
    const shape = (await t.as('admin').post(`/items/${s.shapes}`).send({ name: 'A', children })).body.data.id;
    const empty = (await t.as('admin').post(`/items/${s.shapes}`).send({ name: 'C' })).body.data.id;
    const one = (id: number, fields: string) =>
      t
        .as('admin')
        .get(`/items/${s.shapes}/${id}`)
        .query({ fields, deep: JSON.stringify({ children: { _sort: ['id'] } }) });
    const res = await one(
      shape,
      `name,json(children.item:${s.circles}.metadata, color),json(children.item:${s.circles}.metadata, size.d)`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      name: 'A',
      children: [
        { item: { metadata_color_json: 'red', metadata_size_d_json: null } },
        { item: expect.any(String) },
        { item: { metadata_color_json: 'blue', metadata_size_d_json: 6 } },
      ],
    });
    const squares = await one(
      shape,
      `children.item:${s.squares}.width,children.item:${s.squares}.json(metadata, color)`,
    );
    expect(squares.body.data.children[1]).toEqual({ item: { width: 2, metadata_color_json: 'orange' } });
    expect((await one(empty, `id,json(children.item:${s.circles}.metadata, color)`)).body.data).toEqual({
      id: empty,
      children: [],
    });
    const union = await data(
      'admin',
      `{ ${s.shapes}_by_id(id: ${shape}) { children { item { ... on ${s.circles} { metadata_func { json(path: "color") } } } } } }`,
    );
    expect(union[`${s.shapes}_by_id`].children).toEqual([
      { item: { metadata_func: { json: 'red' } } },
      { item: {} },
      { item: { metadata_func: { json: 'blue' } } },
    ]);
    // As the reference: a scope naming none of the many-to-any's collections reads nothing through json().
    const foreign = await one(shape, 'id,json(children.item:nonexistent_collection.metadata, color)');
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toEqual({ id: shape, children: [{}, {}, {}] });
    await expectError(one(shape, `json(children.shapes_id:${s.circles}.metadata, color)`), 400, 'INVALID_QUERY');
    await expectError(one(shape, `json(children.item:${s.circles}.radius, color)`), 400, 'INVALID_QUERY');
  });

  it.each([
    ['a field that is not JSON', 'json(name, color)'],
    ['a missing path', 'json(metadata)'],
    ['a wildcard path', 'json(metadata, tags[*])'],
    ['a root reference', 'json(metadata, $.color)'],
    ['a negative index', 'json(metadata, tags[-1])'],
    ['a quote', "json(metadata, color') OR 1=1 --)"],
    ['a statement', 'json(metadata, color; DROP TABLE x)'],
    ['a path deeper than 10', 'json(metadata, a.b.c.d.e.f.g.h.i.j.k)'],
  ])('refuses %s with 400 INVALID_QUERY', async (_, field) => {
    await expectError(read({ fields: `id,${field}` }), 400, 'INVALID_QUERY');
  });

  it('answers json() on a field that does not exist with 403 FORBIDDEN, as the reference', async () => {
    const res = await expectError(read({ fields: 'id,json(nonexistent, color)' }), 403, 'FORBIDDEN');
    expect(res.body.errors[0].message).toBe(
      `You don't have permission to access field "nonexistent" in collection "${products}" or it does not exist. Queried in root.`,
    );
  });

  it.each([
    ['sort on a field that is not JSON', { sort: 'json(name, x)' }],
    ['sort on a malicious path', { sort: "json(metadata, x')--)" }],
    ['json() in a filter', { filter: JSON.stringify({ 'json(metadata, color)': { _eq: 'red' } }) }],
    ['an alias to a malformed call', { fields: 'c', alias: JSON.stringify({ c: 'json(metadata)' }) }],
  ])('refuses %s with 400 INVALID_QUERY', async (_, query) => {
    await expectError(read(query as Record<string, string>), 400, 'INVALID_QUERY');
  });

  it('answers json(path:) in GraphQL under <field>_func, several paths through aliases, also of a relation', async () => {
    const result = await data(
      'admin',
      `query ($path: String!) {
        ${products}(filter: { name: { _eq: "Alpha" } }) {
          name
          metadata_func { color: json(path: "color") width: json(path: $path) tags: json(path: "tags") }
          category { meta_func { json(path: "icon") } }
        }
      }`,
      { path: 'dimensions.width' },
    );
    expect(result[products]).toEqual([
      {
        name: 'Alpha',
        metadata_func: { color: 'red', width: 10, tags: ['electronics', 'premium'] },
        category: { meta_func: { json: 'laptop' } },
      },
    ]);
    const bad = await gql('admin', `{ ${products} { metadata_func { json(path: "a') OR 1=1 --") } } }`);
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_QUERY');
  });

  it('keeps a field the caller may not read unreadable through json()', async () => {
    const role = await createRole(t);
    await grant(t, role, products, 'read', { fields: ['id', 'name', 'settings'] });
    const user = await createUser(t, role);
    const allowed = await t
      .as(user.token)
      .get(`/items/${products}/${ids.Alpha}`)
      .query({ fields: 'json(settings, theme)' });
    expect(allowed.body.data).toEqual({ settings_theme_json: 'dark' });
    await expectError(
      t.as(user.token).get(`/items/${products}`).query({ fields: 'id,json(metadata, color)' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t.as(user.token).get(`/items/${products}`).query({ fields: 'id', sort: 'json(metadata, color)' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t
        .as(user.token)
        .get(`/items/${products}`)
        .query({ fields: 'c', alias: JSON.stringify({ c: 'json(metadata, color)' }) }),
      403,
      'FORBIDDEN',
    );
  });
});
