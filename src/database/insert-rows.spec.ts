import { rowsPerInsert } from './insert-rows';

describe('rowsPerInsert', () => {
  it.each([
    { max: 32766, columns: 10, cap: 1000, expected: 1000 },
    { max: 32766, columns: 100, cap: 1000, expected: 327 },
    { max: 65535, columns: 7, cap: 1000, expected: 1000 },
    { max: 65535, columns: 300, cap: 1000, expected: 218 },
    { max: 10, columns: 20, cap: 1000, expected: 1 },
    { max: 100, columns: 0, cap: 50, expected: 50 },
  ])('$columns columns under $max values, cap $cap → $expected rows', ({ max, columns, cap, expected }) => {
    expect(rowsPerInsert(max, columns, cap)).toBe(expected);
  });
});
