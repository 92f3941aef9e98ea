import { createCollection, createRelation } from '../factories/collection.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('scratch', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t.close());
  it('probe', async () => {
    const admin = () => t.as('admin');
    const articles = await createCollection(t, uniq('articles'), [{ field: 'title', type: 'string', meta: { required: true } }, { field: 'author', type: 'integer' }], { versioning: true });
    const authors = await createCollection(t, uniq('authors'), [{ field: 'name', type: 'string' }]);
    await createRelation(t, articles, 'author', authors);
    const a = (await admin().post(`/items/${articles}`).send({ title: 'T', author: { name: 'Ann' } })).body.data;
    const v = (await admin().post('/versions').send({ key: 'draft2', name: 'd', collection: articles, item: String(a.id) })).body.data.id;
    console.log(JSON.stringify((await admin().post(`/versions/${v}/save`).send({ title: 'Changed' })).body));
    for (const f of ['*,author.*', '*.*', 'title,author.name']) console.log(f, JSON.stringify((await admin().get(`/items/${articles}/${a.id}?version=draft2&fields=${f}`)).body));
    const r = await admin().post(`/versions/${v}/save`).send({ title: null });
    console.log('null save', r.status, JSON.stringify(r.body));
    console.log(JSON.stringify((await admin().get(`/items/${articles}/${a.id}?version=draft2&fields=*,author.*`)).body));
    console.log(JSON.stringify((await admin().get(`/items/${articles}?version=draft2&fields=*,author.*`)).body));
  });
});
