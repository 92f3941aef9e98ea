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

describe(`${GenerationCache.name} bounded by weight`, () => {
  const cache = () =>
    new GenerationCache<string>(
      10,
      () => 0,
      (value) => value.length,
    );

  it.each([
    ['entries that fit together are all kept', ['aaaa', 'bbbb'], [true, true]],
    ['the least recent go until the new one fits', ['aaaa', 'bbbb', 'cccccc'], [false, true, true]],
    ['a value heavier than the whole cache is not kept, and evicts nothing', ['aaaa', 'x'.repeat(11)], [true, false]],
    ['a value exactly the capacity is kept alone', ['aa', 'y'.repeat(10)], [false, true]],
  ])('%s', (_, values, kept) => {
    const c = cache();
    values.forEach((value, i) => c.set(`k${i}`, 'g', value, 1_000));
    expect(values.map((_, i) => c.get(`k${i}`, 'g') !== undefined)).toEqual(kept);
  });

  it('replacing a key frees its old weight', () => {
    const c = cache();
    c.set('a', 'g', 'aaaaaaaa', 1_000);
    c.set('a', 'g2', 'aaaaaaaa', 1_000);
    c.set('b', 'g', 'bb', 1_000);
    expect([c.get('a', 'g2'), c.get('b', 'g')]).toEqual(['aaaaaaaa', 'bb']);
  });
});
