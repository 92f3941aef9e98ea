import { createCollection } from '../factories/collection.factory';
import { createRole, createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';
import { until } from '../helpers/until';

describe('/collections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a collection with an auto-increment key and its fields', async () => {
    const name = uniq('articles');
    const res = await t
      .as('admin')
      .post('/collections')
      .send({
        collection: name,
        meta: { note: 'News', accountability: 'all', singleton: false },
        fields: [{ field: 'title', type: 'string', schema: { max_length: 100 } }],
      });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      collection: name,
      meta: { collection: name, note: 'News', accountability: 'all', singleton: false },
      schema: { name },
    });
    const fields = await t.as('admin').get(`/fields/${name}`);
    expect(fields.body.data.map((f: { field: string }) => f.field)).toEqual(['id', 'title']);
    const id = fields.body.data[0];
    expect(id).toMatchObject({ type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } });
    expect(fields.body.data[1]).toMatchObject({ type: 'string', schema: { max_length: 100, is_nullable: true } });
  });

  it('makes an auto-increment integer field the key instead of adding an id', async () => {
    const name = await createCollection(t, uniq('counted'), [
      { field: 'title', type: 'string' },
      { field: 'number', type: 'integer', schema: { is_primary_key: false, has_auto_increment: true } },
    ]);
    const fields = (await t.as('admin').get(`/fields/${name}`)).body.data as { field: string }[];
    expect(fields.map((f) => f.field)).toEqual(['title', 'number']);
    expect(fields[1]).toMatchObject({ type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } });
    const created = await t
      .as('admin')
      .post(`/items/${name}`)
      .send([{ title: 'a' }, { title: 'b' }])
      .expect(200);
    expect(created.body.data.map((item: { number: number }) => item.number)).toEqual([1, 2]);
  });

  it('creates collections keyed by UUID or by string', async () => {
    const byUuid = await createCollection(t, uniq('uuids'), [
      { field: 'id', type: 'uuid', schema: { is_primary_key: true }, meta: { special: ['uuid'] } },
    ]);
    const byString = await createCollection(t, uniq('codes'), [
      { field: 'code', type: 'string', schema: { is_primary_key: true, max_length: 20 } },
    ]);
    expect((await t.as('admin').get(`/fields/${byUuid}/id`)).body.data).toMatchObject({
      type: 'uuid',
      schema: { is_primary_key: true, has_auto_increment: false },
    });
    expect((await t.as('admin').get(`/fields/${byString}/code`)).body.data).toMatchObject({
      type: 'string',
      schema: { is_primary_key: true, max_length: 20 },
    });
  });

  it('lists collections, system ones included', async () => {
    const name = await createCollection(t, uniq('listed'));
    const res = await t.as('admin').get('/collections');
    const names = res.body.data.map((c: { collection: string }) => c.collection);
    expect(names).toEqual(
      expect.arrayContaining([
        name,
        'svc_users',
        'svc_files',
        'svc_versions',
        'svc_collections',
        'svc_fields',
        'svc_relations',
      ]),
    );
    expect(res.body.data.find((c: { collection: string }) => c.collection === 'svc_users').meta.system).toBe(true);
  });

  it('reads one collection and answers an unknown one with 403', async () => {
    const name = await createCollection(t, uniq('one'));
    expect((await t.as('admin').get(`/collections/${name}`)).body.data.collection).toBe(name);
    await expectError(t.as('admin').get('/collections/does_not_exist'), 403, 'FORBIDDEN');
  });

  it.each([
    [{ collection: 'svc_mine' }],
    [{ collection: 'bad name!' }],
    [{}],
    [{ collection: 'x_fields', fields: [{ field: 'a', type: 'nope' }] }],
  ])('refuses %j with 400 INVALID_PAYLOAD', (body) =>
    expectError(t.as('admin').post('/collections').send(body), 400, 'INVALID_PAYLOAD'),
  );

  it.each([
    ['{"collection":"$name","meta":{"icon":-1e400}}', 'meta.icon'],
    ['{"collection":"$name","meta":{"note":{"_nope":1}}}', 'meta.note'],
    ['{"collection":"$name","meta":{"hidden":"yes"}}', 'meta.hidden'],
    ['{"collection":"$name","meta":{"sort":2147483648}}', 'meta.sort'],
    ['{"collection":"$name","meta":{"translations":"x"}}', 'meta.translations'],
  ])(
    'refuses a meta member of the wrong type (%s) with 400 INVALID_PAYLOAD and creates nothing',
    async (body, member) => {
      const name = uniq('typed');
      const res = await expectError(
        t.as('admin').post('/collections').set('Content-Type', 'application/json').send(body.replace('$name', name)),
        400,
        'INVALID_PAYLOAD',
      );
      expect(res.body.errors[0].message).toContain(member);
      await expectError(t.as('admin').get(`/collections/${name}`), 403, 'FORBIDDEN');
    },
  );

  it('refuses a meta update of the wrong type and keeps the meta', async () => {
    const name = await createCollection(t, uniq('typed'), [], { note: 'kept' });
    await expectError(
      t
        .as('admin')
        .patch(`/collections/${name}`)
        .send({ meta: { note: { a: 1 } } }),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      t
        .as('admin')
        .patch(`/collections/${name}`)
        .send({ meta: { translations: 'x' } }),
      400,
      'INVALID_PAYLOAD',
    );
    expect((await t.as('admin').get(`/collections/${name}`)).body.data.meta.note).toBe('kept');
  });

  it('creates a collection whose key carries schema.length, which the reference ignores, as it ignores it', async () => {
    const name = uniq('sized');
    const res = await t
      .as('admin')
      .post('/collections')
      .send({
        collection: name,
        meta: {},
        schema: {},
        fields: [
          {
            field: 'id',
            type: 'uuid',
            meta: { hidden: true, readonly: true, special: ['uuid'] },
            schema: { is_primary_key: true, length: 36, has_auto_increment: false },
          },
          { field: 'code', type: 'string', schema: { length: 10 } },
        ],
      });
    expect(res.status).toBe(200);
    const fields = (await t.as('admin').get(`/fields/${name}`)).body.data;
    expect(fields[0]).toMatchObject({ field: 'id', type: 'uuid', schema: { is_primary_key: true } });
    expect(fields[1]).toMatchObject({ field: 'code', schema: { max_length: 255 } });
    const item = await t.as('admin').post(`/items/${name}`).send({ code: 'longer than ten' }).expect(200);
    expect(item.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an existing name', async () => {
    const name = await createCollection(t, uniq('dup'));
    await expectError(t.as('admin').post('/collections').send({ collection: name }), 400, 'INVALID_PAYLOAD');
  });

  it('creates a folder without a table', async () => {
    const name = uniq('folder');
    const res = await t
      .as('admin')
      .post('/collections')
      .send({ collection: name, schema: null, meta: { icon: 'folder' } });
    expect(res.body.data).toMatchObject({ collection: name, schema: null, meta: { icon: 'folder' } });
  });

  it('updates only meta', async () => {
    const name = await createCollection(t, uniq('meta'));
    const res = await t
      .as('admin')
      .patch(`/collections/${name}`)
      .send({ meta: { note: 'changed', versioning: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.meta).toMatchObject({ note: 'changed', versioning: true });
  });

  it('creates several collections from an array and updates their meta in one batch PATCH', async () => {
    const names = [uniq('batch'), uniq('batch'), uniq('batch')];
    const created = await t
      .as('admin')
      .post('/collections')
      .send(names.map((collection) => ({ collection, meta: {}, schema: {} })));
    expect(created.status).toBe(200);
    expect(created.body.data.map((c: { collection: string }) => c.collection)).toEqual(names);
    const res = await t
      .as('admin')
      .patch('/collections')
      .send(names.map((collection, i) => ({ collection, meta: { sort: 3 - i, note: `n${i}` } })));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      names.map((collection, i) => ({
        collection,
        meta: expect.objectContaining({ collection, sort: 3 - i, note: `n${i}` }),
        schema: expect.objectContaining({ name: collection }),
      })),
    );
    expect((await t.as('admin').get(`/collections/${names[2]}`)).body.data.meta).toMatchObject({ sort: 1, note: 'n2' });
  });

  it('applies a batch PATCH of collections all or nothing, and only for admins', async () => {
    const name = await createCollection(t, uniq('batch'));
    await expectError(
      t
        .as('admin')
        .patch('/collections')
        .send([
          { collection: name, meta: { note: 'x' } },
          { collection: uniq('missing'), meta: {} },
        ]),
      403,
      'FORBIDDEN',
    );
    expect((await t.as('admin').get(`/collections/${name}`)).body.data.meta.note).toBeNull();
    await expectError(t.as('admin').patch('/collections').send({ collection: name, meta: {} }), 400, 'INVALID_PAYLOAD');
    const user = await createUser(t, await createRole(t));
    await expectError(
      t
        .as(user.token)
        .patch('/collections')
        .send([{ collection: name, meta: { note: 'x' } }]),
      403,
      'FORBIDDEN',
    );
  });

  it('ignores a sort_field that names no column: items are still read and written in key order', async () => {
    const name = await createCollection(t, uniq('sorted'), [{ field: 'sort', type: 'integer' }], {
      sort_field: 'sort',
    });
    expect(
      (
        await t
          .as('admin')
          .patch(`/collections/${name}`)
          .send({ meta: { sort_field: '[1,2' } })
      ).status,
    ).toBe(200);
    expect(
      (
        await t
          .as('admin')
          .post(`/items/${name}`)
          .send([{ sort: 2 }, { sort: 1 }])
      ).status,
    ).toBe(200);
    expect((await t.as('admin').get(`/items/${name}?fields=id`)).body.data).toEqual([{ id: 1 }, { id: 2 }]);
    await expectError(t.as('admin').post(`/utils/sort/${name}`).send({ item: 1, to: 2 }), 400, 'INVALID_PAYLOAD');
  });

  it('deletes a collection, its table and its fields', async () => {
    const name = await createCollection(t, uniq('gone'), [{ field: 'title', type: 'string' }]);
    await t.as('admin').post(`/items/${name}`).send({ title: 'x' });
    expect((await t.as('admin').delete(`/collections/${name}`)).status).toBe(204);
    await expectError(t.as('admin').get(`/collections/${name}`), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get(`/fields/${name}`), 403, 'FORBIDDEN');
    const again = await t.as('admin').post('/collections').send({ collection: name });
    expect(again.status).toBe(200);
  });

  it('refuses the list to the public and lets only admins change collections', async () => {
    await expectError(t.as('anonymous').get('/collections'), 403, 'FORBIDDEN');
    await expectError(
      t
        .as('anonymous')
        .post('/collections')
        .send({ collection: uniq('x') }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('several instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  const env = { REDIS: 'redis://127.0.0.1:6379' };
  beforeAll(async () => {
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('rebuilds the schema overview of every instance after a change on one of them', async () => {
    const name = await createCollection(a, uniq('shared'), [{ field: 'title', type: 'string' }]);
    let seen = 0;
    await until(
      async () => (seen = (await b.as('admin').get(`/collections/${name}`)).status) === 200,
      `b knows ${name}`,
      2_000,
    );
    expect(seen).toBe(200);
    expect((await b.as('admin').post(`/items/${name}`).send({ title: 'from b' })).body.data.title).toBe('from b');
  });
});
