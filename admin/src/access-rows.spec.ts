import { AccessRow, bySort, ipList, moved, mustSetUpTfa, nestedChange, nextSort, shown } from './access-rows';

const row = (id: string, sort: number | null, extra: Partial<AccessRow> = {}): AccessRow => ({ id, sort, ...extra });

describe('bySort', () => {
  it.each([
    ['by sort', [row('a', 2), row('b', 1)], ['b', 'a']],
    ['rows without a sort last', [row('a', null), row('b', 5)], ['b', 'a']],
    ['equal sorts by id', [row('b', 1), row('a', 1)], ['a', 'b']],
    ['nothing', [], []],
  ])('orders %s', (_, rows, ids) => {
    expect(bySort(rows).map((r) => r.id)).toEqual(ids);
  });
});

describe('nextSort', () => {
  it.each([
    [[], 1],
    [[row('a', 3), row('b', 1)], 4],
    [[row('a', null)], 1],
  ])('after %j is %d', (rows, sort) => {
    expect(nextSort(rows)).toBe(sort);
  });
});

describe('nestedChange', () => {
  it.each([
    [[{ policy: 'p' }], undefined, { create: [{ policy: 'p' }], update: [], delete: [] }],
    [[], ['a1'], { create: [], update: [], delete: ['a1'] }],
  ])('writes %j and deletes %j in the detailed form', (create, remove, body) => {
    expect(nestedChange(create, remove)).toEqual(body);
  });

  it('carries updates', () => {
    expect(nestedChange([], [], [{ id: 'a', sort: 1 }])).toEqual({
      create: [],
      update: [{ id: 'a', sort: 1 }],
      delete: [],
    });
  });
});

describe('ipList', () => {
  it.each([
    ['', null],
    [' , ', null],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['127.0.0.1, ::1,', ['127.0.0.1', '::1']],
  ])('reads %j', (text, list) => {
    expect(ipList(text)).toEqual(list);
  });
});

describe('mustSetUpTfa', () => {
  it.each([
    ['enforced, no secret', { app_access: true, enforce_tfa: true }, null, true],
    ['enforced, a secret', { app_access: true, enforce_tfa: true }, '**********', false],
    ['not enforced', { app_access: true, enforce_tfa: false }, null, false],
    ['globals not known yet', undefined, null, false],
    ['anonymous answer', { app_access: false }, undefined, false],
  ])('%s', (_, globals, secret, expected) => {
    expect(mustSetUpTfa(globals, secret)).toBe(expected);
  });
});

describe('shown', () => {
  it.each([
    ['$t:public_label', 'Public'],
    ['$t:public_description', 'What anyone may do without signing in.'],
    ['$t:some_other_key', 'some other key'],
    ['Editors', 'Editors'],
    [null, ''],
  ])('shows %j as %j', (text, words) => {
    expect(shown(text)).toBe(words);
  });
});

describe('moved', () => {
  const rows = [row('a', 1), row('b', 1), row('c', null)];
  it.each([
    [
      'the second up',
      1,
      -1,
      [
        { id: 'b', sort: 1 },
        { id: 'a', sort: 2 },
        { id: 'c', sort: 3 },
      ],
    ],
    [
      'the second down',
      1,
      1,
      [
        { id: 'a', sort: 1 },
        { id: 'c', sort: 2 },
        { id: 'b', sort: 3 },
      ],
    ],
    ['the first up: nothing', 0, -1, []],
    ['the last down: nothing', 2, 1, []],
    ['a row not in the list: nothing', 5, -1, []],
  ] as const)('moves %s', (_, index, delta, changes) => {
    expect(moved(rows, index, delta)).toEqual(changes);
  });
});
