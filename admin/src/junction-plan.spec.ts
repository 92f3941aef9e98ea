import { JunctionInput, manyToAnyPlan, manyToManyPlan } from './junction-plan';

const input = (over: Partial<JunctionInput> = {}): JunctionInput => ({
  collection: 'posts',
  field: 'tags',
  junction: 'posts_tags',
  keyType: 'integer',
  onDelete: 'CASCADE',
  sorted: false,
  ...over,
});

describe('manyToManyPlan', () => {
  it.each([
    ['two collections', input(), 'tags', 'uuid', ['posts_id', 'tags_id'], ['integer', 'uuid']],
    [
      'a collection with itself',
      input({ collection: 'people', field: 'friends', junction: 'people_friends' }),
      'people',
      'integer',
      ['people_id', 'people_related_id'],
      ['integer', 'integer'],
    ],
  ])(
    'names the junction keys for %s and types them like the keys they hold',
    (_name, given, related, relatedType, keys, types) => {
      const plan = manyToManyPlan(given, related, relatedType);
      const fields = plan.junction.fields as { field: string; type: string }[];
      expect(fields.map((f) => f.field)).toEqual(keys);
      expect(fields.map((f) => f.type)).toEqual(types);
      expect(plan.relations).toEqual([
        {
          collection: given.junction,
          field: keys[1],
          related_collection: related,
          meta: { one_field: null, junction_field: keys[0] },
          schema: { on_delete: 'CASCADE' },
        },
        {
          collection: given.junction,
          field: keys[0],
          related_collection: given.collection,
          meta: { one_field: given.field, junction_field: keys[1], sort_field: null, one_deselect_action: 'delete' },
          schema: { on_delete: 'CASCADE' },
        },
      ]);
      expect(plan.alias).toEqual({
        field: given.field,
        type: 'alias',
        meta: { special: ['m2m'], interface: 'list-m2m' },
      });
    },
  );

  it.each([
    [true, ['posts_id', 'tags_id', 'sort'], 'sort'],
    [false, ['posts_id', 'tags_id'], null],
  ])('with a manual order %s, adds a sort field and names it on the relation', (sorted, fields, sortField) => {
    const plan = manyToManyPlan(input({ sorted }), 'tags', 'integer');
    expect((plan.junction.fields as { field: string }[]).map((f) => f.field)).toEqual(fields);
    expect((plan.relations[1].meta as { sort_field: unknown }).sort_field).toBe(sortField);
  });
});

describe('manyToAnyPlan', () => {
  it('holds the item key and its collection as text, and allows the collections chosen', () => {
    const plan = manyToAnyPlan(input({ field: 'blocks', junction: 'posts_blocks', keyType: 'uuid', sorted: true }), [
      'texts',
      'images',
    ]);
    expect(plan.alias).toMatchObject({ field: 'blocks', type: 'alias', meta: { special: ['m2a'] } });
    expect(plan.junction.fields).toEqual([
      { field: 'posts_id', type: 'uuid', schema: { is_nullable: true } },
      { field: 'item', type: 'string', schema: { is_nullable: true } },
      { field: 'collection', type: 'string', schema: { is_nullable: true } },
      { field: 'sort', type: 'integer', schema: { is_nullable: true } },
    ]);
    expect(plan.relations[0]).toEqual({
      collection: 'posts_blocks',
      field: 'item',
      related_collection: null,
      meta: {
        one_allowed_collections: ['texts', 'images'],
        one_collection_field: 'collection',
        junction_field: 'posts_id',
      },
    });
    expect(plan.relations[1]).toMatchObject({
      field: 'posts_id',
      related_collection: 'posts',
      meta: { one_field: 'blocks', junction_field: 'item', sort_field: 'sort' },
    });
  });
});
