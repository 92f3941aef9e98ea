import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('GET /items sorted on a relational path', () => {
  let t: TestApp;
  let countries: string;
  let states: string;
  const names = async (query: string) => (await t.as('admin').get(`/items/${countries}?fields=name&${query}`)).body.data.map((c: { name: string }) => c.name);

  beforeAll(async () => {
    t = await createTestApp();
    countries = await createCollection(t, uniq('countries'), [{ field: 'name', type: 'string' }]);
    states = await createCollection(t, uniq('states'), [{ field: 'name', type: 'string' }, { field: 'country', type: 'integer' }]);
    await createRelation(t, states, 'country', countries, 'states');
    const made = await t.as('admin').post(`/items/${countries}`).send([
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

  it('refuses an unknown related field with INVALID_QUERY and an unreadable one with FORBIDDEN', async () => {
    await expectError(t.as('admin').get(`/items/${countries}?sort=states.nope`), 400, 'INVALID_QUERY');
    const role = await createRole(t);
    await grant(t, role, countries, 'read');
    await grant(t, role, states, 'read', { fields: ['id', 'country'] });
    const user = await createUser(t, role);
    await expectError(t.as(user.token).get(`/items/${countries}?sort=states.name`), 403, 'FORBIDDEN');
  });
});
