import { createCollection, createRelation } from '../factories/collection.factory';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('MAX_BATCH_MUTATION', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_BATCH_MUTATION: '3' } });
    await createCollection(t, 'tags', [{ field: 'name', type: 'string' }]);
    await createCollection(t, 'countries', [{ field: 'name', type: 'string' }]);
    await createCollection(t, 'states', [
      { field: 'name', type: 'string' },
      { field: 'country', type: 'integer' },
    ]);
    await createRelation(t, 'states', 'country', 'countries', 'states');
  });
  afterAll(() => t.close());

  const refused = (res: { status: number; body: { errors: { message: string; extensions: { code: string } }[] } }) => {
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: 'Invalid payload. Exceeded max batch mutation limit of 3.',
      extensions: { code: 'INVALID_PAYLOAD' },
    });
  };

  it('refuses a create, update or delete of more items than the limit, and changes nothing', async () => {
    refused(
      await t
        .as('admin')
        .post('/items/tags')
        .send([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }]),
    );
    expect((await t.as('admin').get('/items/tags?aggregate[count]=*')).body.data[0].count).toBe(0);
    const keys = (
      await t
        .as('admin')
        .post('/items/tags')
        .send([{ name: 'a' }, { name: 'b' }, { name: 'c' }])
        .expect(200)
    ).body.data.map((tag: { id: number }) => tag.id);
    await t.as('admin').post('/items/tags').send({ name: 'd' }).expect(200);
    const all = [...keys, keys[2] + 1];
    refused(
      await t
        .as('admin')
        .patch('/items/tags')
        .send({ keys: all, data: { name: 'x' } }),
    );
    refused(await t.as('admin').delete('/items/tags').send(all));
    const names = (await t.as('admin').get('/items/tags?sort=id')).body.data.map((tag: { name: string }) => tag.name);
    expect(names).toEqual(['a', 'b', 'c', 'd']);
  });

  const count = async (collection: string) =>
    (await t.as('admin').get(`/items/${collection}?aggregate[count]=*`)).body.data[0].count;

  it('refuses a batch update of more items than the limit, and changes nothing', async () => {
    const keys = (
      await t
        .as('admin')
        .post('/items/states')
        .send([{ name: 'a' }, { name: 'b' }])
        .expect(200)
    ).body.data.map((s: { id: number }) => s.id);
    const more = (
      await t
        .as('admin')
        .post('/items/states')
        .send([{ name: 'c' }, { name: 'd' }])
        .expect(200)
    ).body.data.map((s: { id: number }) => s.id);
    refused(
      await t
        .as('admin')
        .patch('/items/states')
        .send([...keys, ...more].map((id) => ({ id, name: 'x' }))),
    );
    expect((await t.as('admin').get(`/items/states?filter[name][_eq]=x`)).body.data).toEqual([]);
  });

  it('counts every nested create and update of a batch update toward the limit', async () => {
    const [s1, s2] = (
      await t
        .as('admin')
        .post('/items/states')
        .send([{ name: 's1' }, { name: 's2', country: { name: 'old' } }])
        .expect(200)
    ).body.data;
    const countries = await count('countries');
    const over = [
      { id: s1.id, country: { name: 'new' } },
      { id: s2.id, country: { id: s2.country, name: 'renamed' } },
    ];
    refused(await t.as('admin').patch('/items/states').send(over));
    expect(await count('countries')).toBe(countries);
    expect((await t.as('admin').get(`/items/countries/${s2.country}`)).body.data.name).toBe('old');
    const within = [
      { id: s1.id, country: { name: 'new' } },
      { id: s2.id, name: 'renamed' },
    ];
    const res = await t.as('admin').patch('/items/states?fields=name,country.name').send(within).expect(200);
    expect(res.body.data).toEqual([
      { name: 's1', country: { name: 'new' } },
      { name: 'renamed', country: { name: 'old' } },
    ]);
  });

  it('counts the nested one-to-many creates of a single create toward the limit', async () => {
    const countries = await count('countries');
    const states = await count('states');
    refused(
      await t
        .as('admin')
        .post('/items/countries')
        .send({ name: 'big', states: [{ name: '1' }, { name: '2' }, { name: '3' }] }),
    );
    expect([await count('countries'), await count('states')]).toEqual([countries, states]);
    const res = await t
      .as('admin')
      .post('/items/countries?fields=name,states.name')
      .send({ name: 'small', states: [{ name: '1' }, { name: '2' }] })
      .expect(200);
    expect(res.body.data).toEqual({ name: 'small', states: [{ name: '1' }, { name: '2' }] });
  });
});
