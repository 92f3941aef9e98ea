import type { RelationOverview } from '../../schema/schema.types';
import type { Permission } from '../permissions.service';
import { sharePermissions } from './share-permissions';

const relation = (
  collection: string,
  field: string,
  related: string | null,
  meta: Partial<NonNullable<RelationOverview['meta']>> = {},
): RelationOverview => ({
  collection,
  field,
  related_collection: related,
  meta: meta as RelationOverview['meta'],
  schema: null,
});

const read = (collection: string, rest: Partial<Permission> = {}): Permission => ({
  collection,
  action: 'read',
  fields: null,
  permissions: null,
  validation: null,
  presets: null,
  ...rest,
});

const relations = [
  relation('articles', 'author', 'authors', { one_field: 'articles' }),
  relation('comments', 'article', 'articles', { one_field: 'comments' }),
  relation('authors', 'avatar', 'files'),
];
const scope = { collection: 'articles', item: '7', primary: 'id' };
const rulesOf = (role: Permission[] | 'admin') =>
  Object.fromEntries(sharePermissions(scope, relations, role).map((p) => [p.collection, p.permissions]));

describe('sharePermissions', () => {
  it.each<[string, Permission[] | 'admin', Record<string, unknown>]>([
    ['opens nothing of the data where the role reads nothing', [], {}],
    [
      "opens the item by its key, within the role's own filter",
      [read('articles', { permissions: { status: { _eq: 'published' } } })],
      { articles: { _and: [{ status: { _eq: 'published' } }, { id: { _eq: '7' } }] } },
    ],
    [
      'opens the rows related to the item where the role reads them',
      [read('articles'), read('comments'), read('authors')],
      {
        articles: { id: { _eq: '7' } },
        authors: { '$FOLLOW(articles,author)': { id: { _eq: '7' } } },
        comments: { article: { id: { _eq: '7' } } },
      },
    ],
    [
      'follows a many-to-one on where its target has an alias field',
      'admin',
      {
        articles: { id: { _eq: '7' } },
        authors: { '$FOLLOW(articles,author)': { id: { _eq: '7' } } },
        files: { '$FOLLOW(authors,avatar)': { '$FOLLOW(articles,author)': { id: { _eq: '7' } } } },
        comments: { article: { id: { _eq: '7' } } },
      },
    ],
  ])('%s', (_name, role, expected) => {
    const { svc_collections, svc_fields, svc_relations, ...data } = rulesOf(role);
    expect(data).toEqual(expected);
    expect([svc_collections, svc_fields, svc_relations]).toEqual([null, null, null]);
  });

  it("leads no further through a many-to-one whose target has no alias field (the reference's rule)", () => {
    const plain = [relation('articles', 'author', 'authors'), relation('authors', 'avatar', 'files')];
    expect(sharePermissions(scope, plain, 'admin').map((p) => p.collection)).not.toContain('files');
  });

  it('opens a collection reached by two paths through either', () => {
    const twoWays = [...relations, relation('comments', 'writer', 'authors', { one_field: 'comments' })];
    const authors = sharePermissions(scope, twoWays, 'admin').find((p) => p.collection === 'authors')?.permissions;
    expect(authors).toEqual({
      _or: [
        { '$FOLLOW(articles,author)': { id: { _eq: '7' } } },
        { '$FOLLOW(comments,writer)': { article: { id: { _eq: '7' } } } },
      ],
    });
  });

  it("reads only, with the role's fields", () => {
    const rules = sharePermissions(scope, relations, [
      read('articles', { fields: ['id', 'title'] }),
      { ...read('articles'), action: 'update' },
    ]);
    expect(rules.every((p) => p.action === 'read')).toBe(true);
    expect(rules.find((p) => p.collection === 'articles')?.fields).toEqual(['id', 'title']);
  });
});
