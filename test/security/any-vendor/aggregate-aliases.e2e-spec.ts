import { createCollection, createRelation } from '../../factories/collection.factory';
import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { uniq } from '../../helpers/uniq';

/**
 * A relational alias (a one-to-many such as a role's `users`, a user's `policies`) has no column: it can
 * be neither grouped by nor aggregated. The query is refused as malformed instead of failing in the database.
 */
describe('aggregates and groups of alias fields', () => {
  let t: TestApp;
  let authors: string;
  beforeAll(async () => {
    t = await createTestApp();
    authors = await createCollection(t, uniq('authors'), [{ field: 'name', type: 'string' }]);
    const posts = await createCollection(t, uniq('posts'), [{ field: 'author', type: 'integer' }]);
    await t
      .as('admin')
      .post(`/fields/${authors}`)
      .send({ field: 'posts', type: 'alias', meta: { special: ['o2m'] } })
      .expect(200);
    await createRelation(t, posts, 'author', authors, 'posts');
    await t.as('admin').get(`/items/${authors}?fields=posts`).expect(200);
  });
  afterAll(() => t.close());

  it.each([
    ['/users?aggregate[countDistinct]=policies'],
    ['/roles?aggregate[count]=children'],
    ['/roles?aggregate[sum]=users'],
    ['/policies?aggregate[countDistinct]=permissions'],
    ['/roles?groupBy[]=policies&aggregate[count]=*'],
  ])('refuses %s with 400', async (url) => {
    await expectError(t.as('admin').get(url), 400, 'INVALID_QUERY');
  });

  it('refuses them on a collection of the data model too, and still counts its rows', async () => {
    await expectError(t.as('admin').get(`/items/${authors}?aggregate[count]=posts`), 400, 'INVALID_QUERY');
    await expectError(t.as('admin').get(`/items/${authors}?groupBy[]=posts`), 400, 'INVALID_QUERY');
    await t.as('admin').get(`/items/${authors}?aggregate[count]=*`).expect(200);
  });
});
