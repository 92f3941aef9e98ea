import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('/fields: values each type stores, hashes and validation', () => {
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
});
