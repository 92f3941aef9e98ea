import { createCollection } from '../factories/collection.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** A write that fails must take only its own changes with it, however requests interleave. */
describe('concurrent writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps every successful batch while failing batches roll back beside them', async () => {
    const c = await createCollection(t, uniq('notes'), [
      { field: 'title', type: 'string', schema: { is_unique: true } },
    ]);
    expect((await t.as('admin').post(`/items/${c}`).send({ title: 'taken' })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t
          .as('admin')
          .post(`/items/${c}`)
          .send(i % 2 === 0 ? [{ title: `a${i}` }, { title: `b${i}` }] : [{ title: `c${i}` }, { title: 'taken' }]),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 200 : 400)));
    const res = await t.as('admin').get(`/items/${c}?limit=-1&fields=title&sort=title`);
    const expected = [...Array.from({ length: 15 }, (_, k) => [`a${k * 2}`, `b${k * 2}`]).flat(), 'taken'].sort();
    expect(res.body.data.map((r: { title: string }) => r.title)).toEqual(expected);
  });
});
