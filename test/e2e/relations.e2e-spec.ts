import { createCollection, createRelation } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('/relations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function pair(onDelete?: string) {
    const one = await createCollection(t, uniq('one'), [{ field: 'name', type: 'string' }]);
    const many = await createCollection(t, uniq('many'), [
      { field: 'title', type: 'string' },
      { field: 'parent', type: 'integer' },
    ]);
    await createRelation(t, many, 'parent', one, 'children', onDelete);
    return { one, many };
  }

  it('creates a many-to-one with a real foreign key and the one-to-many alias', async () => {
    const { one, many } = await pair();
    const res = await t.as('admin').get(`/relations/${many}/parent`);
    expect(res.body.data).toMatchObject({
      collection: many,
      field: 'parent',
      related_collection: one,
      meta: { many_collection: many, many_field: 'parent', one_collection: one, one_field: 'children' },
      schema: {
        table: many,
        column: 'parent',
        foreign_key_table: one,
        foreign_key_column: 'id',
        on_delete: 'SET NULL',
      },
    });
    expect((await t.as('admin').get(`/fields/${one}/children`)).body.data).toMatchObject({
      type: 'alias',
      meta: { special: ['o2m'] },
      schema: null,
    });
    expect((await t.as('admin').get(`/fields/${many}/parent`)).body.data.schema).toMatchObject({
      foreign_key_table: one,
      foreign_key_column: 'id',
    });
    expect((await t.as('admin').get(`/relations/${many}`)).body.data).toHaveLength(1);
    expect(
      (await t.as('admin').get('/relations')).body.data.some((r: { collection: string }) => r.collection === many),
    ).toBe(true);
  });

  it.each([
    ['SET NULL', 200, [{ title: 'c', parent: null }]],
    ['CASCADE', 200, []],
    ['RESTRICT', 400, [{ title: 'c', parent: 'kept' }]],
  ])('on_delete %s', async (onDelete, status, left) => {
    const { one, many } = await pair(onDelete);
    const parent = (await t.as('admin').post(`/items/${one}`).send({ name: 'p' })).body.data.id;
    await t.as('admin').post(`/items/${many}`).send({ title: 'c', parent });
    const res = await t.as('admin').delete(`/items/${one}/${parent}`);
    if (status === 400) expect(res.body.errors[0].extensions.code).toBe('INVALID_FOREIGN_KEY');
    else expect(res.status).toBe(204);
    const rows = (await t.as('admin').get(`/items/${many}?fields=title,parent`)).body.data;
    expect(rows).toEqual((left as { parent: unknown }[]).map((r) => (r.parent === 'kept' ? { ...r, parent } : r)));
  });

  it('serves many-to-many through a junction collection', async () => {
    const posts = await createCollection(t, uniq('posts'), [{ field: 'title', type: 'string' }]);
    const tags = await createCollection(t, uniq('tags'), [{ field: 'label', type: 'string' }]);
    const junction = await createCollection(t, uniq('posts_tags'), [
      { field: 'post_id', type: 'integer' },
      { field: 'tag_id', type: 'integer' },
    ]);
    await t
      .as('admin')
      .post('/relations')
      .send({
        collection: junction,
        field: 'post_id',
        related_collection: posts,
        meta: { one_field: 'tags', junction_field: 'tag_id' },
        schema: { on_delete: 'CASCADE' },
      });
    await t
      .as('admin')
      .post('/relations')
      .send({
        collection: junction,
        field: 'tag_id',
        related_collection: tags,
        meta: { junction_field: 'post_id' },
        schema: { on_delete: 'CASCADE' },
      });
    const post = (await t.as('admin').post(`/items/${posts}`).send({ title: 'P' })).body.data.id;
    const [a, b] = (
      await t
        .as('admin')
        .post(`/items/${tags}`)
        .send([{ label: 'a' }, { label: 'b' }])
    ).body.data.map((x: { id: number }) => x.id);
    await t
      .as('admin')
      .post(`/items/${junction}`)
      .send([
        { post_id: post, tag_id: a },
        { post_id: post, tag_id: b },
      ]);
    const res = await t
      .as('admin')
      .get(`/items/${posts}/${post}?fields=title,tags.tag_id.label&deep[tags][_sort]=tag_id`);
    expect(res.body.data).toEqual({ title: 'P', tags: [{ tag_id: { label: 'a' } }, { tag_id: { label: 'b' } }] });
    const filtered = await t.as('admin').get(`/items/${posts}?fields=title&filter[tags][tag_id][label][_eq]=b`);
    expect(filtered.body.data).toEqual([{ title: 'P' }]);
    // As the reference: a dotted path through a junction field that is no relation (`tag` for `tag_id`) is
    // left out of the answer, while a junction field that does not exist is a permission error.
    const through = await t
      .as('admin')
      .get(`/items/${posts}/${post}?fields=title,tags.id,tags.tag.label,tags.nonexistent.id&deep[tags][_sort]=id`);
    expect(through.status).toBe(200);
    expect(through.body.data).toEqual({ title: 'P', tags: [{ id: expect.any(Number) }, { id: expect.any(Number) }] });
    const unknown = await expectError(
      t.as('admin').get(`/items/${posts}/${post}?fields=title,tags.nonexistent_field`),
      403,
      'FORBIDDEN',
    );
    expect(unknown.body.errors[0].message).toBe(
      `You don't have permission to access field "nonexistent_field" in collection "${junction}" or it does not exist. Queried in "tags".`,
    );
    expect(unknown.body.errors[0].extensions.reason).toBe(unknown.body.errors[0].message);
  });

  it('gives the two foreign keys of a junction with long names their own constraints', async () => {
    const long = (name: string) => uniq(`${name}_with_a_long_descriptive_name`);
    const products = await createCollection(t, long('products'));
    const suppliers = await createCollection(t, long('suppliers'));
    // Both `<junction>_<field>_foreign` names share their first 63 bytes, where PostgreSQL cuts them.
    const [toProduct, toSupplier] = ['item_reference_to_product', 'item_reference_to_supplier'];
    const junction = await createCollection(t, uniq('products_suppliers_junction_long_name'), [
      { field: toProduct, type: 'integer' },
      { field: toSupplier, type: 'integer' },
    ]);
    for (const [field, related] of [
      [toProduct, products],
      [toSupplier, suppliers],
    ]) {
      const res = await t
        .as('admin')
        .post('/relations')
        .send({ collection: junction, field, related_collection: related, schema: { on_delete: 'CASCADE' } });
      expect(res.status).toBe(200);
    }
    const product = (await t.as('admin').post(`/items/${products}`).send({})).body.data.id;
    const supplier = (await t.as('admin').post(`/items/${suppliers}`).send({})).body.data.id;
    await t
      .as('admin')
      .post(`/items/${junction}`)
      .send({ [toProduct]: product, [toSupplier]: supplier })
      .expect(200);
    expect((await t.as('admin').delete(`/items/${suppliers}/${supplier}`)).status).toBe(204);
    expect((await t.as('admin').get(`/items/${junction}`)).body.data).toEqual([]);
    await expectError(
      t
        .as('admin')
        .post(`/items/${junction}`)
        .send({ [toSupplier]: 999999 }),
      400,
      'INVALID_FOREIGN_KEY',
    );
  });

  it('updates the relation meta and on_delete', async () => {
    const { one, many } = await pair();
    const res = await t
      .as('admin')
      .patch(`/relations/${many}/parent`)
      .send({ meta: { one_field: 'kids' }, schema: { on_delete: 'CASCADE' } });
    expect(res.body.data).toMatchObject({ meta: { one_field: 'kids' }, schema: { on_delete: 'CASCADE' } });
    await expectError(t.as('admin').get(`/fields/${one}/children`), 403, 'FORBIDDEN');
    expect((await t.as('admin').get(`/fields/${one}/kids`)).body.data.type).toBe('alias');
  });

  it('deletes a relation with its foreign key and alias field', async () => {
    const { one, many } = await pair();
    expect((await t.as('admin').delete(`/relations/${many}/parent`)).status).toBe(204);
    await expectError(t.as('admin').get(`/relations/${many}/parent`), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get(`/fields/${one}/children`), 403, 'FORBIDDEN');
    expect((await t.as('admin').post(`/items/${many}`).send({ parent: 999 })).status).toBe(200);
  });

  it('removes relations pointing at a deleted collection', async () => {
    const { one, many } = await pair();
    expect((await t.as('admin').delete(`/collections/${one}`)).status).toBe(204);
    await expectError(t.as('admin').get(`/relations/${many}/parent`), 403, 'FORBIDDEN');
    expect((await t.as('admin').post(`/items/${many}`).send({ parent: 5 })).status).toBe(200);
  });

  it.each([
    [{ field: 'parent' }, 400, 'INVALID_PAYLOAD'],
    [{ collection: 'nope', field: 'x', related_collection: 'nope' }, 403, 'FORBIDDEN'],
    [{ collection: '$many', field: 'missing', related_collection: '$one' }, 400, 'INVALID_PAYLOAD'],
    [{ collection: '$many', field: 'title', related_collection: 'not_there' }, 400, 'INVALID_PAYLOAD'],
    [
      { collection: '$many', field: 'title', related_collection: '$one', schema: { on_delete: 'EXPLODE' } },
      400,
      'INVALID_PAYLOAD',
    ],
  ])('refuses %j with %s %s', async (body, status, code) => {
    const one = await createCollection(t, uniq('one'));
    const many = await createCollection(t, uniq('many'), [{ field: 'title', type: 'string' }]);
    const fill = (v: unknown) => (v === '$many' ? many : v === '$one' ? one : v);
    const resolved = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill(v)]));
    await expectError(t.as('admin').post('/relations').send(resolved), status, code);
  });

  it('updates with a body that changes no meta, and refuses meta members of the wrong type', async () => {
    const { many } = await pair();
    for (const body of [{}, { schema: { on_delete: 'CASCADE' } }, { meta: null }, { meta: { nope: 1 } }]) {
      expect((await t.as('admin').patch(`/relations/${many}/parent`).send(body)).status).toBe(200);
    }
    await expectError(
      t
        .as('admin')
        .patch(`/relations/${many}/parent`)
        .send({ meta: { junction_field: 5 } }),
      400,
      'INVALID_PAYLOAD',
    );
    expect((await t.as('admin').get(`/relations/${many}/parent`)).body.data.meta).toMatchObject({
      one_field: 'children',
      junction_field: null,
    });
  });

  it('refuses the list to the public and lets only admins change relations', async () => {
    await expectError(t.as('anonymous').get('/relations'), 403, 'FORBIDDEN');
    await expectError(
      t.as('anonymous').post('/relations').send({ collection: 'a', field: 'b', related_collection: 'c' }),
      403,
      'FORBIDDEN',
    );
  });
});
