import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('GET /items sorted on a relational path', () => {
  let t: TestApp;
  let countries: string;
  let states: string;
  const names = async (query: string) =>
    (await t.as('admin').get(`/items/${countries}?fields=name&${query}`)).body.data.map(
      (c: { name: string }) => c.name,
    );

  beforeAll(async () => {
    t = await createTestApp();
    countries = await createCollection(t, uniq('countries'), [{ field: 'name', type: 'string' }]);
    states = await createCollection(t, uniq('states'), [
      { field: 'name', type: 'string' },
      { field: 'country', type: 'integer' },
    ]);
    await createRelation(t, states, 'country', countries, 'states');
    const made = await t
      .as('admin')
      .post(`/items/${countries}`)
      .send([
        { name: 'Middle', states: [{ name: 'Kansas' }, { name: 'Bavaria' }] },
        { name: 'Low', states: [{ name: 'Alabama' }, { name: 'Delaware' }] },
        { name: 'High', states: [{ name: 'Yukon' }, { name: 'Maine' }] },
      ]);
    expect(made.status).toBe(200);
  });
  afterAll(() => t.close());

  it('sorts on a one-to-many path by the smallest related value ascending and the largest descending', async () => {
    expect(await names('sort=states.name')).toEqual(['Low', 'Middle', 'High']);
    expect(await names('sort=-states.name')).toEqual(['High', 'Middle', 'Low']);
  });

  it('sorts the many side on a many-to-one path, as before', async () => {
    const res = await t.as('admin').get(`/items/${states}?fields=name&sort=-country.name,name&limit=3`);
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(['Bavaria', 'Kansas', 'Alabama']);
  });

  it('sorts on a one-to-many path ending on a UUID, a boolean or a JSON field (no MIN/MAX of them on PostgreSQL)', async () => {
    const owners = await createCollection(t, uniq('owners'), [{ field: 'name', type: 'string' }]);
    const tokens = await createCollection(t, uniq('tokens'), [
      { field: 'code', type: 'uuid' },
      { field: 'active', type: 'boolean' },
      { field: 'data', type: 'json' },
      { field: 'owner', type: 'integer' },
    ]);
    await createRelation(t, tokens, 'owner', owners, 'tokens');
    const made = await t
      .as('admin')
      .post(`/items/${owners}`)
      .send([
        { name: 'B', tokens: [{ code: 'bbbbbbbb-0000-4000-8000-000000000000', active: true, data: { n: 2 } }] },
        { name: 'A', tokens: [{ code: 'aaaaaaaa-0000-4000-8000-000000000000', active: false, data: { n: 1 } }] },
      ]);
    expect(made.status).toBe(200);
    const sorted = async (sort: string) =>
      (await t.as('admin').get(`/items/${owners}?fields=name&sort=${sort}`).expect(200)).body.data.map(
        (o: { name: string }) => o.name,
      );
    expect(await sorted('tokens.code')).toEqual(['A', 'B']);
    expect(await sorted('-tokens.code')).toEqual(['B', 'A']);
    expect(await sorted('tokens.active')).toEqual(['A', 'B']);
    expect(await sorted('-tokens.data,name')).toHaveLength(2);
  });

  it('refuses an unknown related field with INVALID_QUERY and an unreadable one with FORBIDDEN', async () => {
    await expectError(t.as('admin').get(`/items/${countries}?sort=states.nope`), 400, 'INVALID_QUERY');
    const role = await createRole(t);
    await grant(t, role, countries, 'read');
    await grant(t, role, states, 'read', { fields: ['id', 'country'] });
    const user = await createUser(t, role);
    await expectError(t.as(user.token).get(`/items/${countries}?sort=states.name`), 403, 'FORBIDDEN');
  });
});
