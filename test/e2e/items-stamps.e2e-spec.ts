import { createCollection } from '../factories/collection.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/**
 * The creation and update stamps (`date-created`, `user-created`, `date-updated`, `user-updated`), as
 * the reference fills them: a new item has its creation stamps and no update stamps until it is updated.
 */
describe('stamps on items', () => {
  let t: TestApp;
  let notes: string;

  beforeAll(async () => {
    t = await createTestApp();
    notes = await createCollection(t, uniq('notes'), [
      { field: 'title', type: 'string' },
      { field: 'date_created', type: 'timestamp', meta: { special: ['date-created'] } },
      { field: 'user_created', type: 'uuid', meta: { special: ['user-created'] } },
      { field: 'date_updated', type: 'timestamp', meta: { special: ['date-updated'] } },
      { field: 'user_updated', type: 'uuid', meta: { special: ['user-updated'] } },
    ]);
  });
  afterAll(() => t.close());

  it('leaves the update stamps empty on create and fills them on the first update', async () => {
    const created = await t.as('admin').post(`/items/${notes}`).send({ title: 'New' });
    expect(created.status).toBe(200);
    const admin = created.body.data.user_created as string;
    expect(admin).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.data).toMatchObject({
      date_created: expect.any(String),
      date_updated: null,
      user_updated: null,
    });
    const many = await t
      .as('admin')
      .post(`/items/${notes}?fields=date_updated,user_updated`)
      .send([{ title: 'a' }, { title: 'b' }]);
    expect(many.body.data).toEqual([
      { date_updated: null, user_updated: null },
      { date_updated: null, user_updated: null },
    ]);
    const updated = await t.as('admin').patch(`/items/${notes}/${created.body.data.id}`).send({ title: 'Changed' });
    expect(updated.body.data).toMatchObject({ user_updated: admin, date_updated: expect.any(String) });
    expect(Date.parse(updated.body.data.date_updated)).toBeGreaterThanOrEqual(
      Date.parse(created.body.data.date_created) - 1000,
    );
  });
});
