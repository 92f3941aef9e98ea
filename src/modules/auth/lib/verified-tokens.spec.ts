import { VerifiedTokens } from './verified-tokens';

describe(VerifiedTokens.name, () => {
  const NOW = 1_700_000_000_000;

  it.each([
    ['a live token', 'a', NOW / 1000 + 60, 'a', NOW, 'claims'],
    ['the last millisecond before exp', 'a', NOW / 1000 + 1, 'a', NOW + 999, 'claims'],
    ['at exp', 'a', NOW / 1000 + 1, 'a', NOW + 1000, undefined],
    ['after exp', 'a', NOW / 1000, 'a', NOW + 1, undefined],
    ['another token', 'a', NOW / 1000 + 60, 'b', NOW, undefined],
    ['a token without exp', 'a', undefined, 'a', NOW, undefined],
  ])('%s', (_label, stored, exp, asked, now, expected) => {
    const tokens = new VerifiedTokens<string>(10);
    tokens.set(stored, 'claims', exp);
    expect(tokens.get(asked, now)).toBe(expected);
  });

  it('drops the oldest token when full', () => {
    const tokens = new VerifiedTokens<number>(2);
    const exp = NOW / 1000 + 60;
    tokens.set('a', 1, exp);
    tokens.set('b', 2, exp);
    tokens.set('c', 3, exp);
    expect([tokens.get('a', NOW), tokens.get('b', NOW), tokens.get('c', NOW)]).toEqual([undefined, 2, 3]);
  });

  it('keeps nothing with no capacity', () => {
    const tokens = new VerifiedTokens<number>(0);
    tokens.set('a', 1, NOW / 1000 + 60);
    expect(tokens.get('a', NOW)).toBeUndefined();
  });
});
