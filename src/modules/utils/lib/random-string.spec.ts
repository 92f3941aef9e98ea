import { RANDOM_STRING_ALPHABET, randomString } from './random-string';

describe(randomString.name, () => {
  it.each([1, 32, 500])('returns exactly %i URL-safe characters', (length) => {
    const value = randomString(length);
    expect(value).toHaveLength(length);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    [[0, 63, 64, 255], 'A-A-'],
    [[26, 52, 62], 'a0_'],
  ])('maps bytes %j onto the alphabet as %s', (bytes, expected) => {
    expect(randomString(bytes.length, () => Buffer.from(bytes))).toBe(expected);
  });

  it('uses every symbol of the alphabet and repeats no value', () => {
    const seen = new Set<string>();
    const values = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const value = randomString(64);
      values.add(value);
      for (const c of value) seen.add(c);
    }
    expect(values.size).toBe(200);
    expect([...seen].sort().join('')).toBe([...RANDOM_STRING_ALPHABET].sort().join(''));
  });
});
