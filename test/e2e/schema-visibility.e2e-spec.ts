import { createPartlyReadableSchema } from '../factories/schema.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('collections, fields and relations as a non-admin reads them', () => {
  let t: TestApp;
  let authors: string;
  let posts: string;
  let secret: string;
  let editor: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    ({ authors, posts, secret, editor } = await createPartlyReadableSchema(t));
  });
  afterAll(() => t.close());

  it('lists only the collections with a read rule', async () => {
    const res = await t.as(editor.token).get('/collections').expect(200);
    expect(res.body.data.map((c: { collection: string }) => c.collection).sort()).toEqual([authors, posts].sort());
    await t.as(editor.token).get(`/collections/${posts}`).expect(200);
    await expectError(t.as(editor.token).get(`/collections/${secret}`), 403, 'FORBIDDEN');
  });

  it('lists only the fields the read rule allows', async () => {
    const res = await t.as(editor.token).get(`/fields/${posts}`).expect(200);
    expect(res.body.data.map((f: { field: string }) => f.field)).toEqual(['id', 'title', 'author']);
    await expectError(t.as(editor.token).get(`/fields/${posts}/body`), 403, 'FORBIDDEN');
    await expectError(t.as(editor.token).get(`/fields/${secret}`), 403, 'FORBIDDEN');
    const all = await t.as(editor.token).get('/fields').expect(200);
    expect(new Set(all.body.data.map((f: { collection: string }) => f.collection))).toEqual(new Set([posts, authors]));
  });

  it('lists the relations of readable fields', async () => {
    const res = await t.as(editor.token).get('/relations').expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ collection: posts, field: 'author', related_collection: authors })]);
    await t.as(editor.token).get(`/relations/${posts}/author`).expect(200);
  });

  it('refuses every change to a non-admin', async () => {
    await expectError(t.as(editor.token).post('/collections').send({ collection: uniq('x') }), 403, 'FORBIDDEN');
    await expectError(t.as(editor.token).patch(`/fields/${posts}/title`).send({ meta: { note: 'x' } }), 403, 'FORBIDDEN');
    await expectError(t.as(editor.token).delete(`/relations/${posts}/author`), 403, 'FORBIDDEN');
    await t.as('admin').get(`/relations/${posts}/author`).expect(200);
  });
});
