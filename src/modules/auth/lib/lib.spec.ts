import { cookieOptions } from './cookie-options';
import { nextSessionToken } from './next-session-token';

describe(cookieOptions.name, () => {
  it.each([
    [
      { name: 'c', secure: false, sameSite: 'lax' as const },
      1000,
      { httpOnly: true, path: '/', secure: false, sameSite: 'lax', maxAge: 1000 },
    ],
    [
      { name: 'c', secure: true, sameSite: 'none' as const, domain: 'example.com' },
      undefined,
      { httpOnly: true, path: '/', secure: true, sameSite: 'none', domain: 'example.com' },
    ],
  ])('%j for %s ms', (cookie, maxAge, expected) => expect(cookieOptions(cookie, maxAge)).toEqual(expected));
});

describe(nextSessionToken.name, () => {
  it.each([
    ['the same token twice', 's'.repeat(32), 'a', 's'.repeat(32), 'a', true],
    ['another token', 's'.repeat(32), 'a', 's'.repeat(32), 'b', false],
    ['another secret', 's'.repeat(32), 'a', 't'.repeat(32), 'a', false],
  ])('%s → same result: %s', (_label, s1, t1, s2, t2, same) =>
    expect(nextSessionToken(s1, t1) === nextSessionToken(s2, t2)).toBe(same),
  );
});
