import { InvalidPayloadError } from '../../../common/errors/errors';
import { fakeOverview } from '../testing/fake-overview';
import { SchemaOverview } from '../schema-overview';
import { checkRelationMeta } from './check-relation-meta';

describe(checkRelationMeta.name, () => {
  const overview = fakeOverview();
  it.each<[string, string | null, Record<string, unknown>, boolean]>([
    ['a plain many-to-one', 'authors', {}, false],
    ['a new one-to-many alias', 'authors', { one_field: 'books' }, false],
    [
      'a many-to-any item field',
      null,
      { one_allowed_collections: ['circles', 'squares'], one_collection_field: 'collection' },
      false,
    ],
    [
      'allowed collections as text',
      null,
      { one_allowed_collections: 'circles,squares', one_collection_field: 'collection' },
      false,
    ],
  ])('accepts %s', (_label, related, meta, keep) =>
    expect(checkRelationMeta(overview, 'shapes_children', related, meta)).toEqual({ keepOneField: keep }),
  );

  it('keeps an alias field that no relation uses yet', () => {
    const bare = fakeOverview();
    // shapes.children without its relation: what the reference's clients create before the relations.
    const without = new SchemaOverview(
      bare.collections,
      bare.relations.filter((r) => r.field !== 'shapes_id'),
      2,
    );
    expect(checkRelationMeta(without, 'shapes_children', 'shapes', { one_field: 'children' })).toEqual({
      keepOneField: true,
    });
  });

  it.each<[string, string | null, Record<string, unknown>]>([
    [
      'a missing allowed collection',
      null,
      { one_allowed_collections: ['circles', 'nope'], one_collection_field: 'collection' },
    ],
    ['a missing collection field', null, { one_allowed_collections: ['circles'], one_collection_field: 'nope' }],
    ['no collection field', null, { one_allowed_collections: ['circles'] }],
    [
      'allowed collections with a related collection',
      'shapes',
      { one_allowed_collections: ['circles'], one_collection_field: 'collection' },
    ],
    ['a one_field on a column', 'shapes', { one_field: 'name' }],
    ['a one_field already used by a relation', 'shapes', { one_field: 'children' }],
    ['a one_field without a related collection', null, { one_field: 'x' }],
    ['a one_field that is no name', 'shapes', { one_field: 'a b' }],
    ['a one_field named __proto__', 'shapes', { one_field: '__proto__' }],
    ['a one_field named constructor', 'shapes', { one_field: 'constructor' }],
  ])('refuses %s', (_label, related, meta) =>
    expect(() => checkRelationMeta(overview, 'shapes_children', related, meta)).toThrow(InvalidPayloadError),
  );
});
