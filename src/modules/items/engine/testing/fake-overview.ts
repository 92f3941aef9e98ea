import { SchemaOverview } from '../../../schema/schema-overview';
import type { CollectionOverview, FieldOverview, FieldType, RelationOverview } from '../../../schema/schema.types';

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

function collection(name: string, fields: [string, FieldType][]): CollectionOverview {
  return {
    collection: name,
    table: name,
    primary: 'id',
    system: false,
    singleton: false,
    sortField: null,
    accountability: 'all',
    meta: null,
    fields: Object.fromEntries([['id', field(name, 'id', 'integer', true)], ...fields.map(([f, t]) => [f, field(name, f, t)])]),
  };
}

/**
 * articles (title, views, published, author → authors, comments ← comments.article) and shapes (children:
 * many-to-any through shapes_children to circles and squares) for pure engine tests.
 */
export function fakeOverview(): SchemaOverview {
  const relation = (c: string, f: string, related: string, oneField: string | null): RelationOverview => ({
    collection: c,
    field: f,
    related_collection: related,
    meta: {
      many_collection: c,
      many_field: f,
      one_collection: related,
      one_field: oneField,
      one_collection_field: null,
      one_allowed_collections: null,
      junction_field: null,
      sort_field: null,
      one_deselect_action: 'nullify',
    },
    schema: null,
  });
  const collections = new Map<string, CollectionOverview>([
    ['articles', collection('articles', [['title', 'string'], ['views', 'integer'], ['published', 'boolean'], ['author', 'integer'], ['comments', 'alias'], ['at', 'timestamp'], ['meta', 'json']])],
    ['authors', collection('authors', [['name', 'string'], ['profile', 'json']])],
    ['comments', collection('comments', [['text', 'text'], ['article', 'integer']])],
    ['shapes', collection('shapes', [['name', 'string'], ['children', 'alias']])],
    ['circles', collection('circles', [['radius', 'float']])],
    ['squares', collection('squares', [['width', 'float']])],
    ['shapes_children', collection('shapes_children', [['shapes_id', 'integer'], ['item', 'string'], ['collection', 'string']])],
  ]);
  const anyItem = relation('shapes_children', 'item', 'circles', null);
  Object.assign(anyItem, { related_collection: null });
  Object.assign(anyItem.meta!, { one_collection: null, one_allowed_collections: ['circles', 'squares'], one_collection_field: 'collection', junction_field: 'shapes_id' });
  const relations = [
    relation('articles', 'author', 'authors', null),
    relation('comments', 'article', 'articles', 'comments'),
    relation('shapes_children', 'shapes_id', 'shapes', 'children'),
    anyItem,
  ];
  return new SchemaOverview(collections, relations, 1);
}
