import { junctionsOf, Relation, relationOf } from './relations';

const relations: Relation[] = [
  { collection: 'posts', field: 'author', related_collection: 'authors', meta: { one_field: 'posts' } },
  { collection: 'posts', field: 'cover', related_collection: 'svc_files', meta: null },
  { collection: 'comments', field: 'post', related_collection: 'posts', meta: { one_field: null } },
  {
    collection: 'posts_tags',
    field: 'posts_id',
    related_collection: 'posts',
    meta: { one_field: 'tags', junction_field: 'tags_id', sort_field: 'sort' },
  },
  {
    collection: 'posts_tags',
    field: 'tags_id',
    related_collection: 'tags',
    meta: { one_field: null, junction_field: 'posts_id' },
  },
  {
    collection: 'pages_blocks',
    field: 'pages_id',
    related_collection: 'pages',
    meta: { one_field: 'blocks', junction_field: 'item' },
  },
  {
    collection: 'pages_blocks',
    field: 'item',
    related_collection: null,
    meta: {
      one_allowed_collections: ['texts', 'images'],
      one_collection_field: 'collection',
      junction_field: 'pages_id',
    },
  },
];

describe('relationOf', () => {
  it.each([
    ['a many-to-one field', 'posts', 'author', { kind: 'm2o', related: 'authors' }],
    ['a file field', 'posts', 'cover', { kind: 'file' }],
    [
      'the one-to-many alias of the related side',
      'authors',
      'posts',
      { kind: 'o2m', many: 'posts', manyField: 'author', rows: 'posts', parentField: 'author', sortField: null },
    ],
    [
      'a many-to-many through its junction',
      'posts',
      'tags',
      {
        kind: 'm2m',
        rows: 'posts_tags',
        parentField: 'posts_id',
        junctionField: 'tags_id',
        related: 'tags',
        sortField: 'sort',
      },
    ],
    [
      'a many-to-any through its junction',
      'pages',
      'blocks',
      {
        kind: 'm2a',
        rows: 'pages_blocks',
        parentField: 'pages_id',
        itemField: 'item',
        collectionField: 'collection',
        allowed: ['texts', 'images'],
        sortField: null,
      },
    ],
    ['the junction side of a many-to-many, seen from the related collection without an alias', 'tags', 'posts', null],
    ['a relation without an alias on the related side', 'posts', 'comments', null],
    ['a plain field', 'posts', 'title', null],
  ])('reads %s', (_name, collection, field, kind) => {
    expect(relationOf(relations, collection, field)).toEqual(kind);
  });
});

describe('junctionsOf', () => {
  it('names the collections holding a junction field, once each', () => {
    expect([...junctionsOf(relations)]).toEqual(['posts_tags', 'pages_blocks']);
    expect([...junctionsOf(relations.slice(0, 3))]).toEqual([]);
  });
});
