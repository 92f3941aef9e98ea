import { hasMetricsToken } from './metrics-token';

describe(hasMetricsToken.name, () => {
  const tokens = ['scraper-one', 'scraper-two'];
  it.each([
    ['Metrics scraper-one', tokens, true],
    ['metrics scraper-two', tokens, true],
    ['METRICS scraper-two', tokens, true],
    ['Metrics scraper-three', tokens, false],
    ['Metrics scraper-on', tokens, false],
    ['Bearer scraper-one', tokens, false],
    ['Metrics  scraper-one', tokens, false],
    ['Metrics scraper-one extra', tokens, false],
    ['scraper-one', tokens, false],
    ['Metrics ', tokens, false],
    [undefined, tokens, false],
    ['Metrics scraper-one', [], false],
  ])('%j', (authorization, allowed, expected) => {
    expect(hasMetricsToken(authorization, allowed)).toBe(expected);
  });
});
