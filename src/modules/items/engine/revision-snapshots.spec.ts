import type { SchemaOverview } from '../../schema/schema-overview';
import type { FieldOverview } from '../../schema/schema.types';
import type { ReadableFields, ReadNode } from './read-plan';
import { isSnapshot, shapeSnapshots, snapshotColumns } from './revision-snapshots';

const field = (name: string, type: string, special: string[] = []) =>
  ({ collection: 'vault', field: name, type, special }) as FieldOverview;
const overview = {
  collection: (name: string) =>
    name === 'vault'
      ? {
          fields: {
            id: field('id', 'integer'),
            title: field('title', 'string'),
            pin: field('pin', 'hash'),
            code: field('code', 'string', ['conceal']),
          },
        }
      : undefined,
} as unknown as SchemaOverview;
const node: ReadNode = {
  collection: 'svc_revisions',
  columns: [
    { key: 'data', field: 'data' },
    { key: 'changes', field: 'delta' },
    { key: 'item', field: 'item' },
  ],
  functions: [],
  relations: [],
};
const stored = { id: 1, title: 'T', pin: '$argon2id$v=19$raw', code: 'c', gone: 'x' };

describe(shapeSnapshots.name, () => {
  it.each<[string, ReadableFields, unknown]>([
    [
      'every field, secrets concealed',
      () => '*',
      { id: 1, title: 'T', pin: '**********', code: '**********', gone: 'x' },
    ],
    [
      'only the fields the caller may read',
      (c) => (c === 'vault' ? new Set(['id', 'pin']) : null),
      { id: 1, pin: '**********' },
    ],
    ['nothing without a read rule on the collection', () => null, null],
  ])('%s', (_name, readable, expected) => {
    const access = { overview, readable, visible: () => true };
    const item = shapeSnapshots(
      access,
      node,
      { collection: 'vault', item: '1' },
      { data: { ...stored }, changes: { ...stored }, item: '1' },
    );
    expect(item).toEqual({ data: expected, changes: expected, item: '1' });
  });

  it('shows nothing of an item outside the row filter', () => {
    const access = {
      overview,
      readable: () => '*' as const,
      visible: (c: string, item: string) => c === 'vault' && item === '2',
    };
    const shaped = (item: string) =>
      shapeSnapshots(access, node, { collection: 'vault', item }, { data: { title: 'T' } }).data;
    expect([shaped('1'), shaped('2')]).toEqual([null, { title: 'T' }]);
  });

  it('leaves other collections alone', () => {
    const other = { ...node, collection: 'svc_activity' };
    expect(
      shapeSnapshots({ overview, readable: () => null, visible: () => false }, other, {}, { data: { pin: 'raw' } }),
    ).toEqual({ data: { pin: 'raw' } });
  });
});

describe(snapshotColumns.name, () => {
  it.each<[ReadNode, string[]]>([
    [node, ['collection', 'item']],
    [{ ...node, columns: [{ key: 'item', field: 'item' }] }, []],
    [{ ...node, collection: 'articles' }, []],
  ])('%#', (n, columns) => expect(snapshotColumns(n)).toEqual(columns));
});

describe(isSnapshot.name, () => {
  it.each([
    ['svc_revisions', 'data', true],
    ['svc_revisions', 'delta', true],
    ['svc_revisions', 'item', false],
    ['svc_versions', 'delta', false],
  ])('%s.%s: %s', (collection, name, expected) => expect(isSnapshot({ collection, field: name })).toBe(expected));
});
