import { SchemaOverview } from './schema-overview';
import { testCollection, testRelation as relation } from './testing/fake-overview';
import type { RelationOverview } from './schema.types';

const overview = (relations: RelationOverview[]) =>
  new SchemaOverview(
    new Map(['access', 'policies', 'roles', 'users', 'tags', 'posts', 'posts_tags'].map((n) => [n, testCollection(n)])),
    relations,
    1,
  );

describe('SchemaOverview: one-to-manys that share a junction key', () => {
  it.each<[string, RelationOverview[], string, string, string | undefined]>([
    [
      "a policy's roles, beside its users through the same key",
      [
        relation('access', 'policy', 'policies', 'roles', 'role'),
        relation('access', 'policy', 'policies', 'users', 'user'),
      ],
      'policies',
      'roles',
      'role',
    ],
    [
      "a policy's users, beside its roles through the same key",
      [
        relation('access', 'policy', 'policies', 'roles', 'role'),
        relation('access', 'policy', 'policies', 'users', 'user'),
      ],
      'policies',
      'users',
      'user',
    ],
    [
      'a plain many-to-many: every junction row is its own',
      [
        relation('posts_tags', 'posts_id', 'posts', 'tags', 'tags_id'),
        relation('posts_tags', 'tags_id', 'tags', 'posts', 'posts_id'),
      ],
      'posts',
      'tags',
      undefined,
    ],
    [
      'a shared key without junction fields',
      [
        relation('access', 'policy', 'policies', 'roles', null),
        relation('access', 'policy', 'policies', 'users', null),
      ],
      'policies',
      'roles',
      undefined,
    ],
  ])('%s', (_name, relations, parent, field, expected) => {
    expect(overview(relations).relation(parent, field)?.junctionKey).toBe(expected);
  });
});
