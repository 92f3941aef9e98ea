import { isSafeKey } from './storage-driver';

describe(isSafeKey.name, () => {
  it.each([
    ['a.jpg', true],
    ['folder/a.jpg', true],
    ['0b9c1f1e-0000-4000-8000-000000000000__abc.webp', true],
    ['..', false],
    ['../etc/passwd', false],
    ['a/../../b', false],
    ['/etc/passwd', false],
    ['a\\..\\b', false],
    ['a//b', false],
    ['./a', false],
    ['a\u0000b', false],
    ['', false],
  ])('%j → %s', (key, expected) => expect(isSafeKey(key)).toBe(expected));
});
