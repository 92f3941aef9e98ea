import { isInt32 } from './is-int32';

describe('isInt32', () => {
  it.each([
    [0, true],
    [2147483647, true],
    [-2147483648, true],
    [2147483648, false],
    [-2147483649, false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%d: %s', (n, expected) => expect(isInt32(n)).toBe(expected));
});
