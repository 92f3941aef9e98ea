import { GenerationCache } from './generation-cache';

describe(GenerationCache.name, () => {
  let clock = 0;
  const cache = () => new GenerationCache<string>(2, () => clock);

  beforeEach(() => (clock = 1_000));

  it.each([
    ['the same generation within the time', 'g1', 0, 'value'],
    ['another generation', 'g2', 0, undefined],
    ['the same generation after the time', 'g1', 10_000, undefined],
    ['the same generation just before the time runs out', 'g1', 9_999, 'value'],
  ])('answers %s', (_, generation, elapsed, expected) => {
    const c = cache();
    c.set('k', 'g1', 'value', 10_000);
    clock += elapsed;
    expect(c.get('k', generation)).toBe(expected);
  });

  it('forgets an entry once read at another generation', () => {
    const c = cache();
    c.set('k', 'g1', 'value', 10_000);
    c.get('k', 'g2');
    expect(c.get('k', 'g1')).toBeUndefined();
  });

  it('drops the entry read least recently when full', () => {
    const c = cache();
    c.set('a', 'g', 'A', 10_000);
    c.set('b', 'g', 'B', 10_000);
    c.get('a', 'g');
    c.set('c', 'g', 'C', 10_000);
    expect([c.get('a', 'g'), c.get('b', 'g'), c.get('c', 'g')]).toEqual(['A', undefined, 'C']);
  });
});
