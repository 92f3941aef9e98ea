import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('/fields', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['string', { max_length: 40 }, 'hello', 'hello'],
    ['text', {}, 'long text', 'long text'],
    ['integer', {}, 42, 42],
    ['bigInteger', {}, 9007199254740991, 9007199254740991],
    ['float', {}, 1.25, 1.25],
    ['decimal', { numeric_precision: 10, numeric_scale: 2 }, 12.5, 12.5],
    ['boolean', {}, true, true],
    ['json', {}, { a: [1, 2] }, { a: [1, 2] }],
    ['csv', {}, 'a,b', 'a,b'],
    ['uuid', {}, '6f1c0d2e-3f4a-4b5c-8d9e-0a1b2c3d4e5f', '6f1c0d2e-3f4a-4b5c-8d9e-0a1b2c3d4e5f'],
    ['date', {}, '2024-05-06', '2024-05-06'],
    ['time', {}, '10:20:30', '10:20:30'],
    ['dateTime', {}, '2024-05-06T10:20:30', '2024-05-06T10:20:30'],
    ['timestamp', {}, '2024-05-06T10:20:30.000Z', '2024-05-06T10:20:30.000Z'],
  ])('adds a %s field whose values round-trip', async (type, schema, value, expected) => {
    const c = await createCollection(t, uniq('f'));
    const res = await t
      .as('admin')
      .post(`/fields/${c}`)
      .send({ field: 'v', type, schema, meta: { note: 'n' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      collection: c,
      field: 'v',
      type,
      meta: { note: 'n' },
      schema: { name: 'v', table: c, is_nullable: true },
    });
    const id = (await t.as('admin').post(`/items/${c}`).send({ v: value })).body.data.id;
    expect((await t.as('admin').get(`/items/${c}/${id}?fields=v`)).body.data).toEqual({ v: expected });
  });

  it('answers a csv field as its stored text, and as an array only with the cast-csv special', async () => {
    const c = await createCollection(t, uniq('csv'), [
      { field: 'plain', type: 'csv' },
      { field: 'cast', type: 'csv', meta: { special: ['cast-csv'] } },
    ]);
    const created = await t
      .as('admin')
      .post(`/items/${c}`)
      .send({ plain: 'a,b', cast: ['a', 'b'] });
    expect(created.body.data).toMatchObject({ plain: 'a,b', cast: ['a', 'b'] });
    const id = created.body.data.id;
    await t.as('admin').patch(`/items/${c}/${id}`).send({ plain: 'c', cast: 'c,d' }).expect(200);
    expect((await t.as('admin').get(`/items/${c}/${id}?fields=plain,cast`)).body.data).toEqual({
      plain: 'c',
      cast: ['c', 'd'],
    });
    const found = await t.as('admin').get(`/items/${c}?filter[plain][_eq]=c&fields=plain`);
    expect(found.body.data).toEqual([{ plain: 'c' }]);
  });

  it('updates several fields of a collection from an array, alias fields too, all or nothing and only for admins', async () => {
    const parent = await createCollection(t, uniq('bp'), [{ field: 'title', type: 'string' }]);
    const child = await createCollection(t, uniq('bc'), [{ field: 'parent', type: 'integer' }]);
    await createRelation(t, child, 'parent', parent, 'children');
    const res = await t
      .as('admin')
      .patch(`/fields/${parent}`)
      .send([
        { collection: parent, field: 'title', meta: { note: 'Headline' } },
        { collection: parent, field: 'children', meta: { note: 'Kids' } },
      ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        collection: parent,
        field: 'title',
        type: 'string',
        meta: expect.objectContaining({ collection: parent, field: 'title', note: 'Headline' }),
        schema: expect.objectContaining({ name: 'title', table: parent }),
      },
      {
        collection: parent,
        field: 'children',
        type: 'alias',
        meta: expect.objectContaining({ collection: parent, field: 'children', note: 'Kids' }),
        schema: null,
      },
    ]);
    await expectError(
      t
        .as('admin')
        .patch(`/fields/${parent}`)
        .send([
          { field: 'title', meta: { note: 'Other' } },
          { field: 'nope', meta: {} },
        ]),
      403,
      'FORBIDDEN',
    );
    expect((await t.as('admin').get(`/fields/${parent}/title`)).body.data.meta.note).toBe('Headline');
    await expectError(
      t.as('admin').patch(`/fields/${parent}`).send({ field: 'title', meta: {} }),
      400,
      'INVALID_PAYLOAD',
    );
    const user = await createUser(t, await createRole(t));
    await expectError(
      t
        .as(user.token)
        .patch(`/fields/${parent}`)
        .send([{ field: 'title', meta: { note: 'x' } }]),
      403,
      'FORBIDDEN',
    );
  });

  it('hashes a hash field and never answers it in plain text', async () => {
    const c = await createCollection(t, uniq('h'), [{ field: 'secret', type: 'hash', meta: { special: ['hash'] } }]);
    const res = await t.as('admin').post(`/items/${c}`).send({ secret: 'p4ss' });
    expect(res.body.data.secret).toBe('**********');
    const revision = await t.as('admin').get(`/revisions?filter[collection][_eq]=${c}&fields=data,delta`);
    // Not even its hash: revisions conceal secrets as reads do.
    expect(revision.body.data[0].data.secret).toBe('**********');
    expect(revision.body.data[0].delta.secret).toBe('**********');
    await expectError(t.as('admin').get(`/items/${c}?filter[secret][_eq]=p4ss`), 400, 'INVALID_QUERY');
  });

  it('filters a hashed or concealed field only on whether it has a value, directly or through a relation', async () => {
    const owner = await createCollection(t, uniq('so'), [
      { field: 'secret', type: 'hash', meta: { special: ['hash'] } },
      { field: 'code', type: 'string', meta: { special: ['conceal'] } },
    ]);
    const child = await createCollection(t, uniq('sc'), [{ field: 'owner', type: 'integer' }]);
    await createRelation(t, child, 'owner', owner, 'children');
    const [withSecrets] = (
      await t
        .as('admin')
        .post(`/items/${owner}`)
        .send([{ secret: 'p4ss', code: 'c0de' }, {}])
        .expect(200)
    ).body.data;
    await t
      .as('admin')
      .post(`/items/${child}`)
      .send([{ owner: withSecrets.id }, {}])
      .expect(200);
    for (const field of ['secret', 'code']) {
      for (const [operator, count] of [
        ['_null', 1],
        ['_nnull', 1],
        ['_empty', 1],
        ['_nempty', 1],
      ] as const) {
        const res = await t
          .as('admin')
          .get(`/items/${owner}`)
          .query({ filter: JSON.stringify({ [field]: { [operator]: true } }) });
        expect([field, operator, res.status, res.body.data.length]).toEqual([field, operator, 200, count]);
      }
      for (const operator of ['_eq', '_neq', '_contains', '_starts_with', '_ends_with', '_in']) {
        const value = operator === '_in' ? ['x'] : 'x';
        await expectError(
          t
            .as('admin')
            .get(`/items/${owner}`)
            .query({ filter: JSON.stringify({ [field]: { [operator]: value } }) }),
          400,
          'INVALID_QUERY',
        );
        await expectError(
          t
            .as('admin')
            .get(`/items/${child}`)
            .query({ filter: JSON.stringify({ owner: { [field]: { [operator]: value } } }) }),
          400,
          'INVALID_QUERY',
        );
      }
      const related = await t
        .as('admin')
        .get(`/items/${child}`)
        .query({ filter: JSON.stringify({ owner: { [field]: { _nnull: true } } }) });
      expect(related.body.data).toHaveLength(1);
    }
  });

  it('checks values against the field validation rule with its message', async () => {
    const c = await createCollection(t, uniq('val'), [
      {
        field: 'code',
        type: 'string',
        meta: { validation: { code: { _regex: '^[A-Z]{3}$' } }, validation_message: 'Three capitals, please' },
      },
    ]);
    expect((await t.as('admin').post(`/items/${c}`).send({ code: 'ABC' })).status).toBe(200);
    const res = await expectError(t.as('admin').post(`/items/${c}`).send({ code: 'abc' }), 400, 'FAILED_VALIDATION');
    expect(res.body.errors[0]).toMatchObject({
      message: 'Three capitals, please',
      extensions: { field: 'code', type: 'regex' },
    });
  });

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
