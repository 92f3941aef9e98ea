import { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source';
import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { dropRedisNamespace, TEST_REDIS } from '../helpers/redis-namespace';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** Long enough for a test to look twice within it, short enough to wait out once. */
/** Long, as in production: the test moves the apps' clock past it instead of waiting. */
const COUNT_TTL_MS = 5 * 60_000;

/** A statement on the test database from a connection of its own: a write made outside Vellum. */
async function outsideVellum(config: AppConfig, sql: string): Promise<void> {
  const other = await new DataSource(dataSourceOptions(config)).initialize();
  await other.query(sql);
  await other.destroy();
}

/**
 * issue 19: `meta` counts come from a cache that no write made through Vellum leaves stale, on either
 * of two instances sharing the database and Redis.
 */
describe('meta counts from the count cache', () => {
  let a: TestApp;
  let b: TestApp;
  const namespace = uniq('vellum_count');
  const c = { authors: uniq('authors'), posts: uniq('posts'), comments: uniq('comments') };

  /** filter_count and total_count of `collection` with `filter`, as `who` sees them on instance `t`. */
  async function counts(collection: string, filter: object, who = 'admin', t = a): Promise<[number, number]> {
    const res = await t
      .as(who)
      .get(`/items/${collection}`)
      .query({ filter: JSON.stringify(filter), sort: '-id', limit: 1, meta: 'filter_count,total_count' })
      .expect(200);
    return [res.body.meta.filter_count, res.body.meta.total_count];
  }
  const post = async (values: object) =>
    (await a.as('admin').post(`/items/${c.posts}`).send(values).expect(200)).body.data.id as number;
  const author = async (name: string) =>
    (await a.as('admin').post(`/items/${c.authors}`).send({ name }).expect(200)).body.data.id as number;

  beforeAll(async () => {
    const env = { REDIS: TEST_REDIS, CACHE_NAMESPACE: namespace, CACHE_COUNT_TTL: `${COUNT_TTL_MS}ms` };
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database, clock: a.clock });
    await createCollection(a, c.authors, [{ field: 'name', type: 'string' }]);
    await createCollection(
      a,
      c.posts,
      [
        { field: 'title', type: 'string' },
        { field: 'author', type: 'integer' },
      ],
      { versioning: true },
    );
    await createCollection(a, c.comments, [
      { field: 'body', type: 'string' },
      { field: 'post', type: 'integer' },
    ]);
    await createRelation(a, c.posts, 'author', c.authors, 'posts', 'SET NULL');
    await createRelation(a, c.comments, 'post', c.posts, 'comments', 'CASCADE');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropRedisNamespace(namespace);
  });

  it('follows creates, updates and deletes in the collection', async () => {
    const filter = { title: { _starts_with: 'crud' } };
    expect(await counts(c.posts, filter)).toEqual([0, 0]);
    const id = await post({ title: 'crud one' });
    await post({ title: 'other' });
    expect(await counts(c.posts, filter)).toEqual([1, 2]);
    await a.as('admin').patch(`/items/${c.posts}/${id}`).send({ title: 'renamed' }).expect(200);
    expect(await counts(c.posts, filter)).toEqual([0, 2]);
    await a
      .as('admin')
      .patch(`/items/${c.posts}`)
      .send({ query: { filter: { title: { _eq: 'renamed' } } }, data: { title: 'crud again' } })
      .expect(200);
    expect(await counts(c.posts, filter)).toEqual([1, 2]);
    await a.as('admin').delete(`/items/${c.posts}/${id}`).expect(204);
    expect(await counts(c.posts, filter)).toEqual([0, 1]);
  });

  it('follows writes in the collections a filter goes through, many-to-one and one-to-many', async () => {
    const ann = await author('Ann');
    const p = await post({ title: 'by ann', author: ann });
    const byAnn = { author: { name: { _eq: 'Ann' } } };
    const commented = { comments: { body: { _eq: 'first!' } } };
    const [before] = await counts(c.posts, byAnn);
    await a.as('admin').patch(`/items/${c.authors}/${ann}`).send({ name: 'Anne' }).expect(200);
    expect((await counts(c.posts, byAnn))[0]).toBe(before - 1);

    expect((await counts(c.posts, commented))[0]).toBe(0);
    await a.as('admin').post(`/items/${c.comments}`).send({ body: 'first!', post: p }).expect(200);
    expect((await counts(c.posts, commented))[0]).toBe(1);
    // A nested write through the one-to-many.
    await a
      .as('admin')
      .patch(`/items/${c.posts}/${await post({ title: 'nested' })}`)
      .send({ comments: [{ body: 'first!' }] })
      .expect(200);
    expect((await counts(c.posts, commented))[0]).toBe(2);
  });

  it('follows rows the database changes through ON DELETE CASCADE and SET NULL', async () => {
    const bob = await author('Bob');
    const p = await post({ title: 'doomed', author: bob });
    await a
      .as('admin')
      .post(`/items/${c.comments}`)
      .send([
        { body: 'c1', post: p },
        { body: 'c2', post: p },
      ])
      .expect(200);
    const ofPost = { post: { _eq: p } };
    const orphans = { author: { _null: true } };
    expect((await counts(c.comments, ofPost))[0]).toBe(2);
    const [orphansBefore] = await counts(c.posts, orphans);

    await a.as('admin').delete(`/items/${c.authors}/${bob}`).expect(204);
    expect((await counts(c.posts, orphans))[0]).toBe(orphansBefore + 1);
    const [, commentsBefore] = await counts(c.comments, ofPost);
    await a.as('admin').delete(`/items/${c.posts}/${p}`).expect(204);
    expect(await counts(c.comments, ofPost)).toEqual([0, commentsBefore - 2]);
  });

  it('follows an import', async () => {
    const filter = { title: { _starts_with: 'imported' } };
    expect((await counts(c.posts, filter))[0]).toBe(0);
    const rows = JSON.stringify([{ title: 'imported 1' }, { title: 'imported 2' }]);
    await a
      .as('admin')
      .post(`/utils/import/${c.posts}`)
      .attach('file', Buffer.from(rows), { filename: 'rows.json', contentType: 'application/json' })
      .expect(200);
    expect((await counts(c.posts, filter))[0]).toBe(2);
  });

  it('follows a version promoted', async () => {
    const id = await post({ title: 'draft me' });
    const filter = { title: { _eq: 'promoted' } };
    expect((await counts(c.posts, filter))[0]).toBe(0);
    const version = (
      await a
        .as('admin')
        .post('/versions')
        .send({ key: uniq('v'), collection: c.posts, item: String(id) })
        .expect(200)
    ).body.data;
    await a.as('admin').post(`/versions/${version.id}/save`).send({ title: 'promoted' }).expect(200);
    const { mainHash } = (await a.as('admin').get(`/versions/${version.id}/compare`).expect(200)).body.data;
    await a.as('admin').post(`/versions/${version.id}/promote`).send({ mainHash }).expect(200);
    expect((await counts(c.posts, filter))[0]).toBe(1);
  });

  it('follows a change of the permission filter', async () => {
    const role = await createRole(a);
    const permission = await grant(a, role, c.posts, 'read', { permissions: { title: { _eq: 'visible' } } });
    const user = await createUser(a, role);
    await post({ title: 'visible' });
    const [, visible] = await counts(c.posts, {}, user.token);
    expect(visible).toBeGreaterThan(0);
    await a
      .as('admin')
      .patch(`/permissions/${permission}`)
      .send({ permissions: { title: { _eq: 'nothing has this title' } } })
      .expect(200);
    expect(await counts(c.posts, {}, user.token)).toEqual([0, 0]);
  });

  it('follows a write made through another instance', async () => {
    const filter = { title: { _eq: 'from b' } };
    expect((await counts(c.posts, filter))[0]).toBe(0);
    expect((await counts(c.posts, filter, 'admin', b))[0]).toBe(0);
    await b.as('admin').post(`/items/${c.posts}`).send({ title: 'from b' }).expect(200);
    expect((await counts(c.posts, filter))[0]).toBe(1);
    await a.as('admin').delete(`/items/${c.posts}`).send({ query: { filter } }).expect(204);
    expect((await counts(c.posts, filter, 'admin', b))[0]).toBe(0);
  });

  it('serves a count from the cache: a write made outside Vellum is seen after CACHE_COUNT_TTL', async () => {
    const filter = { title: { _eq: 'outside' } };
    expect((await counts(c.posts, filter))[0]).toBe(0);
    await outsideVellum(a.config, `INSERT INTO ${c.posts} (title) VALUES ('outside')`);
    expect((await counts(c.posts, filter))[0]).toBe(0);
    a.clock.advance(COUNT_TTL_MS);
    expect((await counts(c.posts, filter))[0]).toBe(1);
  });
});
