import type { TableWrite } from '../../../database/watch-writes';
import type { ReferencingKeys } from '../../../database/dialects/catalog';
import { changedTables, countKey, tablesRead } from './count-key';

describe(changedTables.name, () => {
  // comments → posts (CASCADE on delete), posts → users (SET NULL on delete), tags → posts (no action),
  // likes → comments (CASCADE on delete and update).
  const referencing: ReferencingKeys = new Map([
    [
      'posts',
      [
        { table: 'comments', onDelete: 'CASCADE', onUpdate: 'NO ACTION' },
        { table: 'tags', onDelete: 'NO ACTION' },
      ],
    ],
    ['users', [{ table: 'posts', onDelete: 'SET NULL', onUpdate: 'RESTRICT' }]],
    ['comments', [{ table: 'likes', onDelete: 'cascade', onUpdate: 'CASCADE' }]],
  ]);
  const sorted = (result: Set<string> | 'any') => (result === 'any' ? result : [...result].sort());
  it.each<[string, TableWrite[], string[] | 'any']>([
    ['an insert changes its table only', [{ table: 'posts', action: 'insert' }], ['posts']],
    ['a delete cascades, transitively', [{ table: 'posts', action: 'delete' }], ['comments', 'likes', 'posts']],
    [
      'SET NULL updates the referencing rows, which cascade by their ON UPDATE rule',
      [{ table: 'users', action: 'delete' }],
      ['posts', 'users'],
    ],
    ['an update follows ON UPDATE rules only', [{ table: 'comments', action: 'update' }], ['comments', 'likes']],
    ['a table nothing references', [{ table: 'likes', action: 'delete' }], ['likes']],
    [
      'several writes',
      [
        { table: 'likes', action: 'insert' },
        { table: 'users', action: 'update' },
      ],
      ['likes', 'users'],
    ],
    ['an unattributed write changes anything', [{ table: 'likes', action: 'insert' }, 'any'], 'any'],
  ])('%s', (_name, writes, expected) => expect(sorted(changedTables(writes, referencing))).toEqual(expected));

  it('ends on a cycle of foreign keys', () => {
    const cycle: ReferencingKeys = new Map([
      ['a', [{ table: 'b', onDelete: 'CASCADE' }]],
      ['b', [{ table: 'a', onDelete: 'CASCADE' }]],
    ]);
    expect(sorted(changedTables([{ table: 'a', action: 'delete' }], cycle))).toEqual(['a', 'b']);
  });
});

describe(tablesRead.name, () => {
  const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;
  it.each([
    ['SELECT COUNT(*) AS "count" FROM "posts" "t"', ['posts']],
    [
      'SELECT COUNT(*) AS "count" FROM "posts" "t" WHERE EXISTS (SELECT 1 FROM "comments" "r0" WHERE "r0"."post" = "t"."id")',
      ['comments', 'posts'],
    ],
    ['SELECT COUNT(*) FROM "svc_users" "t"', []],
    ['SELECT COUNT(*) FROM "post" "t"', []],
  ])('%s → %j', (sql, expected) => expect(tablesRead(sql, ['posts', 'comments', 'tags'], quote)).toEqual(expected));
});

describe(countKey.name, () => {
  const base = countKey('SELECT 1', { p0: 1, p1: ['a'] }, ['g1', 'g2']);
  it('is the same for the same statement, values and generations', () => {
    expect(countKey('SELECT 1', { p1: ['a'], p0: 1 }, ['g1', 'g2'])).toBe(base);
  });
  it.each<[string, string, Record<string, unknown>, string[]]>([
    ['statement', 'SELECT 2', { p0: 1, p1: ['a'] }, ['g1', 'g2']],
    ['bound value', 'SELECT 1', { p0: 2, p1: ['a'] }, ['g1', 'g2']],
    ['bound list', 'SELECT 1', { p0: 1, p1: ['a', 'b'] }, ['g1', 'g2']],
    ['generation', 'SELECT 1', { p0: 1, p1: ['a'] }, ['g1', 'g3']],
  ])('changes with the %s', (_name, sql, params, generations) =>
    expect(countKey(sql, params, generations)).not.toBe(base),
  );
});
