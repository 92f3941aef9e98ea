import { SchemaOverview } from '../schema-overview';
import type { CollectionOverview, FieldOverview, FieldType, RelationOverview } from '../schema.types';

function field(collection: string, name: string, type: FieldType, primaryKey = false): FieldOverview {
  return {
    collection,
    field: name,
    type,
    special: [],
    nullable: !primaryKey,
    primaryKey,
    autoIncrement: primaryKey,
    maxLength: null,
    hasDefault: primaryKey,
    required: false,
    searchable: true,
    validation: null,
    meta: null,
    schema: null,
  };
}

/** A user collection keyed by an integer `id`, with the given fields, for pure tests. */
export function testCollection(name: string, fields: [string, FieldType][] = []): CollectionOverview {
  return {
    collection: name,
    table: name,
    primary: 'id',
    system: false,
    singleton: false,
    sortField: null,
    accountability: 'all',
    meta: null,
    fields: Object.fromEntries([
      ['id', field(name, 'id', 'integer', true)] as const,
      ...fields.map(([f, t]) => [f, field(name, f, t)] as const),
    ]),
  };
}

/** A relation from `many.field` to `one`, listed on `one` as `oneField`, through `junction` for a many-to-many. */
export function testRelation(
  many: string,
  field: string,
  one: string,
  oneField: string | null,
  junction: string | null = null,
): RelationOverview {
  return {
    collection: many,
    field,
    related_collection: one,
    meta: {
      many_collection: many,
      many_field: field,
      one_collection: one,
      one_field: oneField,
      one_collection_field: null,
      one_allowed_collections: null,
      junction_field: junction,
      sort_field: null,
      one_deselect_action: 'nullify',
    },
    schema: null,
  };
}

/**
 * articles (title, views, published, author → authors, comments ← comments.article) and shapes (children:
 * many-to-any through shapes_children to circles and squares) for pure engine tests.
 */
export function fakeOverview(): SchemaOverview {
  const collections = new Map<string, CollectionOverview>([
    [
      'articles',
      testCollection('articles', [
        ['title', 'string'],
        ['views', 'integer'],
        ['published', 'boolean'],
        ['author', 'integer'],
        ['comments', 'alias'],
        ['at', 'timestamp'],
        ['meta', 'json'],
      ]),
    ],
    [
      'authors',
      testCollection('authors', [
        ['name', 'string'],
        ['profile', 'json'],
      ]),
    ],
    [
      'comments',
      testCollection('comments', [
        ['text', 'text'],
        ['article', 'integer'],
      ]),
    ],
    [
      'shapes',
      testCollection('shapes', [
        ['name', 'string'],
        ['children', 'alias'],
      ]),
    ],
    ['circles', testCollection('circles', [['radius', 'float']])],
    ['squares', testCollection('squares', [['width', 'float']])],
    [
      'shapes_children',
      testCollection('shapes_children', [
        ['shapes_id', 'integer'],
        ['item', 'string'],
        ['collection', 'string'],
      ]),
    ],
  ]);
  const anyItem = testRelation('shapes_children', 'item', 'circles', null);
  Object.assign(anyItem, { related_collection: null });
  Object.assign(anyItem.meta!, {
    one_collection: null,
    one_allowed_collections: ['circles', 'squares'],
    one_collection_field: 'collection',
    junction_field: 'shapes_id',
  });
  const relations = [
    testRelation('articles', 'author', 'authors', null),
    testRelation('comments', 'article', 'articles', 'comments'),
    testRelation('shapes_children', 'shapes_id', 'shapes', 'children'),
    anyItem,
  ];
  return new SchemaOverview(collections, relations, 1);
}
