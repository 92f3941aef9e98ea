import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('POST /utils/sort/:collection', () => {
  let t: TestApp;
  let tasks: string;
  let plain: string;

  beforeAll(async () => {
    t = await createTestApp();
    tasks = await createCollection(
      t,
      uniq('tasks'),
      [
        { field: 'name', type: 'string' },
        { field: 'sort', type: 'integer' },
      ],
      { sort_field: 'sort' },
    );
    plain = await createCollection(t, uniq('plain'), [{ field: 'name', type: 'string' }]);
  });
  afterAll(() => t.close());

  /** The ids of the new rows, in the order given (the create answer is in sort order). */
  async function seed(rows: { name: string; sort: number | null }[]): Promise<number[]> {
    await t
      .as('admin')
      .delete(`/items/${tasks}`)
      .send({ query: { limit: -1 } });
    const res = await t.as('admin').post(`/items/${tasks}`).send(rows);
    const ids = new Map<string, number>(res.body.data.map((r: { id: number; name: string }) => [r.name, r.id]));
    return rows.map((r) => ids.get(r.name)!);
  }

  async function order(): Promise<string[]> {
    const res = await t.as('admin').get(`/items/${tasks}?sort=sort,id&fields=name`);
    return res.body.data.map((r: { name: string }) => r.name);
  }

  it('moves an item down to the place of another, shifting the rows between, with an empty 200', async () => {
    const [a, , c] = await seed(['a', 'b', 'c', 'd'].map((name, i) => ({ name, sort: i + 1 })));
    const res = await t.as('admin').post(`/utils/sort/${tasks}`).send({ item: a, to: c });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(await order()).toEqual(['b', 'c', 'a', 'd']);
  });

  it('moves an item up, keys given as strings', async () => {
    const [a, , , d] = await seed(['a', 'b', 'c', 'd'].map((name, i) => ({ name, sort: i + 1 })));
    await t
      .as('admin')
      .post(`/utils/sort/${tasks}`)
      .send({ item: String(d), to: String(a) })
      .expect(200);
    expect(await order()).toEqual(['d', 'a', 'b', 'c']);
    const sorts = (await t.as('admin').get(`/items/${tasks}?sort=sort&fields=sort`)).body.data.map(
      (r: { sort: number }) => r.sort,
    );
    expect(sorts).toEqual([1, 2, 3, 4]);
  });

  it('gives rows without a sort value places after the others, and renumbers duplicates first', async () => {
    const [, b, , d] = await seed([
      { name: 'a', sort: 5 },
      { name: 'b', sort: 5 },
      { name: 'c', sort: null },
      { name: 'd', sort: 2 },
    ]);
    await t.as('admin').post(`/utils/sort/${tasks}`).send({ item: d, to: b }).expect(200);
    // c goes last (6), the duplicates make it d a b c (1..4), then d takes b's place.
    expect(await order()).toEqual(['a', 'b', 'd', 'c']);
    const sorts = (await t.as('admin').get(`/items/${tasks}?sort=sort&fields=sort`)).body.data.map(
      (r: { sort: number }) => r.sort,
    );
    expect(sorts).toEqual([1, 2, 3, 4]);
  });

  it('is 400 for a collection without a sort field and for a body without item or to', async () => {
    await expectError(t.as('admin').post(`/utils/sort/${plain}`).send({ item: 1, to: 2 }), 400, 'INVALID_PAYLOAD');
    await expectError(t.as('admin').post(`/utils/sort/${tasks}`).send({ item: 1 }), 400, 'INVALID_PAYLOAD');
  });

  it('is 403 for unknown items and collections, and without update permission; nothing moves', async () => {
    const [a, b] = await seed(['a', 'b', 'c'].map((name, i) => ({ name, sort: i + 1 })));
    await expectError(t.as('admin').post(`/utils/sort/${tasks}`).send({ item: a, to: 999999 }), 403, 'FORBIDDEN');
    await expectError(t.as('admin').post(`/utils/sort/${tasks}`).send({ item: 'x', to: b }), 403, 'FORBIDDEN');
    await expectError(t.as('admin').post(`/utils/sort/${tasks}`).send({ item: 1.5, to: b }), 403, 'FORBIDDEN');
    await expectError(t.as('admin').post(`/utils/sort/${tasks}`).send({ item: a, to: -1e308 }), 403, 'FORBIDDEN');
    await expectError(
      t
        .as('admin')
        .post(`/utils/sort/${uniq('nothing')}`)
        .send({ item: 1, to: 2 }),
      403,
      'FORBIDDEN',
    );
    const reader = await createUser(t, await createRole(t));
    await grant(t, reader.role, tasks, 'read');
    await expectError(t.as(reader.token).post(`/utils/sort/${tasks}`).send({ item: a, to: b }), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').post(`/utils/sort/${tasks}`).send({ item: a, to: b }), 403, 'FORBIDDEN');
    expect(await order()).toEqual(['a', 'b', 'c']);
  });

  it('lets a role with update permission sort', async () => {
    const [a, , c] = await seed(['a', 'b', 'c'].map((name, i) => ({ name, sort: i + 1 })));
    const editor = await createUser(t, await createRole(t));
    await grant(t, editor.role, tasks, 'update');
    await t.as(editor.token).post(`/utils/sort/${tasks}`).send({ item: c, to: a }).expect(200);
    expect(await order()).toEqual(['c', 'a', 'b']);
  });

  it('is the GraphQL mutation utils_sort, answering true', async () => {
    const [a, b] = await seed(['a', 'b'].map((name, i) => ({ name, sort: i + 1 })));
    const res = await t
      .as('admin')
      .post('/graphql/system')
      .send({
        query: 'mutation ($c: String!, $i: ID!, $to: ID!) { utils_sort(collection: $c, item: $i, to: $to) }',
        variables: { c: tasks, i: a, to: b },
      });
    expect(res.body).toEqual({ data: { utils_sort: true } });
    expect(await order()).toEqual(['b', 'a']);
    const refused = await t
      .as('anonymous')
      .post('/graphql/system')
      .send({ query: `mutation { utils_sort(collection: "${tasks}", item: "${a}", to: "${b}") }` });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
