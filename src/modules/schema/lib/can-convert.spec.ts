import { canConvert } from './can-convert';

describe(canConvert.name, () => {
  it.each([
    ['12', 'integer', null, true],
    ['12.5', 'integer', null, false],
    ['abc', 'integer', null, false],
    ['3000000000', 'integer', null, false],
    ['3000000000', 'bigInteger', null, true],
    ['1.5', 'float', null, true],
    ['x', 'decimal', null, false],
    ['hello', 'string', 5, true],
    ['hello!', 'string', 5, false],
    ['anything', 'text', null, true],
    ['true', 'boolean', null, true],
    ['yes', 'boolean', null, false],
    ['{"a":1}', 'json', null, true],
    ['{a', 'json', null, false],
    ['2024-01-02 10:00:00', 'dateTime', null, true],
    ['soon', 'timestamp', null, false],
    ['10:30', 'time', null, true],
    ['6f1c0d2e-3f4a-4b5c-8d9e-0a1b2c3d4e5f', 'uuid', null, true],
    ['abc', 'uuid', null, false],
  ] as const)('%j to %s(%s) → %s', (value, type, length, expected) =>
    expect(canConvert(value, type, length)).toBe(expected),
  );
});
