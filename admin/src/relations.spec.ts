import { junctionsOf, Relation, relationOf } from './relations';

const relations: Relation[] = [
  { collection: 'posts', field: 'author', related_collection: 'authors', meta: { one_field: 'posts' } },
  { collection: 'posts', field: 'cover', related_collection: 'svc_files', meta: null },
  { collection: 'comments', field: 'post', related_collection: 'posts', meta: { one_field: null } },
];

describe('relationOf', () => {
  it.each([
    ['a many-to-one field', 'posts', 'author', { kind: 'm2o', related: 'authors' }],
    ['a file field', 'posts', 'cover', { kind: 'file' }],
    ['the one-to-many alias of the related side', 'authors', 'posts', { kind: 'o2m', many: 'posts', manyField: 'author' }],
    ['a relation without an alias on the related side', 'posts', 'comments', null],
    ['a plain field', 'posts', 'title', null],
  ])('reads %s', (_name, collection, field, kind) => {
    expect(relationOf(relations, collection, field)).toEqual(kind);
  });
});

describe('junctionsOf', () => {
  it('names the collections holding a junction field, once each', () => {
    const m2m: Relation[] = [
      ...relations,
      { collection: 'posts_tags', field: 'posts_id', related_collection: 'posts', meta: { one_field: 'tags', junction_field: 'tags_id' } },
      { collection: 'posts_tags', field: 'tags_id', related_collection: 'tags', meta: { one_field: null, junction_field: 'posts_id' } },
    ];
    expect([...junctionsOf(m2m)]).toEqual(['posts_tags']);
    expect([...junctionsOf(relations)]).toEqual([]);
  });
});
