import { DataSource } from 'typeorm';
import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** POST /utils/revert/:revision and GraphQL's utils_revert (API.md 2): an item gets a revision's data back. */
describe('POST /utils/revert/:revision', () => {
  let t: TestApp;
  let articles: string;

  beforeAll(async () => {
    t = await createTestApp();
    articles = await createCollection(t, uniq('articles'), [
      { field: 'title', type: 'string' },
      { field: 'views', type: 'integer' },
    ]);
  });
  afterAll(() => t.close());

  /** An article written, then changed: answers its key and the revision of the first update. */
  async function changedArticle(): Promise<{ id: number; revision: number }> {
    const id = (await t.as('admin').post(`/items/${articles}`).send({ title: 'First', views: 1 })).body.data
      .id as number;
    await t.as('admin').patch(`/items/${articles}/${id}`).send({ title: 'Second', views: 2 }).expect(200);
    await t.as('admin').patch(`/items/${articles}/${id}`).send({ title: 'Third' }).expect(200);
    const revisions = await t
      .as('admin')
      .get(`/revisions?filter[collection][_eq]=${articles}&filter[item][_eq]=${id}&sort=id&fields=id,data`);
    expect(revisions.body.data.map((r: { data: { title: string } }) => r.data.title)).toEqual([
      'First',
      'Second',
      'Third',
    ]);
    return { id, revision: revisions.body.data[1].id };
  }

  it("restores the item to the revision's data, recorded as an update", async () => {
    const { id, revision } = await changedArticle();
    const res = await t.as('admin').post(`/utils/revert/${revision}`);
    expect(res.status).toBe(204);
    expect((await t.as('admin').get(`/items/${articles}/${id}?fields=id,title,views`)).body.data).toEqual({
      id,
      title: 'Second',
      views: 2,
    });
    const last = await t
      .as('admin')
      .get(`/activity?filter[collection][_eq]=${articles}&filter[item][_eq]=${id}&sort=-id&limit=1&fields=action`);
    expect(last.body.data).toEqual([{ action: 'update' }]);
  });

  it('reverts over GraphQL too', async () => {
    const { id, revision } = await changedArticle();
    const res = await t
      .as('admin')
      .post('/graphql/system')
      .send({ query: 'mutation($r: ID!) { utils_revert(revision: $r) }', variables: { r: revision } });
    expect(res.body).toEqual({ data: { utils_revert: true } });
    expect((await t.as('admin').get(`/items/${articles}/${id}?fields=title`)).body.data.title).toBe('Second');
  });

  it('answers an unknown revision with 403, and one the caller may not update the item of with 403, changing nothing', async () => {
    await expectError(t.as('admin').post('/utils/revert/987654321'), 403, 'FORBIDDEN');
    const { id, revision } = await changedArticle();
    const role = await createRole(t);
    await grant(t, role, 'svc_revisions', 'read');
    await grant(t, role, articles, 'read');
    const reader = await createUser(t, role);
    await expectError(t.as(reader.token).post(`/utils/revert/${revision}`), 403, 'FORBIDDEN');
    const gql = await t
      .as(reader.token)
      .post('/graphql/system')
      .send({ query: `mutation { utils_revert(revision: "${revision}") }` });
    expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.as('admin').get(`/items/${articles}/${id}?fields=title`)).body.data.title).toBe('Third');
    await grant(t, role, articles, 'update');
    expect((await t.as(reader.token).post(`/utils/revert/${revision}`)).status).toBe(204);
    expect((await t.as('admin').get(`/items/${articles}/${id}?fields=title`)).body.data.title).toBe('Second');
  });

  it("leaves a hashed field as it is: its revision's hash would be hashed again", async () => {
    const vault = await createCollection(t, uniq('vault'), [
      { field: 'title', type: 'string' },
      { field: 'secret', type: 'hash' },
    ]);
    const id = (await t.as('admin').post(`/items/${vault}`).send({ title: 'Before', secret: 'first-secret' })).body.data
      .id;
    await t.as('admin').patch(`/items/${vault}/${id}`).send({ title: 'After' }).expect(200);
    const revisions = await t
      .as('admin')
      .get(`/revisions?filter[collection][_eq]=${vault}&filter[item][_eq]=${id}&sort=id&fields=id,data`);
    expect(revisions.body.data[0].data).toMatchObject({ title: 'Before', secret: '**********' });
    expect((await t.as('admin').post(`/utils/revert/${revisions.body.data[0].id}`)).status).toBe(204);
    expect((await t.as('admin').get(`/items/${vault}/${id}?fields=title`)).body.data.title).toBe('Before');
    const [{ secret }] = await t.app
      .get(DataSource)
      .query(`SELECT secret FROM ${t.app.get(DataSource).driver.escape(vault)}`);
    expect(
      (await t.as('admin').post('/utils/hash/verify').send({ string: 'first-secret', hash: secret })).body.data,
    ).toBe(true);
  });

  it("refuses to revert a user: users' writes keep rules of their own (the last admin stays, sessions end)", async () => {
    const role = await createRole(t);
    await grant(t, role, 'svc_users', 'read');
    await grant(t, role, 'svc_users', 'update', { fields: ['first_name'] });
    await grant(t, role, 'svc_revisions', 'read');
    const user = await createUser(t, role);
    await t.as(user.token).patch(`/users/${user.id}`).send({ first_name: 'Before' }).expect(200);
    await t.as(user.token).patch(`/users/${user.id}`).send({ first_name: 'After' }).expect(200);
    const revisions = await t
      .as('admin')
      .get(`/revisions?filter[collection][_eq]=svc_users&filter[item][_eq]=${user.id}&sort=id&fields=id,data`);
    const before = revisions.body.data.find((r: { data: { first_name?: string } }) => r.data.first_name === 'Before');
    expect(before).toBeDefined();
    await expectError(t.as('admin').post(`/utils/revert/${before.id}`), 400, 'INVALID_PAYLOAD');
    expect((await t.as('admin').get(`/users/${user.id}?fields=first_name`)).body.data.first_name).toBe('After');
  });
});
