import { createCollection } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('/fields: the schema of fields, their types, columns and indexes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists, reads, updates meta and deletes a field', async () => {
    const c = await createCollection(t, uniq('m'), [{ field: 'title', type: 'string' }]);
    expect((await t.as('admin').get(`/fields/${c}/title`)).body.data.type).toBe('string');
    expect((await t.as('admin').get('/fields')).body.data.some((f: { collection: string }) => f.collection === c)).toBe(
      true,
    );
    const patched = await t
      .as('admin')
      .patch(`/fields/${c}/title`)
      .send({ meta: { note: 'Headline', required: true, special: ['x'] } });
    expect(patched.body.data.meta).toMatchObject({ note: 'Headline', required: true, special: ['x'] });
    await expectError(t.as('admin').post(`/items/${c}`).send({}), 400, 'FAILED_VALIDATION');
    expect((await t.as('admin').delete(`/fields/${c}/title`)).status).toBe(204);
    await expectError(t.as('admin').get(`/fields/${c}/title`), 403, 'FORBIDDEN');
    const afterDelete = await t.as('admin').post(`/items/${c}`).send({ title: 'gone' });
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.body.data).not.toHaveProperty('title');
  });

  it('places a new field last unless it names its position; an explicit sort: null stays null, as the reference', async () => {
    const c = await createCollection(t, uniq('pos'), [{ field: 'a', type: 'string' }]);
    const add = async (meta: object) =>
      (
        await t
          .as('admin')
          .post(`/fields/${c}`)
          .send({ field: uniq('f'), type: 'string', meta })
      ).body.data.meta.sort;
    const a = (await t.as('admin').get(`/fields/${c}/a`)).body.data.meta.sort as number;
    expect(await add({})).toBe(a + 1);
    expect(await add({ sort: null })).toBeNull();
    expect(await add({ sort: 9 })).toBe(9);
  });

  it('changes a type and keeps the stored values', async () => {
    const c = await createCollection(t, uniq('conv'), [{ field: 'n', type: 'string', schema: { max_length: 10 } }]);
    await t
      .as('admin')
      .post(`/items/${c}`)
      .send([{ n: '12' }, { n: '7' }]);
    const res = await t.as('admin').patch(`/fields/${c}/n`).send({ type: 'integer' });
    expect(res.status).toBe(200);
    expect(res.body.data.type).toBe('integer');
    expect((await t.as('admin').get(`/items/${c}?fields=n&sort=n`)).body.data).toEqual([{ n: 7 }, { n: 12 }]);
  });

  it('reports the length, precision and scale a column gets by default, on every vendor', async () => {
    const c = await createCollection(t, uniq('deflen'), [
      { field: 's', type: 'string' },
      { field: 'wide', type: 'string', schema: { max_length: 255 } },
      { field: 'amount', type: 'decimal' },
      { field: 'whole', type: 'decimal', schema: { numeric_precision: 10, numeric_scale: 0 } },
    ]);
    type Schema = { max_length: number | null; numeric_precision: number | null; numeric_scale: number | null };
    const fields = (await t.as('admin').get(`/fields/${c}`)).body.data as { field: string; schema: Schema }[];
    const schema = (name: string) => fields.find((f) => f.field === name)!.schema;
    expect([schema('s').max_length, schema('wide').max_length]).toEqual([255, 255]);
    expect(schema('amount')).toMatchObject({ numeric_precision: 10, numeric_scale: 5 });
    expect(schema('whole')).toMatchObject({ numeric_precision: 10, numeric_scale: 0 });
    expect((await t.as('admin').get(`/fields/${c}/s`)).body.data.schema.max_length).toBe(255);
    // Refused with the reference's code on every vendor, SQLite (which keeps any length) included.
    const tooLong = await expectError(
      t
        .as('admin')
        .post(`/items/${c}`)
        .send({ s: 'x'.repeat(256) }),
      400,
      'VALUE_TOO_LONG',
    );
    expect(tooLong.body.errors[0].extensions).toMatchObject({ collection: c, field: 's' });
    expect((await t.as('admin').get(`/items/${c}`)).body.data).toEqual([]);
  });

  it('widens and narrows a string keeping the data, and refuses what would cut values', async () => {
    const c = await createCollection(t, uniq('len'), [{ field: 's', type: 'string', schema: { max_length: 10 } }]);
    await t.as('admin').post(`/items/${c}`).send({ s: 'abcdefgh' });
    expect(
      (
        await t
          .as('admin')
          .patch(`/fields/${c}/s`)
          .send({ schema: { max_length: 100 } })
      ).body.data.schema.max_length,
    ).toBe(100);
    await expectError(
      t
        .as('admin')
        .patch(`/fields/${c}/s`)
        .send({ schema: { max_length: 4 } }),
      400,
      'INVALID_PAYLOAD',
    );
    expect((await t.as('admin').get(`/items/${c}?fields=s`)).body.data).toEqual([{ s: 'abcdefgh' }]);
  });

  it('refuses a type change the data cannot survive', async () => {
    const c = await createCollection(t, uniq('bad'), [{ field: 'v', type: 'string' }]);
    await t.as('admin').post(`/items/${c}`).send({ v: 'not a number' });
    const res = await expectError(
      t.as('admin').patch(`/fields/${c}/v`).send({ type: 'integer' }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(res.body.errors[0].message).toContain('v');
    expect((await t.as('admin').get(`/fields/${c}/v`)).body.data.type).toBe('string');
    expect((await t.as('admin').get(`/items/${c}?fields=v`)).body.data).toEqual([{ v: 'not a number' }]);
  });

  it('refuses to change the type of a primary key', async () => {
    const c = await createCollection(t, uniq('pk'));
    await expectError(t.as('admin').patch(`/fields/${c}/id`).send({ type: 'string' }), 400, 'INVALID_PAYLOAD');
    expect((await t.as('admin').get(`/fields/${c}/id`)).body.data.type).toBe('integer');
  });

  it('makes a field required in the database only when it holds no nulls', async () => {
    const c = await createCollection(t, uniq('nn'), [{ field: 'v', type: 'string' }]);
    await t.as('admin').post(`/items/${c}`).send({});
    await expectError(
      t
        .as('admin')
        .patch(`/fields/${c}/v`)
        .send({ schema: { is_nullable: false } }),
      400,
      'CONTAINS_NULL_VALUES',
    );
    await t
      .as('admin')
      .patch(`/items/${c}`)
      .send({ query: { filter: {} }, data: { v: 'x' } });
    expect(
      (
        await t
          .as('admin')
          .patch(`/fields/${c}/v`)
          .send({ schema: { is_nullable: false } })
      ).body.data.schema.is_nullable,
    ).toBe(false);
  });

  it('adds and removes a unique index', async () => {
    const c = await createCollection(t, uniq('uq'), [{ field: 'v', type: 'string' }]);
    expect(
      (
        await t
          .as('admin')
          .patch(`/fields/${c}/v`)
          .send({ schema: { is_unique: true } })
      ).body.data.schema.is_unique,
    ).toBe(true);
    await t.as('admin').post(`/items/${c}`).send({ v: 'a' });
    await expectError(t.as('admin').post(`/items/${c}`).send({ v: 'a' }), 400, 'RECORD_NOT_UNIQUE');
    await t
      .as('admin')
      .patch(`/fields/${c}/v`)
      .send({ schema: { is_unique: false } });
    expect((await t.as('admin').post(`/items/${c}`).send({ v: 'a' })).status).toBe(200);
  });

  it.each([
    [{ field: 'bad name', type: 'string' }],
    [{ field: 'ok', type: 'bogus' }],
    [{ type: 'string' }],
    [{ field: 'id', type: 'string' }],
  ])('refuses %j', async (body) => {
    const c = await createCollection(t, uniq('inv'));
    await expectError(t.as('admin').post(`/fields/${c}`).send(body), 400, 'INVALID_PAYLOAD');
  });

  it.each([
    [{ note: ['x'] }, 'meta.note'],
    [{ hidden: 'yes' }, 'meta.hidden'],
    [{ validation: 'x' }, 'meta.validation'],
    [{ validation: { _and: 'x' } }, '"_and"'],
    [{ validation: { v: { _regex: '(' } } }, 'regular expression'],
    [{ validation: { v: { _nope: 1 } } }, '"_nope"'],
  ])(
    'refuses meta %j with 400 INVALID_PAYLOAD, on create and update, and the collection stays writable',
    async (meta, mention) => {
      const c = await createCollection(t, uniq('meta'), [{ field: 'v', type: 'string' }]);
      const created = await expectError(
        t.as('admin').post(`/fields/${c}`).send({ field: 'w', type: 'string', meta }),
        400,
        'INVALID_PAYLOAD',
      );
      expect(created.body.errors[0].message).toContain(mention);
      await expectError(t.as('admin').get(`/fields/${c}/w`), 403, 'FORBIDDEN');
      await expectError(t.as('admin').patch(`/fields/${c}/v`).send({ meta }), 400, 'INVALID_PAYLOAD');
      expect((await t.as('admin').post(`/items/${c}`).send({ v: 'still fine' })).status).toBe(200);
    },
  );

  it.each([
    [{ max_length: 'x' }, 'schema.max_length'],
    [{ max_length: 100_000_000 }, 'schema.max_length'],
    [{ is_nullable: 'no' }, 'schema.is_nullable'],
  ])('refuses schema %j of a string field with 400 INVALID_PAYLOAD, on create and update', async (schema, mention) => {
    const c = await createCollection(t, uniq('schema'), [{ field: 'v', type: 'string' }]);
    const created = await expectError(
      t.as('admin').post(`/fields/${c}`).send({ field: 'w', type: 'string', schema }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(created.body.errors[0].message).toContain(mention);
    const before = (await t.as('admin').get(`/fields/${c}/v`)).body.data.schema;
    await expectError(t.as('admin').patch(`/fields/${c}/v`).send({ schema }), 400, 'INVALID_PAYLOAD');
    expect((await t.as('admin').get(`/fields/${c}/v`)).body.data.schema).toEqual(before);
  });

  it('refuses a decimal size the database would refuse with 400 INVALID_PAYLOAD', async () => {
    const c = await createCollection(t, uniq('decimal'));
    for (const schema of [
      { numeric_precision: '1; DROP TABLE x' },
      { numeric_precision: 5, numeric_scale: 9 },
      { numeric_precision: 100 },
    ]) {
      await expectError(
        t.as('admin').post(`/fields/${c}`).send({ field: 'd', type: 'decimal', schema }),
        400,
        'INVALID_PAYLOAD',
      );
    }
  });

  it('answers unknown collections and fields with 403, refuses the lists to the public, and lets only admins change fields', async () => {
    await expectError(t.as('admin').get('/fields/nope_nope'), 403, 'FORBIDDEN');
    await expectError(t.as('admin').post('/fields/nope_nope').send({ field: 'a', type: 'string' }), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get('/fields'), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get('/fields/svc_users'), 403, 'FORBIDDEN');
    await expectError(
      t.as('anonymous').post('/fields/svc_users').send({ field: 'a', type: 'string' }),
      403,
      'FORBIDDEN',
    );
  });

  it('describes system collections', async () => {
    const res = await t.as('admin').get('/fields/svc_users');
    const byName = Object.fromEntries(res.body.data.map((f: { field: string; type: string }) => [f.field, f.type]));
    expect(byName).toMatchObject({
      id: 'uuid',
      email: 'string',
      password: 'hash',
      tags: 'json',
      role: 'uuid',
      email_notifications: 'boolean',
    });
  });

  it('describes the schema metadata collections, as the reference describes its own', async () => {
    const types = async (collection: string) =>
      Object.fromEntries(
        (await t.as('admin').get(`/fields/${collection}`).expect(200)).body.data.map(
          (f: { field: string; type: string }) => [f.field, f.type],
        ),
      );
    expect(await types('svc_fields')).toMatchObject({
      id: 'integer',
      collection: 'string',
      special: 'csv',
      options: 'json',
      conditions: 'json',
      hidden: 'boolean',
    });
    expect(await types('svc_collections')).toMatchObject({
      collection: 'string',
      translations: 'json',
      singleton: 'boolean',
    });
    expect(await types('svc_relations')).toMatchObject({ many_collection: 'string', one_allowed_collections: 'csv' });
    await expectError(t.as('admin').get('/items/svc_fields'), 403, 'FORBIDDEN');
  });
});
