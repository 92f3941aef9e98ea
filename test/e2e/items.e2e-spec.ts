import { ItemsFactory } from '../../src/modules/items/items.factory';
import { createCollection } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('/items/:collection', () => {
  let t: TestApp;
  let articles: string;

  beforeAll(async () => {
    t = await createTestApp();
    articles = await createCollection(t, uniq('articles'), [
      { field: 'title', type: 'string', schema: { max_length: 20 } },
      { field: 'body', type: 'text' },
      { field: 'views', type: 'integer', schema: { default_value: 0 } },
      { field: 'rating', type: 'float' },
      { field: 'published', type: 'boolean', schema: { default_value: false } },
      { field: 'tags', type: 'json' },
      { field: 'labels', type: 'csv', meta: { special: ['cast-csv'] } },
      { field: 'day', type: 'date' },
      { field: 'at', type: 'dateTime' },
      { field: 'stamp', type: 'timestamp' },
      { field: 'slug', type: 'string', schema: { is_unique: true } },
      { field: 'date_created', type: 'timestamp', meta: { special: ['date-created'] } },
      { field: 'user_created', type: 'uuid', meta: { special: ['user-created'] } },
    ]);
  });
  afterAll(() => t.close());

  it('creates one item and answers it with the same types on every vendor', async () => {
    const res = await t
      .as('admin')
      .post(`/items/${articles}`)
      .send({
        title: 'Hello',
        published: true,
        tags: ['a', { b: 1 }],
        labels: ['x', 'y'],
        rating: 4.5,
        day: '2024-02-03',
        at: '2024-02-03T10:20:30',
        stamp: '2024-02-03T10:20:30.000Z',
      });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: expect.any(Number),
      title: 'Hello',
      body: null,
      views: 0,
      rating: 4.5,
      published: true,
      tags: ['a', { b: 1 }],
      labels: ['x', 'y'],
      day: '2024-02-03',
      at: '2024-02-03T10:20:30',
      stamp: '2024-02-03T10:20:30.000Z',
    });
    expect(res.body.data.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body.data.user_created).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('creates many items from an array and reads them back with the caller fields', async () => {
    const res = await t
      .as('admin')
      .post(`/items/${articles}?fields=title`)
      .send([{ title: 'one' }, { title: 'two' }]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ title: 'one' }, { title: 'two' }]);
  });

  it('accepts an explicit auto-increment key and keeps numbering after it', async () => {
    const c = await createCollection(t, uniq('keys'), [{ field: 'title', type: 'string' }]);
    await t.as('admin').post(`/items/${c}`).send({ id: 50, title: 'explicit' });
    const next = await t.as('admin').post(`/items/${c}`).send({ title: 'generated' });
    expect(next.status).toBe(200);
    expect(next.body.data.id).toBe(51);
  });

  it('upserts through the service: existing keys are updated, others created', async () => {
    const c = await createCollection(t, uniq('upsert'), [{ field: 'title', type: 'string' }]);
    const first = (await t.as('admin').post(`/items/${c}`).send({ title: 'old' })).body.data.id;
    const service = t.app.get(ItemsFactory).for(c, null);
    const keys = await service.upsertMany([{ id: first, title: 'new' }, { title: 'added' }]);
    expect(keys[0]).toBe(first);
    expect((await t.as('admin').get(`/items/${c}?fields=title&sort=id`)).body.data).toEqual([
      { title: 'new' },
      { title: 'added' },
    ]);
  });

  it('reads one item and answers a missing one with 403', async () => {
    const created = await t.as('admin').post(`/items/${articles}`).send({ title: 'readme' });
    const res = await t.as('admin').get(`/items/${articles}/${created.body.data.id}?fields=id,title`);
    expect(res.body).toEqual({ data: { id: created.body.data.id, title: 'readme' } });
    await expectError(t.as('admin').get(`/items/${articles}/999999`), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get(`/items/${articles}/not-a-number`), 403, 'FORBIDDEN');
  });

  it('lists with meta only when asked', async () => {
    const plain = await t.as('admin').get(`/items/${articles}`);
    expect(plain.body.meta).toBeUndefined();
    const res = await t.as('admin').get(`/items/${articles}?meta=*&filter[title][_eq]=readme&limit=1`);
    expect(res.body.meta).toEqual({ total_count: expect.any(Number), filter_count: 1 });
    expect(res.body.meta.total_count).toBeGreaterThan(1);
  });

  it('updates one, many by keys, many by query and many as an array', async () => {
    const made = await t
      .as('admin')
      .post(`/items/${articles}`)
      .send([{ title: 'u1' }, { title: 'u2' }, { title: 'u3' }]);
    const [a, b, c] = made.body.data.map((i: { id: number }) => i.id);
    expect((await t.as('admin').patch(`/items/${articles}/${a}`).send({ views: 5 })).body.data).toMatchObject({
      id: a,
      views: 5,
    });
    const byKeys = await t
      .as('admin')
      .patch(`/items/${articles}?fields=id,views`)
      .send({ keys: [a, b], data: { views: 7 } });
    expect(byKeys.body.data).toEqual([
      { id: a, views: 7 },
      { id: b, views: 7 },
    ]);
    const byQuery = await t
      .as('admin')
      .patch(`/items/${articles}?fields=id,body`)
      .send({ query: { filter: { title: { _eq: 'u3' } } }, data: { body: 'q' } });
    expect(byQuery.body.data).toEqual([{ id: c, body: 'q' }]);
    const batch = await t
      .as('admin')
      .patch(`/items/${articles}?fields=id,title`)
      .send([
        { id: a, title: 'A' },
        { id: b, title: 'B' },
      ]);
    expect(batch.body.data).toEqual([
      { id: a, title: 'A' },
      { id: b, title: 'B' },
    ]);
    await expectError(
      t
        .as('admin')
        .patch(`/items/${articles}`)
        .send({ keys: [a] }),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(t.as('admin').patch(`/items/${articles}/999999`).send({ views: 1 }), 403, 'FORBIDDEN');
  });

  it('ignores keys that are not fields and the primary key of an update, as the reference does', async () => {
    const made = await t.as('admin').post(`/items/${articles}`).send({ title: 'k1', nope: 1 });
    expect(made.status).toBe(200);
    expect(made.body.data).not.toHaveProperty('nope');
    const id = made.body.data.id;
    const updated = await t
      .as('admin')
      .patch(`/items/${articles}/${id}`)
      .send({ ...made.body.data, id: 999999, title: 'k2', nope: 2 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, title: 'k2' });
    await expectError(t.as('admin').get(`/items/${articles}/999999`), 403, 'FORBIDDEN');
  });

  it('takes payload keys named after other Object members (toString) for unknown keys, not for fields', async () => {
    const made = await t
      .as('admin')
      .post(`/items/${articles}`)
      .send(JSON.parse('{"title":"proto","toString":"x","hasOwnProperty":{"polluted":1}}'));
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ title: 'proto' });
    expect(made.body.data).not.toHaveProperty('toString', 'x');
    const updated = await t
      .as('admin')
      .patch(`/items/${articles}/${made.body.data.id}`)
      .send(JSON.parse('{"title":"proto2","valueOf":"x"}'));
    expect(updated.body.data).toMatchObject({ title: 'proto2' });
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses payload keys that lead to a prototype (constructor, __proto__, prototype)', async () => {
    for (const body of [
      '{"title":"proto","constructor":{"polluted":1}}',
      '{"title":"proto","__proto__":{"polluted":1}}',
      '{"title":"proto","prototype":"x"}',
    ]) {
      await expectError(t.as('admin').post(`/items/${articles}`).send(JSON.parse(body)), 400, 'INVALID_PAYLOAD');
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses a write whose read-back query is invalid before writing anything', async () => {
    const count = async () =>
      Number((await t.as('admin').get(`/items/${articles}?aggregate[count]=*`)).body.data[0].count);
    const before = await count();
    await expectError(t.as('admin').post(`/items/${articles}?fields=nope`).send({ title: 'never' }), 403, 'FORBIDDEN');
    await expectError(
      t
        .as('admin')
        .post(`/items/${articles}?sort=nope`)
        .send([{ title: 'never' }]),
      400,
      'INVALID_QUERY',
    );
    const made = (await t.as('admin').post(`/items/${articles}`).send({ title: 'kept' })).body.data;
    await expectError(
      t.as('admin').patch(`/items/${articles}/${made.id}?filter[nope][_eq]=1`).send({ title: 'changed' }),
      400,
      'INVALID_QUERY',
    );
    await expectError(
      t
        .as('admin')
        .patch(`/items/${articles}?fields=nope`)
        .send({ keys: [made.id], data: { title: 'changed' } }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t.as('admin').patch(`/items/${articles}/${made.id}?groupBy=`).send({ title: 'changed' }),
      400,
      'INVALID_QUERY',
    );
    expect((await t.as('admin').get(`/items/${articles}/${made.id}`)).body.data.title).toBe('kept');
    expect(await count()).toBe(before + 1);
    await expectError(t.as('admin').post('/roles?fields=nope').send({ name: 'never' }), 403, 'FORBIDDEN');
    await expectError(t.as('admin').post('/users?fields=nope').send({ email: 'never@example.com' }), 403, 'FORBIDDEN');
    await expectError(t.as('admin').post('/folders?fields=nope').send({ name: 'never' }), 403, 'FORBIDDEN');
    for (const path of [
      '/roles?filter[name][_eq]=never',
      '/users?filter[email][_eq]=never@example.com',
      '/folders?filter[name][_eq]=never',
    ]) {
      expect((await t.as('admin').get(path)).body.data).toEqual([]);
    }
  });

  it('answers keys that are objects or arrays with 403, even ones that do not convert to a string', async () => {
    const odd = { toString: 'x', valueOf: 1 };
    await expectError(
      t
        .as('admin')
        .delete(`/items/${articles}`)
        .send({ keys: [odd] }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t
        .as('admin')
        .delete(`/items/${articles}`)
        .send([[1]]),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t
        .as('admin')
        .patch(`/items/${articles}`)
        .send({ keys: [odd], data: { title: 'x' } }),
      403,
      'FORBIDDEN',
    );
    expect(
      (
        await t
          .as('admin')
          .search(`/items/${articles}`)
          .send({ keys: [odd, true] })
      ).body.data,
    ).toEqual([]);
  });

  it('answers integer keys the column cannot hold (fractions, beyond its range) as unknown keys on every vendor', async () => {
    expect(
      (
        await t
          .as('admin')
          .search(`/items/${articles}`)
          .send({ keys: [-0.5, 1.5, 2147483648, 1.2345678901234568e29] })
      ).body.data,
    ).toEqual([]);
    await expectError(t.as('admin').get(`/items/${articles}/1.5`), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get(`/items/${articles}/2147483648`), 403, 'FORBIDDEN');
    await expectError(t.as('admin').delete(`/items/${articles}`).send([0.5]), 403, 'FORBIDDEN');
  });

  it('stores a NUL character where the database can, and refuses it with 400 where it cannot (PostgreSQL)', async () => {
    const written = await t
      .as('admin')
      .post(`/items/${articles}`)
      .send({ title: 'a\u0000b', tags: ['\u0000'] });
    if (written.status === 200) expect(written.body.data.title).toBe('a\u0000b');
    else await expectError(Promise.resolve(written), 400, 'INVALID_PAYLOAD');
    const read = await t.as('admin').get(`/items/${articles}?filter[title][_eq]=a%00b`);
    if (read.status === 200) expect(read.body.data).toHaveLength(written.status === 200 ? 1 : 0);
    else await expectError(Promise.resolve(read), 400, 'INVALID_QUERY');
  });

  it('deletes one, by array, by keys and by query with 204', async () => {
    const made = await t
      .as('admin')
      .post(`/items/${articles}`)
      .send([{ title: 'd1' }, { title: 'd2' }, { title: 'd3' }, { title: 'd4' }]);
    const ids = made.body.data.map((i: { id: number }) => i.id);
    expect((await t.as('admin').delete(`/items/${articles}/${ids[0]}`)).status).toBe(204);
    expect((await t.as('admin').delete(`/items/${articles}`).send([ids[1]])).status).toBe(204);
    expect(
      (
        await t
          .as('admin')
          .delete(`/items/${articles}`)
          .send({ keys: [ids[2]] })
      ).status,
    ).toBe(204);
    expect(
      (
        await t
          .as('admin')
          .delete(`/items/${articles}`)
          .send({ query: { filter: { title: { _eq: 'd4' } } } })
      ).status,
    ).toBe(204);
    const left = await t.as('admin').get(`/items/${articles}?filter[title][_in]=d1,d2,d3,d4`);
    expect(left.body.data).toEqual([]);
    await expectError(t.as('admin').delete(`/items/${articles}/${ids[0]}`), 403, 'FORBIDDEN');
  });

  it.each([
    [{ title: 'x'.repeat(21) }, 'VALUE_TOO_LONG'],
    [{ views: 'many' }, 'INVALID_PAYLOAD'],
    [{ views: 2147483648 }, 'VALUE_OUT_OF_RANGE'],
    [{ views: -2147483649 }, 'VALUE_OUT_OF_RANGE'],
    [{ published: 'maybe' }, 'INVALID_PAYLOAD'],
    [{ stamp: 'yesterday' }, 'INVALID_PAYLOAD'],
  ])('refuses %j with %s naming the field', async (body, code) => {
    const res = await expectError(t.as('admin').post(`/items/${articles}`).send(body), 400, code);
    expect(res.body.errors[0].message).toContain(Object.keys(body)[0]);
  });

  it('stores the ends of a 32-bit integer on every vendor', async () => {
    const made = (
      await t
        .as('admin')
        .post(`/items/${articles}`)
        .send([
          { title: 'min', views: -2147483648 },
          { title: 'max', views: 2147483647 },
        ])
    ).body.data;
    const read = await t
      .as('admin')
      .get(
        `/items/${articles}?filter[id][_in]=${made.map((a: { id: number }) => a.id).join(',')}&fields=views&sort=views`,
      );
    expect(read.body.data).toEqual([{ views: -2147483648 }, { views: 2147483647 }]);
  });

  it('answers a duplicate unique value with RECORD_NOT_UNIQUE on every vendor', async () => {
    await t.as('admin').post(`/items/${articles}`).send({ title: 'u', slug: 'same' });
    const res = await expectError(
      t.as('admin').post(`/items/${articles}`).send({ title: 'u', slug: 'same' }),
      400,
      'RECORD_NOT_UNIQUE',
    );
    expect(res.body.errors[0].extensions).toMatchObject({ collection: articles, field: 'slug' });
  });

  it('answers an unknown collection and system collections with 403', async () => {
    await expectError(t.as('admin').get('/items/nothing_here'), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get('/items/svc_users'), 403, 'FORBIDDEN');
  });

  it('is forbidden to the public without permissions', () =>
    expectError(t.as('anonymous').get(`/items/${articles}`), 403, 'FORBIDDEN'));
});
