import { canonical, diffRevision, shownValue } from './revision-diff';

describe('diffRevision', () => {
  it.each([
    ['no changes', { title: 'A', views: 1 }, { id: 1, title: 'A', views: 1 }, []],
    ['a changed text', { title: 'A' }, { title: 'B' }, [{ field: 'title', revision: 'A', current: 'B' }]],
    ['a number against its string form', { views: 1 }, { views: '1' }, [{ field: 'views', revision: 1, current: '1' }]],
    ['a field gone from the item reads as empty', { old: 'x' }, {}, [{ field: 'old', revision: 'x', current: null }]],
    ['null and a missing value are the same', { note: null }, {}, []],
    [
      'objects with keys in another order are equal',
      { meta: { a: 1, b: [1, { c: 2, d: 3 }] } },
      { meta: { b: [1, { d: 3, c: 2 }], a: 1 } },
      [],
    ],
    [
      'a list in another order differs',
      { tags: ['a', 'b'] },
      { tags: ['b', 'a'] },
      [{ field: 'tags', revision: ['a', 'b'], current: ['b', 'a'] }],
    ],
    ['a masked hash is left out', { secret: '**********' }, { secret: '**********x' }, []],
    ['no snapshot, no changes', null, { title: 'A' }, []],
  ])('%s', (_name, revision, current, expected) => {
    expect(diffRevision(revision as Record<string, unknown> | null, current)).toEqual(expected);
  });
});

describe('canonical and shownValue', () => {
  it.each([
    [undefined, 'null', ''],
    [null, 'null', ''],
    ['a', '"a"', 'a'],
    [0, '0', '0'],
    [false, 'false', 'false'],
    [{ b: 1, a: 2 }, '{"a":2,"b":1}', '{"b":1,"a":2}'],
  ])('%p', (value, key, shown) => {
    expect(canonical(value)).toBe(key);
    expect(shownValue(value)).toBe(shown);
  });
});
