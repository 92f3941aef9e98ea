import { createCollection } from '../factories/collection.factory';
import { watchLockWaits } from '../helpers/lock-waits';
import { createTestApp, TestApp } from '../helpers/test-app';
import { schemaLockHolder } from '../helpers/schema-lock-holder';
import { uniq } from '../helpers/uniq';

describe('schema changes hold one lock per database', () => {
  let t: TestApp;
  let collection: string;
  beforeAll(async () => {
    t = await createTestApp();
    collection = await createCollection(t, uniq('locked'), [{ field: 'title', type: 'string' }]);
  });
  afterAll(() => t.close());

  const holder = schemaLockHolder();
  if (holder) {
    it('waits for a change another instance holds the lock for, while reads and item writes go on', async () => {
      const other = await holder(t.database.env);
      let settled = false;
      const change = t
        .as('admin')
        .post(`/fields/${collection}`)
        .send({ field: 'waited', type: 'integer' })
        .then((res) => ((settled = true), res));
      await watchLockWaits(t).reached('the change waits for the schema lock');
      expect(settled).toBe(false);
      await t.as('admin').post(`/items/${collection}`).send({ title: 'meanwhile' }).expect(200);
      await t.as('admin').get(`/items/${collection}?filter[title][_eq]=meanwhile`).expect(200);
      await other.release();
      expect((await change).status).toBe(200);
      await t.as('admin').get(`/fields/${collection}/waited`).expect(200);
    });
  } else {
    it('runs concurrent changes one after the other on the one connection of the file', async () => {
      const answers = await Promise.all(
        ['a1', 'a2', 'a3'].map((field) => t.as('admin').post(`/fields/${collection}`).send({ field, type: 'integer' })),
      );
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    });
  }
});
