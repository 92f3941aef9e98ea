import { ListEntry, listChanges, moveEntry, removeEntry } from './relation-changes';

const linked = (key: number, sort?: number): ListEntry => ({
  id: `k${key}`,
  label: `#${key}`,
  key,
  linked: true,
  sort,
});
const chosen = (key: number): ListEntry => ({ id: `c${key}`, label: `#${key}`, key });
const created = (data: Record<string, unknown>): ListEntry => ({ id: 'n', label: 'new', create: data });

describe('listChanges', () => {
  it.each([
    ['nothing changed', [linked(1), linked(2)], [], null, null],
    ['nothing changed in a sorted list', [linked(1, 1), linked(2, 2)], [], 'sort', null],
    [
      'a new row',
      [linked(1), created({ tag_id: { name: 'x' } })],
      [],
      null,
      { create: [{ tag_id: { name: 'x' } }], update: [], delete: [] },
    ],
    [
      'a chosen existing row (one-to-many)',
      [linked(1), chosen(7)],
      [],
      null,
      { create: [], update: [{ id: 7 }], delete: [] },
    ],
    ['a removed row', [linked(2)], [1], null, { create: [], update: [], delete: [1] }],
    [
      'a swap in a sorted list',
      [linked(2, 2), linked(1, 1)],
      [],
      'sort',
      {
        create: [],
        update: [
          { id: 2, sort: 1 },
          { id: 1, sort: 2 },
        ],
        delete: [],
      },
    ],
    [
      'new and chosen rows placed in a sorted list',
      [chosen(5), linked(1, 1), created({ name: 'n' })],
      [],
      'sort',
      {
        create: [{ name: 'n', sort: 3 }],
        update: [
          { id: 5, sort: 1 },
          { id: 1, sort: 2 },
        ],
        delete: [],
      },
    ],
    [
      'a sorted row without a stored place yet',
      [linked(1, undefined)],
      [],
      'sort',
      { create: [], update: [{ id: 1, sort: 1 }], delete: [] },
    ],
  ])('%s', (_name, entries, removed, sortField, expected) => {
    expect(listChanges(entries, removed, 'id', sortField)).toEqual(expected);
  });
});

describe('moveEntry', () => {
  it.each([
    ['down by one', 0, 1, ['b', 'a', 'c']],
    ['up by one', 2, 1, ['a', 'c', 'b']],
    ['to the front (a drop)', 2, 0, ['c', 'a', 'b']],
    ['past the end, clamped', 1, 9, ['a', 'c', 'b']],
    ['above the top, unchanged', 0, -1, ['a', 'b', 'c']],
  ])('moves %s', (_name, from, to, expected) => {
    expect(moveEntry(['a', 'b', 'c'], from, to)).toEqual(expected);
  });
});

describe('removeEntry', () => {
  it.each([
    ['a row linked from the start is deleted by the write', 'k1', ['k2', 'c7', 'n'], [1]],
    ['a row chosen in this edit just goes', 'c7', ['k1', 'k2', 'n'], []],
    ['a row not saved yet just goes', 'n', ['k1', 'k2', 'c7'], []],
  ])('%s', (_name, id, left, removed) => {
    const result = removeEntry([linked(1), linked(2), chosen(7), created({})], [], id);
    expect(result.entries.map((e) => e.id)).toEqual(left);
    expect(result.removed).toEqual(removed);
  });
});
