import { parseRange } from './parse-range';

describe(parseRange.name, () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=50-500', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=9-3', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=-', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, 'unsatisfiable'],
    ['items=0-1', 100, 'unsatisfiable'],
    ['bytes=0-0', 0, 'unsatisfiable'],
  ])('%j of %d bytes → %j', (header, size, expected) => expect(parseRange(header, size)).toEqual(expected));
});
