import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { graphqlItems } from '../helpers/graphql';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

const PRODUCTS = [
  {
    name: 'Alpha',
    metadata: {
      color: 'red',
      brand: 'BrandX',
      level: 2,
      tags: ['electronics', 'sale'],
      settings: { theme: 'dark' },
      active: true,
    },
    data: [{ test: 'foo' }],
    category: 'Tech',
  },
  {
    name: 'Beta',
    metadata: {
      color: 'blue',
      brand: 'BrandY',
      level: 5,
      tags: ['home', 'new'],
      settings: { theme: 'light' },
      active: false,
    },
    data: [{ test: 'bar' }],
    category: 'Sports',
  },
  {
    name: 'Gamma',
    metadata: { color: 'green', brand: 'BrandX', level: 8, tags: ['outdoor'], settings: { theme: 'dark' }, code: '10' },
    data: [{ test: 'foo' }],
    category: 'Tech',
  },
  {
    name: 'Delta',
    metadata: {
      color: 'yellow',
      brand: 'BrandZ',
      level: 3,
      tags: ['clearance'],
      settings: { theme: 'auto' },
      brandless: null,
    },
    data: [{}],
    category: 'Home',
  },
  { name: 'Epsilon', metadata: { color: 'black', tags: [], level: '9' }, data: null, category: null },
  { name: 'Zeta', metadata: null, data: null, category: null },
];

describe('_json filters inside JSON fields', () => {
  let t: TestApp;
  let products: string;
  let categories: string;
  let departments: string;
  const { gql, data } = graphqlItems(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    departments = await createCollection(t, uniq('departments'), [
      { field: 'name', type: 'string' },
      { field: 'metadata', type: 'json' },
    ]);
    categories = await createCollection(t, uniq('categories'), [
      { field: 'name', type: 'string' },
      { field: 'metadata', type: 'json' },
      { field: 'department', type: 'integer' },
    ]);
    products = await createCollection(t, uniq('products'), [
      { field: 'name', type: 'string' },
      { field: 'metadata', type: 'json' },
      { field: 'data', type: 'json' },
      { field: 'category', type: 'integer' },
    ]);
    await createRelation(t, categories, 'department', departments);
    await createRelation(t, products, 'category', categories, 'products');
    const post = async (collection: string, item: object) =>
      (await t.as('admin').post(`/items/${collection}`).send(item)).body.data.id;
    const tech = await post(departments, { name: 'Tech Department', metadata: { sector: 'technology', budget: 100 } });
    const consumer = await post(departments, {
      name: 'Consumer Department',
      metadata: { sector: 'consumer', budget: 50 },
    });
    const ids: Record<string, number> = {
      Tech: await post(categories, { name: 'Tech', metadata: { color: 'blue' }, department: tech }),
      Sports: await post(categories, { name: 'Sports', metadata: { color: 'green' }, department: consumer }),
      Home: await post(categories, { name: 'Home', metadata: { color: 'red' }, department: consumer }),
    };
    for (const { category, ...product } of PRODUCTS)
      await post(products, { ...product, category: category && ids[category] });
  });
  afterAll(() => t.close());

  const names = async (filter: unknown, collection = products) => {
    const res = await t
      .as('admin')
      .get(`/items/${collection}`)
      .query({ filter: JSON.stringify(filter), fields: 'name', sort: 'name' });
    expect(res.status).toBe(200);
    return res.body.data.map((item: { name: string }) => item.name);
  };
  const json = (inner: unknown, field = 'metadata') => ({ [field]: { _json: inner } });

  it.each<[string, unknown, string[]]>([
    ['_eq', json({ color: { _eq: 'red' } }), ['Alpha']],
    [
      '_neq leaves out items without the value',
      json({ color: { _neq: 'red' } }),
      ['Beta', 'Delta', 'Epsilon', 'Gamma'],
    ],
    ['_null on a missing key, a JSON null and a NULL field', json({ brand: { _null: true } }), ['Epsilon', 'Zeta']],
    ['_nnull', json({ brand: { _nnull: true } }), ['Alpha', 'Beta', 'Delta', 'Gamma']],
    ['_null on a JSON null value', json({ brandless: { _null: false } }), []],
    ['_in', json({ color: { _in: ['red', 'blue'] } }), ['Alpha', 'Beta']],
    ['_nin', json({ color: { _nin: ['red', 'blue'] } }), ['Delta', 'Epsilon', 'Gamma']],
    ['_contains is case-sensitive', json({ brand: { _contains: 'brand' } }), []],
    ['_ncontains leaves out items without the value', json({ brand: { _ncontains: 'X' } }), ['Beta', 'Delta']],
    ['_icontains', json({ brand: { _icontains: 'BRANDX' } }), ['Alpha', 'Gamma']],
    ['_starts_with', json({ brand: { _starts_with: 'BrandX' } }), ['Alpha', 'Gamma']],
    ['_nstarts_with', json({ brand: { _nstarts_with: 'BrandX' } }), ['Beta', 'Delta']],
    ['_istarts_with', json({ brand: { _istarts_with: 'brandx' } }), ['Alpha', 'Gamma']],
    ['_ends_with', json({ brand: { _ends_with: 'Y' } }), ['Beta']],
    ['_nends_with', json({ brand: { _nends_with: 'Y' } }), ['Alpha', 'Delta', 'Gamma']],
    ['_iends_with', json({ brand: { _iends_with: 'y' } }), ['Beta']],
    ['_empty', json({ brand: { _empty: true } }), ['Epsilon', 'Zeta']],
    ['_gt compares JSON numbers, never the string "9"', json({ level: { _gt: 3 } }), ['Beta', 'Gamma']],
    ['_lte', json({ level: { _lte: 3 } }), ['Alpha', 'Delta']],
    ['_eq with a number', json({ level: { _eq: 5 } }), ['Beta']],
    ['_eq with a string compares text', json({ level: { _eq: '9' } }), ['Epsilon']],
    ['_eq with a string of digits on a string value', json({ code: { _eq: '10' } }), ['Gamma']],
    ['_in with numbers', json({ level: { _in: [2, 8] } }), ['Alpha', 'Gamma']],
    ['_between numbers', json({ level: { _between: [2, 5] } }), ['Alpha', 'Beta', 'Delta']],
    ['_nbetween numbers', json({ level: { _nbetween: [2, 5] } }), ['Gamma']],
    ['_between strings', json({ color: { _between: ['blue', 'red'] } }), ['Alpha', 'Beta', 'Gamma']],
    ['_nbetween strings', json({ color: { _nbetween: ['blue', 'red'] } }), ['Delta', 'Epsilon']],
    ['_eq true', json({ active: { _eq: true } }), ['Alpha']],
    ['_eq false', json({ active: { _eq: false } }), ['Beta']],
    ['a nested path', json({ 'settings.theme': { _eq: 'dark' } }), ['Alpha', 'Gamma']],
    ['_null on a nested path', json({ 'settings.theme': { _null: true } }), ['Epsilon', 'Zeta']],
    ['an array index', json({ 'tags[1]': { _eq: 'sale' } }), ['Alpha']],
    ['a root array index', json({ '[0].test': { _eq: 'foo' } }, 'data'), ['Alpha', 'Gamma']],
    ['_null on a root array index', json({ '[0].test': { _null: false } }, 'data'), ['Alpha', 'Beta', 'Gamma']],
    ['two paths at once', json({ color: { _eq: 'red' }, brand: { _nnull: true } }), ['Alpha']],
    ['two operators at one path', json({ level: { _gt: 2, _lt: 8 } }), ['Beta', 'Delta']],
    ['_or inside _json', json({ _or: [{ color: { _eq: 'red' } }, { level: { _gt: 7 } }] }), ['Alpha', 'Gamma']],
    [
      '_and with a nested _or',
      json({ _and: [{ _or: [{ color: { _eq: 'red' } }, { color: { _eq: 'blue' } }] }, { level: { _lte: 5 } }] }),
      ['Alpha', 'Beta'],
    ],
    [
      '_or beside a path',
      json({ brand: { _eq: 'BrandX' }, _or: [{ color: { _eq: 'red' } }, { color: { _eq: 'green' } }] }),
      ['Alpha', 'Gamma'],
    ],
    [
      '_or of _json and a plain field',
      { _or: [json({ level: { _gt: 6 } }), { name: { _eq: 'Delta' } }] },
      ['Delta', 'Gamma'],
    ],
    ['beside _null on the field', { metadata: { _nnull: true, _json: { brand: { _null: true } } } }, ['Epsilon']],
    ['through a many-to-one', { category: json({ color: { _eq: 'blue' } }) }, ['Alpha', 'Gamma']],
    ['through two many-to-ones', { category: { department: json({ budget: { _gte: 75 } }) } }, ['Alpha', 'Gamma']],
    ['nothing matches', json({ color: { _eq: 'purple' } }), []],
  ])('%s', async (_name, filter, expected) => {
    expect(await names(filter)).toEqual(expected);
  });

  it.each<[string, unknown, string[]]>([
    ['a plain one-to-many', { products: json({ color: { _eq: 'red' } }) }, ['Tech']],
    ['_some', { products: { _some: json({ level: { _gt: 6 } }) } }, ['Tech']],
    ['_none', { products: { _none: json({ level: { _gt: 6 } }) } }, ['Home', 'Sports']],
  ])('filters through %s', async (_name, filter, expected) => {
    expect(await names(filter, categories)).toEqual(expected);
  });

  it('filters a one-to-many in deep, sorted by json()', async () => {
    const res = await t
      .as('admin')
      .get(`/items/${categories}`)
      .query({
        fields: 'name,products.name',
        filter: JSON.stringify({ name: { _eq: 'Tech' } }),
        deep: JSON.stringify({ products: { _filter: json({ level: { _gt: 1 } }), _sort: ['-json(metadata, level)'] } }),
      });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ name: 'Tech', products: [{ name: 'Gamma' }, { name: 'Alpha' }] }]);
  });

  it('keeps paths and values out of the SQL text', async () => {
    expect(await names(json({ color: { _eq: "red' OR '1'='1" } }))).toEqual([]);
    expect(await names(json({ brand: { _contains: '%' } }))).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['a field that is no JSON field', { name: { _json: { color: { _eq: 'x' } } } }],
    ['a wildcard', json({ 'items[*]': { _eq: 'x' } })],
    ['a path deeper than 10', json({ 'a.b.c.d.e.f.g.h.i.j.k': { _eq: 'x' } })],
    ['a text value', json('not-an-object')],
    ['null', json(null)],
    ['a text operator object', json({ color: 'red' })],
    ['_or as an object', json({ _or: { color: { _eq: 'red' } } })],
    ['_and as an object', json({ _and: { color: { _eq: 'red' } } })],
    ['a null in _or', json({ _or: [null] })],
    ['a $ root', json({ '$.color': { _eq: 'x' } })],
    ['an @ node', json({ '@.color': { _eq: 'x' } })],
    ['a ? filter', json({ '?(color)': { _eq: 'x' } })],
    ['an empty subscript', json({ 'items[]': { _eq: 'x' } })],
    ['quotes', json({ "color' OR 1=1 --": { _eq: 'x' } })],
    ['an empty path', json({ '': { _eq: 'x' } })],
    ['_in with text', json({ color: { _in: 'red' } })],
    ['_in empty', json({ color: { _in: [] } })],
    ['_nin empty', json({ color: { _nin: [] } })],
    ['_between with one number', json({ level: { _between: 5 } })],
    ['_between empty', json({ level: { _between: [] } })],
    ['_null with text', json({ color: { _null: 'yes' } })],
    ['_nnull with text', json({ color: { _nnull: 'yes' } })],
    ['_eq with an empty string', json({ color: { _eq: '' } })],
    ['an unknown operator', json({ color: { _like: 'x' } })],
    ['a path nested in a path', json({ 'a.b': { 'c[0]': { _eq: 1 } } })],
    ['a path without operators', json({ color: {} })],
  ])('refuses %s with 400 INVALID_QUERY', async (_name, filter) => {
    await expectError(
      t
        .as('admin')
        .get(`/items/${products}`)
        .query({ filter: JSON.stringify(filter) }),
      400,
      'INVALID_QUERY',
    );
  });

  it('applies _json in permission rules', async () => {
    const role = await createRole(t);
    await grant(t, role, products, 'read', {
      fields: ['name', 'metadata'],
      permissions: json({ brand: { _eq: 'BrandX' } }),
    });
    const user = await createUser(t, role);
    const res = await t
      .as(user.token)
      .get(`/items/${products}`)
      .query({ fields: 'name', sort: 'name', filter: JSON.stringify(json({ level: { _gt: 2 } })) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ name: 'Gamma' }]);
  });

  describe('GraphQL', () => {
    const query = (filter: string, variables = '') =>
      `query${variables} { ${products}(filter: ${filter}, sort: ["name"]) { name } }`;

    it('takes _json literals and variables of type GraphQLJsonFilter', async () => {
      const inline = await data(
        'admin',
        query('{ metadata: { _json: { _or: [{ color: { _eq: "red" } }, { level: { _gt: 7 } }] } } }'),
      );
      expect(inline[products]).toEqual([{ name: 'Alpha' }, { name: 'Gamma' }]);
      const variable = await data('admin', query('{ data: { _json: $f } }', '($f: GraphQLJsonFilter)'), {
        f: { '[0].test': { _eq: 'foo' } },
      });
      expect(variable[products]).toEqual([{ name: 'Alpha' }, { name: 'Gamma' }]);
    });

    it('filters a JSON field on being null', async () => {
      expect((await data('admin', query('{ metadata: { _null: true } }')))[products]).toEqual([{ name: 'Zeta' }]);
    });

    it.each([
      ['_json on a text field', query('{ name: { _json: { color: { _eq: "x" } } } }'), {}],
      ['a text value', query('{ metadata: { _json: "x" } }'), {}],
      ['null', query('{ metadata: { _json: null } }'), {}],
      ['a null in _or', query('{ metadata: { _json: { _or: [null] } } }'), {}],
      ['_eq with an empty string', query('{ metadata: { _json: { color: { _eq: "" } } } }'), {}],
      ['a path nested in a path', query('{ metadata: { _json: { a: { b: { _eq: 1 } } } } }'), {}],
      ['_in with text', query('{ metadata: { _json: { color: { _in: "red" } } } }'), {}],
      [
        'a wildcard in a variable',
        query('{ metadata: { _json: $f } }', '($f: GraphQLJsonFilter)'),
        { f: { 'items[*]': { _eq: 'x' } } },
      ],
      [
        'an empty path in a variable',
        query('{ metadata: { _json: $f } }', '($f: GraphQLJsonFilter)'),
        { f: { '': { _eq: 'x' } } },
      ],
    ])('answers errors for %s', async (_name, text, variables) => {
      const res = await gql('admin', text, variables);
      expect(res.body.errors?.length).toBeGreaterThan(0);
      expect(res.body.data?.[products] ?? null).toBeNull();
    });
  });
});
