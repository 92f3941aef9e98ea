import type { PermissionLookup, PermissionRule } from '../../permissions/permissions.service';
import { relationVisible, schemaVisibility, withGroups } from './schema-visibility';

const rule = (fields: string[] | null): PermissionRule => ({
  fields,
  permissions: null,
  validation: null,
  presets: null,
});
const rules: Record<string, PermissionRule> = { open: rule(null), starred: rule(['*']), listed: rule(['id', 'title']) };
const lookup: PermissionLookup = (collection, action) => (action === 'read' ? (rules[collection] ?? null) : null);

describe('schemaVisibility', () => {
  it.each([
    ['a collection with a read rule', 'open', true],
    ['a collection with a field list', 'listed', true],
    ['a collection without a read rule', 'secret', false],
  ])('shows %s: %s', (_name, collection, visible) => {
    expect(schemaVisibility(false, lookup).collection(collection)).toBe(visible);
  });

  it.each([
    ['any field without a list', 'open', 'body', true],
    ['any field with *', 'starred', 'body', true],
    ['a listed field', 'listed', 'title', true],
    ['an unlisted field', 'listed', 'body', false],
    ['no field of an unreadable collection', 'secret', 'id', false],
  ])('shows %s', (_name, collection, field, visible) => {
    expect(schemaVisibility(false, lookup).field(collection, field)).toBe(visible);
  });

  it('shows an admin everything', () => {
    const admin = schemaVisibility(true, () => null);
    expect(admin.collection('secret')).toBe(true);
    expect(admin.field('secret', 'body')).toBe(true);
  });
});

describe('withGroups', () => {
  const groups: Record<string, string | null> = {
    posts: 'blog',
    blog: 'content',
    content: null,
    authors: 'blog',
    lone: null,
  };
  const groupOf = (name: string) => groups[name];

  it.each([
    ['a collection outside any folder', ['lone'], ['lone']],
    ['every folder up to the top', ['posts'], ['posts', 'blog', 'content']],
    ['a shared folder once', ['posts', 'authors'], ['posts', 'authors', 'blog', 'content']],
    ['nothing for nothing', [], []],
  ])('lists %s', (_name, visible, listed) => {
    expect([...withGroups(visible, groupOf)].sort()).toEqual([...listed].sort());
  });

  it('stops at a folder cycle', () => {
    expect([...withGroups(['a'], (n) => (n === 'a' ? 'b' : 'a'))].sort()).toEqual(['a', 'b']);
  });
});

describe('relationVisible', () => {
  const visible = schemaVisibility(false, lookup);
  const meta = (values: { one_field?: string | null; one_allowed_collections?: string[] | null }) =>
    ({ one_field: null, one_allowed_collections: null, ...values }) as never;

  it.each([
    [
      'a many-to-one between readable fields',
      { collection: 'listed', field: 'title', related_collection: 'open', meta: null },
      true,
    ],
    [
      'one held by an unreadable field',
      { collection: 'listed', field: 'body', related_collection: 'open', meta: null },
      false,
    ],
    [
      'one into an unreadable collection',
      { collection: 'listed', field: 'title', related_collection: 'secret', meta: null },
      false,
    ],
    [
      'one whose alias on the other side is readable',
      { collection: 'open', field: 'x', related_collection: 'listed', meta: meta({ one_field: 'id' }) },
      true,
    ],
    [
      'one whose alias on the other side is not',
      { collection: 'open', field: 'x', related_collection: 'listed', meta: meta({ one_field: 'body' }) },
      false,
    ],
    [
      'a many-to-any into readable collections',
      {
        collection: 'open',
        field: 'item',
        related_collection: null,
        meta: meta({ one_allowed_collections: ['open', 'listed'] }),
      },
      true,
    ],
    [
      'a many-to-any into an unreadable one',
      {
        collection: 'open',
        field: 'item',
        related_collection: null,
        meta: meta({ one_allowed_collections: ['open', 'secret'] }),
      },
      false,
    ],
  ])('shows %s: %s', (_name, relation, shown) => {
    expect(relationVisible(visible, relation)).toBe(shown);
  });
});
