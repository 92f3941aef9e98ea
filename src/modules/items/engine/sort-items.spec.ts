import { appendUnsorted, hasDuplicateSorts, planSortMove, renumberSorts, SortKey } from './sort-items';

/** Applies a move the way the service's UPDATEs do, and returns the keys in sort order. */
function move(rows: [SortKey, number][], item: SortKey, to: SortKey): SortKey[] {
  const sorts = new Map(rows);
  const plan = planSortMove(sorts.get(item)!, sorts.get(to)!);
  for (const [key, sort] of sorts) {
    if (key !== item && plan.shift && sort >= plan.shift.min && sort <= plan.shift.max)
      sorts.set(key, sort + plan.shift.by);
  }
  sorts.set(item, plan.itemSort);
  expect(hasDuplicateSorts([...sorts.values()])).toBe(false);
  return [...sorts].sort((a, b) => a[1] - b[1]).map(([key]) => key);
}

const ROWS: [SortKey, number][] = [
  ['a', 1],
  ['b', 2],
  ['c', 3],
  ['d', 4],
  ['e', 5],
];

describe(planSortMove.name, () => {
  it.each([
    ['down', 'b', 'd', ['a', 'c', 'd', 'b', 'e']],
    ['up', 'd', 'b', ['a', 'd', 'b', 'c', 'e']],
    ['to the top', 'e', 'a', ['e', 'a', 'b', 'c', 'd']],
    ['to the bottom', 'a', 'e', ['b', 'c', 'd', 'e', 'a']],
    ['onto itself', 'c', 'c', ['a', 'b', 'c', 'd', 'e']],
    ['to a neighbour', 'c', 'd', ['a', 'b', 'd', 'c', 'e']],
  ])('moves an item %s (%s to %s)', (_name, item, to, expected) => {
    expect(move(ROWS, item, to)).toEqual(expected);
  });

  it('works on gapped sort values', () => {
    expect(
      move(
        [
          [1, 10],
          [2, 20],
          [3, 30],
        ],
        3,
        1,
      ),
    ).toEqual([3, 1, 2]);
  });

  it.each([
    [2, 4, { itemSort: 4, shift: { min: 3, max: 4, by: -1 } }],
    [4, 2, { itemSort: 2, shift: { min: 2, max: 3, by: 1 } }],
    [3, 3, { itemSort: 3, shift: null }],
  ])('plans %i → %i as %j', (from, to, expected) => expect(planSortMove(from, to)).toEqual(expected));
});

describe(appendUnsorted.name, () => {
  it.each([
    [
      5,
      ['x', 'y'],
      [
        { key: 'x', sort: 6 },
        { key: 'y', sort: 7 },
      ],
    ],
    [null, [1], [{ key: 1, sort: 1 }]],
    [3, [], []],
  ])('after %j appends %j', (max, keys, expected) => expect(appendUnsorted(max, keys)).toEqual(expected));
});

describe(hasDuplicateSorts.name, () => {
  it.each([
    [[1, 2, 3], false],
    [[1, 2, 2], true],
    [[], false],
  ])('%j → %s', (values, expected) => expect(hasDuplicateSorts(values)).toBe(expected));
});

describe(renumberSorts.name, () => {
  it('numbers keys 1..n in the given order', () => {
    expect(renumberSorts(['c', 'a'])).toEqual([
      { key: 'c', sort: 1 },
      { key: 'a', sort: 2 },
    ]);
  });
});
