import { createCollection } from '../factories/collection.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/**
 * Schema changes while other requests read and write (seen on PostgreSQL: "deadlock detected" from the
 * schema overview's reload answered 500). Every answer is a success or, when the database gave up on
 * a statement for a concurrent one, 503 SERVICE_UNAVAILABLE with Retry-After: never a 500.
 */
describe('schema changes under concurrent reads and writes', () => {
  let t: TestApp;
  let collection: string;

  beforeAll(async () => {
    t = await createTestApp();
    collection = await createCollection(t, uniq('busy'), [{ field: 'title', type: 'string' }]);
  });
  afterAll(() => t.close());

  it('answers every request with a success or a 503 to retry, and keeps every field it created', async () => {
    const created = Array.from({ length: 6 }, (_, i) => `extra_${i}`);
    const schemaChanges = created.map((field) =>
      t.as('admin').post(`/fields/${collection}`).send({ field, type: 'integer' }),
    );
    const traffic = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? t
            .as('admin')
            .post(`/items/${collection}`)
            .send({ title: `t${i}` })
        : t.as('admin').get(`/items/${collection}?limit=5`),
    );
    const answers = await Promise.all([...schemaChanges, ...traffic]);
    expect(answers.filter((res) => res.status >= 500 && res.status !== 503).map((res) => res.body)).toEqual([]);
    for (const res of answers.filter((answer) => answer.status === 503)) {
      expect({ code: res.body.errors[0].extensions.code, retryAfter: res.headers['retry-after'] }).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        retryAfter: '1',
      });
    }
    const fields = await t.as('admin').get(`/fields/${collection}`).expect(200);
    const names = fields.body.data.map((f: { field: string }) => f.field);
    const accepted = created.filter((_, i) => answers[i].status === 200);
    expect(names).toEqual(expect.arrayContaining(accepted));
  });
});
