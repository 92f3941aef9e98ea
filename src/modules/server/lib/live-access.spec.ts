import type { Filter } from '../../../common/query/query.types';
import { FULL_ACCESS, PermissionAction, PermissionLookup, PermissionRule } from '../../permissions/permissions.service';
import { liveAccess } from './live-access';

type Rules = Record<string, Partial<Record<PermissionAction, Partial<PermissionRule>>>>;
const lookupOf =
  (rules: Rules): PermissionLookup =>
  (collection, action) => {
    const rule = rules[collection]?.[action];
    return rule ? { ...FULL_ACCESS, ...rule } : null;
  };
const NONE = lookupOf({});
const COLLECTIONS = ['articles', 'notes'];

describe(liveAccess.name, () => {
  it.each<[string, Rules, string, '*' | string[] | null]>([
    ['every field without a field list', { articles: { read: {} } }, 'articles', '*'],
    ['every field with `*` among them', { articles: { read: { fields: ['title', '*'] } } }, 'articles', '*'],
    ['the listed fields', { articles: { read: { fields: ['id', 'title'] } } }, 'articles', ['id', 'title']],
    ['nothing without a read rule', { articles: { create: {} } }, 'articles', null],
  ])('reads %s', (_case, rules, collection, expected) => {
    const readable = liveAccess(lookupOf(rules), NONE, COLLECTIONS).readable(collection);
    expect(readable instanceof Set ? [...readable] : readable).toEqual(expected);
  });

  it('tells which actions the caller and anonymous callers have', () => {
    const access = liveAccess(
      lookupOf({ articles: { read: {}, update: {} } }),
      lookupOf({ articles: { read: {} } }),
      COLLECTIONS,
    );
    expect(
      (['create', 'read', 'update', 'delete'] as const).map((a) => [
        access.allowed('articles', a),
        access.publicAllowed('articles', a),
      ]),
    ).toEqual([
      [false, false],
      [true, true],
      [true, false],
      [false, false],
    ]);
  });

  const filter: Filter = { status: { _eq: 'published' } };
  it.each<[string, Rules, Rules, boolean]>([
    ['the same rules', { articles: { read: {} } }, { articles: { read: {} } }, true],
    [
      'rules differing only in row filters, presets and validation',
      { articles: { read: {} } },
      { articles: { read: { permissions: filter, validation: filter, presets: { a: 1 } } } },
      true,
    ],
    [
      'field lists in another order',
      { articles: { read: { fields: ['a', 'b'] } } },
      { articles: { read: { fields: ['b', 'a'] } } },
      true,
    ],
    [
      'other readable fields',
      { articles: { read: { fields: ['a'] } } },
      { articles: { read: { fields: ['a', 'b'] } } },
      false,
    ],
    ['one more action', { articles: { read: {} } }, { articles: { read: {}, delete: {} } }, false],
    ['another collection', { articles: { read: {} } }, { notes: { read: {} } }, false],
  ])('keys %s alike: %s', (_case, a, b, same) => {
    const key = (rules: Rules) => liveAccess(lookupOf(rules), NONE, COLLECTIONS).key;
    expect(key(a) === key(b)).toBe(same);
  });

  it("keys a change of the public role's actions apart", () => {
    const rules = lookupOf({ articles: { read: {} } });
    expect(liveAccess(rules, NONE, COLLECTIONS).key).not.toBe(
      liveAccess(rules, lookupOf({ articles: { read: {} } }), COLLECTIONS).key,
    );
  });
});
