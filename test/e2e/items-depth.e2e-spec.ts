import { createCollection, createRelation } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';

/** MAX_RELATIONAL_DEPTH as the reference counts it: path segments of fields, filter, sort and deep. */
describe('MAX_RELATIONAL_DEPTH', () => {
  let t: TestApp;
  let food: number;
  const message = 'Invalid query. Max relational depth exceeded.';
  // foods.ingredients (one-to-many) -> links.food (many-to-one) -> foods.ingredients ...
  const path = (hops: number, leaf = 'id') =>
    [...Array.from({ length: hops }, (_, i) => (i % 2 ? 'food' : 'ingredients')), leaf].join('.');

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_RELATIONAL_DEPTH: '5' } });
    await createCollection(t, 'foods', [
      { field: 'name', type: 'string' },
      { field: 'meta', type: 'json' },
    ]);
    await createCollection(t, 'links', [{ field: 'food', type: 'integer' }]);
    await createRelation(t, 'links', 'food', 'foods', 'ingredients');
    food = (
      await t
        .as('admin')
        .post('/items/foods')
        .send({ name: 'soup', meta: { a: { b: { c: { d: { e: { f: 'deep' } } } } } }, ingredients: [{}] })
        .expect(200)
    ).body.data.id;
  });
  afterAll(() => t.close());

  const refused = async (query: Record<string, string>, url = `/items/foods/${food}`) => {
    const res = await expectError(t.as('admin').get(url).query(query), 400, 'INVALID_QUERY');
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].message).toBe(message);
  };

  it('refuses fields, a filter and a sort deeper than the limit in the reference words', async () => {
    expect((await t.as('admin').get(`/items/foods/${food}`).query({ fields: '*.*.*.*.*' })).status).toBe(200);
    await refused({ fields: '*.*.*.*.*.*' });
    await refused(
      {
        filter: JSON.stringify({
          ingredients: { food: { ingredients: { food: { ingredients: { id: { _nnull: true } } } } } },
        }),
      },
      '/items/foods',
    );
    await refused({ sort: path(5) }, '/items/foods');
  });

  it('checks the sort of a single item read too', async () => {
    expect(
      (
        await t
          .as('admin')
          .get(`/items/foods/${food}`)
          .query({ sort: path(4) })
      ).status,
    ).toBe(200);
    await refused({ sort: path(5) });
  });

  it('counts a deep sort path on top of its deep level, through one-to-many hops too', async () => {
    const allowed = await t
      .as('admin')
      .get(`/items/foods/${food}`)
      .query({
        fields: '*.*.*.*.*',
        deep: JSON.stringify({ ingredients: { _sort: path(4).replace(/^ingredients\./, '') } }),
      });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.ingredients[0].food.ingredients[0].food.ingredients).toEqual([expect.any(Number)]);
    await refused({
      fields: '*.*.*.*.*',
      deep: JSON.stringify({ ingredients: { _sort: path(5).replace(/^ingredients\./, '') } }),
    });
  });

  it('counts only the field path of json(), before looking the fields up', async () => {
    const allowed = await t
      .as('admin')
      .get(`/items/foods/${food}`)
      .query({ fields: 'json(ingredients.food.ingredients.food.meta, a.b.c.d.e.f)' });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.ingredients[0].food.ingredients[0].food).toEqual({ meta_a_b_c_d_e_f_json: 'deep' });
    await refused({ fields: 'json(ingredients.food.ingredients.food.ingredients.meta, a)' });
    await refused({ fields: 'json(a.b.c.d.e.f, key)' });
    await refused({ fields: 'a.b.c.d.json(e.metadata, key)' });
    await refused({ fields: 'c', alias: JSON.stringify({ c: 'json(a.b.c.d.e.meta, x)' }) });
    await refused({ fields: 'a.b.c.d.e.f' });
  });

  it('answers GraphQL selections deeper than the limit in the same words', async () => {
    const query = `{ foods { ingredients { food { ingredients { food { ingredients { id } } } } } } }`;
    const res = await t.as('admin').post('/graphql').send({ query });
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].message).toBe(message);
  });
});
