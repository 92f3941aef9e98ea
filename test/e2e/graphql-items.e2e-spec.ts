import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { graphqlItems } from '../helpers/graphql';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('POST /graphql: queries of user collections', () => {
  let t: TestApp;
  let authors: string;
  let articles: string;
  let ada: number;
  let grace: number;

  const { gql, data } = graphqlItems(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    authors = await createCollection(t, uniq('gq_authors'), [{ field: 'name', type: 'string' }]);
    articles = await createCollection(t, uniq('gq_articles'), [
      { field: 'title', type: 'string' },
      { field: 'views', type: 'integer' },
      { field: 'price', type: 'float' },
      { field: 'published', type: 'boolean' },
      { field: 'author', type: 'integer' },
      { field: 'at', type: 'dateTime' },
    ]);
    await createRelation(t, articles, 'author', authors, 'articles');
    [ada, grace] = (
      await t
        .as('admin')
        .post(`/items/${authors}`)
        .send([{ name: 'Ada' }, { name: 'Grace' }])
    ).body.data.map((a: { id: number }) => a.id);
    const rows = [
      { title: 'Alpha', views: 10, price: 1.5, published: true, author: ada, at: '2020-03-04T05:06:07' },
      { title: 'Beta', views: 20, price: 2.5, published: true, author: grace, at: '2021-06-15T12:00:00' },
      { title: 'Gamma', views: 30, price: 3.5, published: false, author: ada, at: '2021-01-01T00:00:00' },
      { title: 'Delta', views: 40, price: 4.5, published: false, author: null },
    ];
    expect((await t.as('admin').post(`/items/${articles}`).send(rows)).status).toBe(200);
  });
  afterAll(() => t.close());

  it('lists items with the REST query arguments: filter, sort, limit, offset, page and search', async () => {
    const result = await data(
      'admin',
      `query($f: ${articles}_filter) {
        page2: ${articles}(filter: $f, sort: ["-views"], limit: 1, offset: 1) { title views }
        byPage: ${articles}(sort: ["title"], limit: 2, page: 2) { title }
        found: ${articles}(search: "amm") { title }
      }`,
      { f: { _or: [{ views: { _gte: 30 } }, { title: { _eq: 'Alpha' } }] } },
    );
    expect(result).toEqual({
      page2: [{ title: 'Gamma', views: 30 }],
      byPage: [{ title: 'Delta' }, { title: 'Gamma' }],
      found: [{ title: 'Gamma' }],
    });
  });

  it('reads one item by id, keys as GraphQL IDs', async () => {
    const [{ id }] = (await t.as('admin').get(`/items/${articles}?filter[title][_eq]=Beta`)).body.data;
    const result = await data('admin', `{ ${articles}_by_id(id: ${id}) { id title published price } }`);
    expect(result[`${articles}_by_id`]).toEqual({ id: String(id), title: 'Beta', published: true, price: 2.5 });
  });

  it('types keys as the reference: ID in reads, by id and in inputs; UUIDs filter with ID operands, a malformed one matching nothing', async () => {
    const tags = await createCollection(t, uniq('gq_tags'), [
      { field: 'id', type: 'uuid', schema: { is_primary_key: true }, meta: { special: ['uuid'] } },
      { field: 'label', type: 'string' },
    ]);
    const tag = (await t.as('admin').post(`/items/${tags}`).send({ label: 'red' })).body.data.id;
    const types = await data(
      'admin',
      `{ filter: __type(name: "${tags}_filter") { inputFields { name type { name } } }
         create: __type(name: "create_${articles}_input") { inputFields { name type { name } } }
         update: __type(name: "update_${articles}_input") { inputFields { name type { name } } }
         query: __type(name: "Query") { fields { name args { name type { kind ofType { name } } } } } }`,
    );
    const typeOf = (list: { name: string; type: { name: string } }[], name: string) =>
      list.find((f) => f.name === name)?.type.name;
    expect(typeOf(types.filter.inputFields, 'id')).toBe('id_filter_operators');
    expect(typeOf(types.create.inputFields, 'id')).toBe('ID');
    expect(typeOf(types.update.inputFields, 'id')).toBe('ID');
    const byId = types.query.fields.find((f: { name: string }) => f.name === `${articles}_by_id`);
    expect(byId.args.find((a: { name: string }) => a.name === 'id').type).toEqual({
      kind: 'NON_NULL',
      ofType: { name: 'ID' },
    });
    const read = async (ids: unknown) =>
      (await data('admin', `query($ids: [ID]) { ${tags}(filter: { id: { _in: $ids } }) { id label } }`, { ids }))[tags];
    expect(await read([tag, 'not-a-uuid'])).toEqual([{ id: tag, label: 'red' }]);
    expect(await read(['not-a-uuid'])).toEqual([]);
    const one = await data('admin', `query($id: ID) { ${tags}(filter: { id: { _eq: $id } }) { label } }`, {
      id: 'not-a-uuid',
    });
    expect(one[tags]).toEqual([]);
    const created = await data(
      'admin',
      `mutation { create_${articles}_item(data: { id: "9041", title: "Keyed" }) { id title } }`,
    );
    expect(created[`create_${articles}_item`]).toEqual({ id: '9041', title: 'Keyed' });
    expect((await t.as('admin').delete(`/items/${articles}/9041`)).status).toBe(204);
  });

  it('selects many-to-one and one-to-many relations, with arguments on the related items', async () => {
    const result = await data(
      'admin',
      `{
        ${articles}(filter: { author: { name: { _eq: "Ada" } } }, sort: ["views"]) { title author { name } }
        ${authors}(sort: ["name"]) { name articles(sort: ["-views"], limit: 1) { title } }
      }`,
    );
    expect(result[articles]).toEqual([
      { title: 'Alpha', author: { name: 'Ada' } },
      { title: 'Gamma', author: { name: 'Ada' } },
    ]);
    expect(result[authors]).toEqual([
      { name: 'Ada', articles: [{ title: 'Gamma' }] },
      { name: 'Grace', articles: [{ title: 'Beta' }] },
    ]);
  });

  it("filters on a one-to-many with _some and _none of its rows, or its rows' fields directly", async () => {
    const result = await data(
      'admin',
      `{
        some: ${authors}(filter: { articles: { _some: { views: { _gte: 30 } } } }) { name }
        none: ${authors}(filter: { articles: { _none: { views: { _gte: 25 } } } }) { name }
        direct: ${authors}(filter: { articles: { title: { _eq: "Beta" } } }) { name }
      }`,
    );
    expect(result).toEqual({ some: [{ name: 'Ada' }], none: [{ name: 'Grace' }], direct: [{ name: 'Grace' }] });
  });

  it('answers and filters on functions: date parts of dates, the count of a one-to-many', async () => {
    const result = await data(
      'admin',
      `{
        ${articles}(filter: { at_func: { year: { _eq: 2021 } } }, sort: ["at"]) { title at_func { year month day } }
        ${authors}(filter: { articles_func: { count: { _gte: 2 } } }) { name articles_func { count } }
      }`,
    );
    expect(result[articles]).toEqual([
      { title: 'Gamma', at_func: { year: 2021, month: 1, day: 1 } },
      { title: 'Beta', at_func: { year: 2021, month: 6, day: 15 } },
    ]);
    expect(result[authors]).toEqual([{ name: 'Ada', articles_func: { count: 2 } }]);
  });

  it('aggregates: count, countAll, countDistinct, sum, avg, min, max, with and without groupBy', async () => {
    const result = await data(
      'admin',
      `{
        all: ${articles}_aggregated { countAll count { id author } countDistinct { author } sum { views } avg { price } min { views } max { views } }
        grouped: ${articles}_aggregated(groupBy: ["published"], sort: ["published"]) { group count { id } sum { views } }
        filtered: ${articles}_aggregated(filter: { published: { _eq: true } }) { countAll }
      }`,
    );
    expect(result.all).toEqual([
      {
        countAll: 4,
        count: { id: 4, author: 3 },
        countDistinct: { author: 2 },
        sum: { views: 100 },
        avg: { price: 3 },
        min: { views: 10 },
        max: { views: 40 },
      },
    ]);
    expect(result.grouped).toEqual([
      { group: { published: false }, count: { id: 2 }, sum: { views: 70 } },
      { group: { published: true }, count: { id: 2 }, sum: { views: 30 } },
    ]);
    expect(result.filtered).toEqual([{ countAll: 2 }]);
  });

  it("serves only what the caller may read, with REST's row rules, and the rest is not in their schema", async () => {
    const role = await createRole(t);
    await grant(t, role, articles, 'read', {
      fields: ['id', 'title', 'author'],
      permissions: { published: { _eq: true } },
    });
    const user = await createUser(t, role);
    const result = await data(user.token, `{ ${articles}(sort: ["title"]) { title author } }`);
    // The related collection is not readable: the many-to-one is its key, as REST answers it.
    expect(result[articles]).toEqual([
      { title: 'Alpha', author: ada },
      { title: 'Beta', author: grace },
    ]);
    await expectError(gql(user.token, `{ ${articles} { title views } }`), 400, 'GRAPHQL_VALIDATION');
    await expectError(gql(user.token, `{ ${authors} { name } }`), 400, 'GRAPHQL_VALIDATION');
    await expectError(gql(user.token, `mutation { delete_${articles}_item(id: 1) { id } }`), 400, 'GRAPHQL_VALIDATION');
    await expectError(gql('anonymous', `{ ${articles} { title } }`), 400, 'GRAPHQL_VALIDATION');

    // A permission granted later is in the schema at once.
    await grant(t, null, authors, 'read');
    expect((await data('anonymous', `{ ${authors}(sort: ["name"]) { name } }`))[authors]).toEqual([
      { name: 'Ada' },
      { name: 'Grace' },
    ]);
  });

  it('answers engine errors in the GraphQL error format with the REST codes, and schema errors with GRAPHQL_VALIDATION', async () => {
    const badSort = await gql('admin', `{ ${articles}(sort: ["nope"]) { title } }`);
    expect(badSort.body).toEqual({
      data: null,
      errors: [
        {
          message: expect.any(String),
          extensions: expect.objectContaining({ code: 'INVALID_QUERY' }),
          locations: expect.any(Array),
          path: [articles],
        },
      ],
    });
    await expectError(gql('admin', `{ ${articles} { nope } }`), 400, 'GRAPHQL_VALIDATION');
    await expectError(
      gql('admin', `{ ${articles}(filter: { nope: { _eq: 1 } }) { title } }`),
      400,
      'GRAPHQL_VALIDATION',
    );
  });

  it('is rebuilt when the schema changes: a new collection and a new field are queryable at once', async () => {
    const later = await createCollection(t, uniq('gq_later'), [{ field: 'label', type: 'string' }]);
    await t.as('admin').post(`/items/${later}`).send({ label: 'first' });
    expect((await data('admin', `{ ${later} { label } }`))[later]).toEqual([{ label: 'first' }]);
    expect((await t.as('admin').post(`/fields/${later}`).send({ field: 'extra', type: 'integer' })).status).toBe(200);
    await t
      .as('admin')
      .patch(`/items/${later}`)
      .send({ query: { limit: -1 }, data: { extra: 7 } });
    expect((await data('admin', `{ ${later} { label extra } }`))[later]).toEqual([{ label: 'first', extra: 7 }]);
  });
});
