import { rolesInCycles } from './role-cycles';

describe('rolesInCycles', () => {
  const cases: [string, [string, string | null][], string[]][] = [
    ['no roles', [], []],
    [
      'a tree',
      [
        ['a', null],
        ['b', 'a'],
        ['c', 'b'],
        ['d', 'a'],
      ],
      [],
    ],
    ['a parent that does not exist', [['a', 'gone']], []],
    ['a role its own parent', [['a', 'a']], ['a']],
    [
      'two roles each the parent of the other',
      [
        ['a', 'b'],
        ['b', 'a'],
      ],
      ['a', 'b'],
    ],
    [
      'a loop below a chain, the chain not in it',
      [
        ['x', 'a'],
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
      ],
      ['a', 'b', 'c'],
    ],
    [
      'two separate loops',
      [
        ['a', 'b'],
        ['b', 'a'],
        ['c', 'c'],
        ['d', 'c'],
      ],
      ['a', 'b', 'c'],
    ],
  ];
  it.each(cases)('%s', (_what, rows, expected) => {
    expect([...rolesInCycles(new Map(rows))].sort()).toEqual(expected);
  });
});
