import { jsonDepthExceeds } from './json-depth';

const nested = (depth: number, wrap: (inner: unknown) => unknown) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};

describe(jsonDepthExceeds.name, () => {
  it.each([
    [undefined, 0, false],
    ['text', 0, false],
    [{}, 1, false],
    [{}, 0, true],
    [{ a: [1, { b: 2 }] }, 3, false],
    [{ a: [1, { b: 2 }] }, 2, true],
    [{ a: [1, { b: {} }] }, 3, true],
    [[[], [[]], []], 3, false],
    [nested(100, (v) => ({ _and: [v] })), 200, false],
    [nested(101, (v) => ({ _and: [v] })), 200, true],
  ])('%j within %i levels: exceeded=%s', (value, max, expected) => expect(jsonDepthExceeds(value, max)).toBe(expected));

  it('measures depths that would overflow a recursive walk', () => {
    expect(jsonDepthExceeds(nested(200_000, (v) => [v]), 100)).toBe(true);
  });
});
