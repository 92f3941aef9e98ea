import { createCollection } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('the query engine on /items', () => {
  let t: TestApp;
  let c: string;
  const rows = [
    { name: 'Alpha', code: 'AB-1', n: 1, price: 10.5, flag: true, note: null, at: '2020-01-01T00:00:00.000Z' },
    { name: 'beta', code: 'ab-2', n: 2, price: 20, flag: false, note: '', at: '2021-06-15T12:00:00.000Z' },
    { name: 'Gamma', code: 'CD_3', n: 3, price: 30, flag: true, note: 'x', at: '2099-01-01T00:00:00.000Z' },
    { name: 'delta', code: 'cd%4', n: 4, price: 40, flag: null, note: 'y', at: null },
  ];

  beforeAll(async () => {
    t = await createTestApp({ env: { QUERY_LIMIT_MAX: '1000' } });
    c = await createCollection(t, uniq('q'), [
      { field: 'name', type: 'string' },
      { field: 'code', type: 'string' },
      { field: 'n', type: 'integer' },
      { field: 'price', type: 'float' },
      { field: 'flag', type: 'boolean' },
      { field: 'note', type: 'string' },
      { field: 'at', type: 'timestamp' },
    ]);
    await t.as('admin').post(`/items/${c}`).send(rows);
  });
  afterAll(() => t.close());

  const names = async (query: string) => {
    const res = await t.as('admin').get(`/items/${c}?fields=name&sort=n&${query}`);
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.map((r: { name: string }) => r.name);
  };

  it.each([
    ['filter[n][_eq]=2', ['beta']],
    ['filter[n][_neq]=2', ['Alpha', 'Gamma', 'delta']],
    ['filter[name][_ieq]=ALPHA', ['Alpha']],
    ['filter[name][_nieq]=alpha', ['beta', 'Gamma', 'delta']],
    ['filter[n][_lt]=2', ['Alpha']],
    ['filter[n][_lte]=2', ['Alpha', 'beta']],
    ['filter[n][_gt]=3', ['delta']],
    ['filter[n][_gte]=3', ['Gamma', 'delta']],
    ['filter[n][_in]=1,3', ['Alpha', 'Gamma']],
    ['filter[n][_nin]=1,3', ['beta', 'delta']],
    ['filter[note][_null]=true', ['Alpha']],
    ['filter[note][_nnull]=true', ['beta', 'Gamma', 'delta']],
    ['filter[note][_empty]=true', ['Alpha', 'beta']],
    ['filter[note][_nempty]=true', ['Gamma', 'delta']],
    ['filter[code][_contains]=ab', ['beta']],
    ['filter[code][_ncontains]=ab', ['Alpha', 'Gamma', 'delta']],
    ['filter[code][_icontains]=ab', ['Alpha', 'beta']],
    ['filter[code][_nicontains]=ab', ['Gamma', 'delta']],
    ['filter[name][_starts_with]=G', ['Gamma']],
    ['filter[name][_nstarts_with]=G', ['Alpha', 'beta', 'delta']],
    ['filter[name][_istarts_with]=g', ['Gamma']],
    ['filter[name][_nistarts_with]=g', ['Alpha', 'beta', 'delta']],
    ['filter[name][_ends_with]=ta', ['beta', 'delta']],
    ['filter[name][_nends_with]=ta', ['Alpha', 'Gamma']],
    ['filter[name][_iends_with]=TA', ['beta', 'delta']],
    ['filter[name][_niends_with]=TA', ['Alpha', 'Gamma']],
    ['filter[code][_contains]=%', ['delta']],
    ['filter[code][_contains]=_', ['Gamma']],
    ['filter[n][_between]=2,3', ['beta', 'Gamma']],
    ['filter[n][_nbetween]=2,3', ['Alpha', 'delta']],
    ['filter[price][_gt]=15.5', ['beta', 'Gamma', 'delta']],
    ['filter[flag][_eq]=true', ['Alpha', 'Gamma']],
    ['filter[flag][_eq]=false', ['beta']],
    ['filter[at][_lt]=$NOW', ['Alpha', 'beta']],
    ['filter[at][_gt]=$NOW(%2B1 year)', ['Gamma']],
    ['filter[at][_gte]=2021-01-01', ['beta', 'Gamma']],
    ['filter[_or][0][n][_eq]=1&filter[_or][1][n][_eq]=4', ['Alpha', 'delta']],
    ['filter[_and][0][n][_gt]=1&filter[_and][1][flag][_eq]=true', ['Gamma']],
    [
      `filter=${encodeURIComponent(JSON.stringify({ _or: [{ name: { _eq: 'beta' } }, { n: { _in: [3] } }] }))}`,
      ['beta', 'Gamma'],
    ],
  ])('%s', async (query, expected) => expect(await names(query)).toEqual(expected));

  it.each([
    ['filter[note][_ncontains]=y', ['beta', 'Gamma']],
    ['filter[note][_nicontains]=Y', ['beta', 'Gamma']],
    ['filter[note][_nstarts_with]=x', ['beta', 'delta']],
    ['filter[note][_nistarts_with]=X', ['beta', 'delta']],
    ['filter[note][_nends_with]=y', ['beta', 'Gamma']],
    ['filter[note][_niends_with]=Y', ['beta', 'Gamma']],
    ['filter[note][_neq]=x', ['beta', 'delta']],
    ['filter[note][_nin]=x', ['beta', 'delta']],
    ['filter[flag][_neq]=true', ['beta']],
    ['filter[at][_nbetween]=2020-06-01,2022-01-01', ['Alpha', 'Gamma']],
  ])('a negated operator leaves out rows without a value: %s', async (query, expected) =>
    expect(await names(query)).toEqual(expected),
  );

  it.each([
    ['search=ALP', ['Alpha']],
    ['search=3', ['Gamma']],
    ['search=ta', ['beta', 'delta']],
  ])('search: %s', async (query, expected) => expect(await names(query)).toEqual(expected));

  it('sorts by several fields, descending, and randomly', async () => {
    const res = await t.as('admin').get(`/items/${c}?fields=name&sort=-flag,-n&filter[flag][_nnull]=true`);
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['Gamma', 'Alpha', 'beta']);
    const random = await t.as('admin').get(`/items/${c}?fields=n&sort=?`);
    expect(random.body.data.map((r: { n: number }) => r.n).sort()).toEqual([1, 2, 3, 4]);
  });

  it('pages with limit, offset and page', async () => {
    expect(await names('limit=2')).toEqual(['Alpha', 'beta']);
    expect(await names('limit=2&offset=1')).toEqual(['beta', 'Gamma']);
    expect(await names('limit=2&page=2')).toEqual(['Gamma', 'delta']);
    expect(await names('limit=-1')).toHaveLength(4);
  });

  it('answers meta counts', async () => {
    const res = await t.as('admin').get(`/items/${c}?meta=total_count,filter_count&filter[n][_gt]=2&limit=1`);
    expect(res.body.meta).toEqual({ total_count: 4, filter_count: 2 });
  });

  it('aggregates, with and without groupBy', async () => {
    expect((await t.as('admin').get(`/items/${c}?aggregate[count]=*`)).body.data).toEqual([{ count: 4 }]);
    const sums = await t
      .as('admin')
      .get(`/items/${c}?aggregate[sum]=n&aggregate[max]=price&aggregate[countDistinct]=flag`);
    expect(sums.body.data).toEqual([{ sum: { n: 10 }, max: { price: 40 }, countDistinct: { flag: 2 } }]);
    const grouped = await t
      .as('admin')
      .get(`/items/${c}?aggregate[count]=*&aggregate[avg]=n&groupBy=flag&filter[flag][_nnull]=true&sort=flag`);
    expect(grouped.body.data).toEqual([
      { flag: false, count: 1, avg: { n: 2 } },
      { flag: true, count: 2, avg: { n: 2 } },
    ]);
    const byYear = await t
      .as('admin')
      .get(`/items/${c}?aggregate[count]=*&groupBy=year(at),flag&filter[at][_nnull]=true`);
    const years = [...byYear.body.data].sort((a: { at_year: number }, b: { at_year: number }) => a.at_year - b.at_year);
    expect(years).toEqual([
      { at_year: 2020, flag: true, count: 1 },
      { at_year: 2021, flag: false, count: 1 },
      { at_year: 2099, flag: true, count: 1 },
    ]);
    await expectError(t.as('admin').get(`/items/${c}?aggregate[count]=*&groupBy=year(name)`), 400, 'INVALID_QUERY');
  });

  it('answers and filters on date functions', async () => {
    const res = await t
      .as('admin')
      .get(`/items/${c}?fields=name,year(at),month(at),day(at),hour(at)&filter[year(at)][_gte]=2021&sort=n`);
    expect(res.body.data).toEqual([
      { name: 'beta', at_year: 2021, at_month: 6, at_day: 15, at_hour: 12 },
      { name: 'Gamma', at_year: 2099, at_month: 1, at_day: 1, at_hour: 0 },
    ]);
    await expectError(t.as('admin').get(`/items/${c}?fields=year(name)`), 400, 'INVALID_QUERY');
  });

  it('renames fields with alias', async () => {
    const res = await t.as('admin').get(`/items/${c}?fields=label&alias[label]=name&filter[n][_eq]=1`);
    expect(res.body.data).toEqual([{ label: 'Alpha' }]);
  });

  it('answers $CURRENT_USER with the caller', async () => {
    const withOwner = await createCollection(t, uniq('owned'), [
      { field: 'owner', type: 'uuid', meta: { special: ['user-created'] } },
    ]);
    await t.as('admin').post(`/items/${withOwner}`).send({});
    const res = await t.as('admin').get(`/items/${withOwner}?filter[owner][_eq]=$CURRENT_USER&meta=filter_count`);
    expect(res.body.meta.filter_count).toBe(1);
  });

  it.each([
    ['filter[nope][_eq]=1'],
    ['filter[n][_like]=1'],
    ['filter={bad'],
    ['filter[n][_eq]=abc'],
    ['sort=nope'],
    ['limit=abc'],
    ['limit=1001'],
    ['meta=everything'],
    ['filter[n][_in]='],
    ['filter[n][_contains]=1'],
    ['aggregate[median]=n'],
    ['groupBy=nope&aggregate[count]=*'],
    ['sort=__proto__'],
    ['fields=constructor'],
    [`filter=${encodeURIComponent('{"toString":{"_eq":1}}')}`],
    [`filter=${encodeURIComponent('{"n":{"_gt":1e400}}')}`],
    ['filter[n][_lt]=-1e400'],
    ['filter[n][_in]=1,9007199254740993'],
    ['filter[at][_lt]=$NOW(-1000000 years)'],
    ['filter[at][_lt]=$NOW(soon)'],
    ['filter[at][_in]=2020-01-01,tomorrow'],
    [`filter=${encodeURIComponent('{"price":{"_between":[0,1e400]}}')}`],
  ])('refuses %s with 400 INVALID_QUERY', (query) =>
    expectError(t.as('admin').get(`/items/${c}?${query}`), 400, 'INVALID_QUERY'),
  );

  it('answers a field that does not exist as a permission error and ignores a dotted path through a plain field, as the reference', async () => {
    for (const fields of ['nope', 'name,year(nope)', 'name,json(nope, a)']) {
      const res = await expectError(
        t.as('admin').get(`/items/${c}?fields=${encodeURIComponent(fields)}`),
        403,
        'FORBIDDEN',
      );
      expect(res.body.errors[0].message).toBe(
        `You don't have permission to access field "nope" in collection "${c}" or it does not exist. Queried in root.`,
      );
    }
    expect(await names('fields=name,name.sub,nope.id')).toEqual(['Alpha', 'beta', 'Gamma', 'delta']);
    const res = await t.as('admin').get(`/items/${c}?fields=name,name.sub,nope.id&filter[n][_eq]=1`);
    expect(res.body.data).toEqual([{ name: 'Alpha' }]);
  });

  it('reads with SEARCH and a query in the body', async () => {
    const res = await t
      .as('admin')
      .search(`/items/${c}`)
      .send({ query: { filter: { n: { _eq: 3 } }, fields: ['name'] } });
    expect(res.body.data).toEqual([{ name: 'Gamma' }]);
  });

  it('serves singletons', async () => {
    const s = await createCollection(
      t,
      uniq('single'),
      [{ field: 'motto', type: 'string', schema: { default_value: 'none' } }],
      { singleton: true },
    );
    expect((await t.as('admin').get(`/items/${s}`)).body.data).toEqual({ id: null, motto: 'none' });
    await t.as('admin').patch(`/items/${s}`).send({ motto: 'first' });
    await t.as('admin').patch(`/items/${s}`).send({ motto: 'second' });
    expect((await t.as('admin').get(`/items/${s}?fields=motto`)).body.data).toEqual({ motto: 'second' });
  });
});
