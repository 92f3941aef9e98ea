import { createCollection } from '../factories/collection.factory';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('MAX_BATCH_MUTATION', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_BATCH_MUTATION: '3' } });
    await createCollection(t, 'tags', [{ field: 'name', type: 'string' }]);
  });
  afterAll(() => t.close());

  const refused = (res: { status: number; body: { errors: { message: string; extensions: { code: string } }[] } }) => {
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ message: 'Invalid payload. Exceeded max batch mutation limit of 3.', extensions: { code: 'INVALID_PAYLOAD' } });
  };

  it('refuses a create, update or delete of more items than the limit, and changes nothing', async () => {
    refused(await t.as('admin').post('/items/tags').send([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }]));
    expect((await t.as('admin').get('/items/tags?aggregate[count]=*')).body.data[0].count).toBe(0);
    const keys = (await t.as('admin').post('/items/tags').send([{ name: 'a' }, { name: 'b' }, { name: 'c' }]).expect(200)).body.data.map((tag: { id: number }) => tag.id);
    await t.as('admin').post('/items/tags').send({ name: 'd' }).expect(200);
    const all = [...keys, keys[2] + 1];
    refused(await t.as('admin').patch('/items/tags').send({ keys: all, data: { name: 'x' } }));
    refused(await t.as('admin').delete('/items/tags').send(all));
    const names = (await t.as('admin').get('/items/tags?sort=id')).body.data.map((tag: { name: string }) => tag.name);
    expect(names).toEqual(['a', 'b', 'c', 'd']);
  });
});
