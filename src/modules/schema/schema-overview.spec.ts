import { SchemaOverview } from './schema-overview';
import type { CollectionOverview, RelationMeta, RelationOverview } from './schema.types';

const collection = (name: string): CollectionOverview => ({
  collection: name,
  table: name,
  primary: 'id',
  system: false,
  singleton: false,
  sortField: null,
  accountability: null,
  meta: null,
  fields: {},
});

function relation(many: string, field: string, one: string, oneField: string | null, junction: string | null): RelationOverview {
  const meta: RelationMeta = {
    many_collection: many,
    many_field: field,
    one_collection: one,
    one_field: oneField,
    one_collection_field: null,
    one_allowed_collections: null,
    junction_field: junction,
    sort_field: null,
    one_deselect_action: 'nullify',
  };
  return { collection: many, field, related_collection: one, meta, schema: null };
}

const overview = (relations: RelationOverview[]) =>
  new SchemaOverview(new Map(['access', 'policies', 'roles', 'users', 'tags', 'posts', 'posts_tags'].map((n) => [n, collection(n)])), relations, 1);

describe('SchemaOverview: one-to-manys that share a junction key', () => {
  it.each<[string, RelationOverview[], string, string, string | undefined]>([
    [
      "a policy's roles, beside its users through the same key",
      [relation('access', 'policy', 'policies', 'roles', 'role'), relation('access', 'policy', 'policies', 'users', 'user')],
      'policies',
      'roles',
      'role',
    ],
    [
      "a policy's users, beside its roles through the same key",
      [relation('access', 'policy', 'policies', 'roles', 'role'), relation('access', 'policy', 'policies', 'users', 'user')],
      'policies',
      'users',
      'user',
    ],
    ['a plain many-to-many: every junction row is its own', [relation('posts_tags', 'posts_id', 'posts', 'tags', 'tags_id'), relation('posts_tags', 'tags_id', 'tags', 'posts', 'posts_id')], 'posts', 'tags', undefined],
    ['a shared key without junction fields', [relation('access', 'policy', 'policies', 'roles', null), relation('access', 'policy', 'policies', 'users', null)], 'policies', 'roles', undefined],
  ])('%s', (_name, relations, parent, field, expected) => {
    expect(overview(relations).relation(parent, field)?.junctionKey).toBe(expected);
  });
});
