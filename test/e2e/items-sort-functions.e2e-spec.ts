import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { graphqlItems } from '../helpers/graphql';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('GET /items sorted by a field function', () => {
  let t: TestApp;
  let countries: string;
  let states: string;
  const { data } = graphqlItems(() => t);
  const names = async (collection: string, query: Record<string, unknown>) => {
    const res = await t
      .as('admin')
      .get(`/items/${collection}`)
      .query({ fields: 'name', ...query });
    expect(res.status).toBe(200);
    return res.body.data.map((r: { name: string }) => r.name);
  };

  beforeAll(async () => {
    t = await createTestApp();
    countries = await createCollection(t, uniq('fn_countries'), [
      { field: 'name', type: 'string' },
      { field: 'founded', type: 'dateTime' },
    ]);
    states = await createCollection(t, uniq('fn_states'), [
      { field: 'name', type: 'string' },
      { field: 'at', type: 'dateTime' },
      { field: 'country', type: 'integer' },
    ]);
    await createRelation(t, states, 'country', countries, 'states');
    const made = await t
      .as('admin')
      .post(`/items/${countries}`)
      .send([
        { name: 'Middle', founded: '2003-07-01T10:00:00', states: [{ name: 'Kansas', at: '2024-01-05T00:00:00' }] },
        {
          name: 'Low',
          founded: '2001-01-01T10:00:00',
          states: [
            { name: 'Alabama', at: '2022-06-01T00:00:00' },
            { name: 'Delaware', at: '2025-02-02T00:00:00' },
          ],
        },
        {
          name: 'High',
          founded: '2005-12-31T10:00:00',
          states: [
            { name: 'Yukon', at: '2021-03-03T00:00:00' },
            { name: 'Maine', at: '2023-04-04T00:00:00' },
            { name: 'Ohio', at: '2020-05-05T00:00:00' },
          ],
        },
      ]);
    expect(made.status).toBe(200);
  });
  afterAll(() => t.close());

  it('orders by a date function of the collection, ascending and descending, with a limit', async () => {
    expect(await names(states, { sort: 'year(at)' })).toEqual([
      'Ohio',
      'Yukon',
      'Alabama',
      'Maine',
      'Kansas',
      'Delaware',
    ]);
    expect(await names(states, { sort: '-year(at)', limit: 2 })).toEqual(['Delaware', 'Kansas']);
    expect(await names(states, { sort: 'month(at),name', limit: 3 })).toEqual(['Kansas', 'Delaware', 'Yukon']);
  });

  it('orders by a function of a many-to-one and of a one-to-many path', async () => {
    const byCountry = ['Alabama', 'Delaware', 'Kansas', 'Maine', 'Ohio', 'Yukon'];
    expect(await names(states, { sort: 'country.year(founded),name' })).toEqual(byCountry);
    expect(await names(states, { sort: '-country.year(founded),name', limit: 3 })).toEqual(['Maine', 'Ohio', 'Yukon']);
    expect(await names(states, { sort: '-year(country.founded),name', limit: 3 })).toEqual(['Maine', 'Ohio', 'Yukon']);
    expect(await names(countries, { sort: 'states.year(at)' })).toEqual(['High', 'Low', 'Middle']);
    expect(await names(countries, { sort: '-states.year(at)' })).toEqual(['Low', 'Middle', 'High']);
  });

  it('orders by count() of a one-to-many field', async () => {
    expect(await names(countries, { sort: 'count(states)' })).toEqual(['Middle', 'Low', 'High']);
    expect(await names(countries, { sort: '-count(states)', limit: 1 })).toEqual(['High']);
  });

  it('orders grouped aggregates and GraphQL lists by a function', async () => {
    const grouped = await t
      .as('admin')
      .get(`/items/${states}`)
      .query({ 'aggregate[count]': '*', groupBy: 'year(at)', sort: '-year(at)', limit: 2 });
    expect(grouped.status).toBe(200);
    expect(grouped.body.data).toEqual([
      { at_year: 2025, count: 1 },
      { at_year: 2024, count: 1 },
    ]);
    const listed = await data('admin', `{ ${states}(sort: ["-year(at)"], limit: 2) { name } }`);
    expect(listed[states]).toEqual([{ name: 'Delaware' }, { name: 'Kansas' }]);
  });

  it('refuses a function that does not fit the field with INVALID_QUERY, and an unreadable field with FORBIDDEN', async () => {
    await expectError(t.as('admin').get(`/items/${states}?sort=year(name)`), 400, 'INVALID_QUERY');
    await expectError(t.as('admin').get(`/items/${states}?sort=year(nope)`), 400, 'INVALID_QUERY');
    await expectError(t.as('admin').get(`/items/${states}?sort=count(name)`), 400, 'INVALID_QUERY');
    await expectError(t.as('admin').get(`/items/${states}?sort=year(at).x`), 400, 'INVALID_QUERY');
    await expectError(
      t.as('admin').get(`/items/${states}?aggregate[count]=*&groupBy=name&sort=year(at)`),
      400,
      'INVALID_QUERY',
    );
    const role = await createRole(t);
    await grant(t, role, states, 'read', { fields: ['id', 'name'] });
    const user = await createUser(t, role);
    await expectError(t.as(user.token).get(`/items/${states}?sort=year(at)`), 403, 'FORBIDDEN');
  });
});
