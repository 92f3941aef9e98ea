import { cookieOptions } from './cookie-options';
import { nextSessionToken } from './next-session-token';

describe(cookieOptions.name, () => {
  const NOW = Date.UTC(2026, 0, 1);
  it.each([
    [
      { name: 'c', secure: false, sameSite: 'lax' as const },
      90_500,
      { httpOnly: true, path: '/', secure: false, sameSite: 'lax', maxAge: 90, expires: new Date(NOW + 90_500) },
    ],
    [
      { name: 'c', secure: true, sameSite: 'none' as const, domain: 'example.com' },
      undefined,
      { httpOnly: true, path: '/', secure: true, sameSite: 'none', domain: 'example.com' },
    ],
  ])('%j for %s ms', (cookie, maxAge, expected) => expect(cookieOptions(cookie, maxAge, NOW)).toEqual(expected));
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
