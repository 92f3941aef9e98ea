import { SamlRequestCache } from './saml-request-cache';

describe(SamlRequestCache.name, () => {
  let clock = 0;
  const cache = () => new SamlRequestCache(1000, 2, () => clock);

  beforeEach(() => {
    clock = 0;
  });

  it('answers a saved request until it expires, and once removed no more', async () => {
    const c = cache();
    await c.saveAsync('a', 'x');
    expect(await c.getAsync('a')).toBe('x');
    clock = 1000;
    expect(await c.getAsync('a')).toBeNull();
    await c.saveAsync('b', 'y');
    expect(await c.removeAsync('b')).toBe('y');
    expect(await c.getAsync('b')).toBeNull();
  });

  it('keeps at most its bound, forgetting the oldest first', async () => {
    const c = cache();
    for (const key of ['a', 'b', 'c']) await c.saveAsync(key, key);
    expect(await Promise.all(['a', 'b', 'c'].map((k) => c.getAsync(k)))).toEqual([null, 'b', 'c']);
  });

  it('does not replace a key already saved', async () => {
    const c = cache();
    expect(await c.saveAsync('a', 'x')).toEqual({ value: 'x', createdAt: 0 });
    expect(await c.saveAsync('a', 'z')).toBeNull();
    expect(await c.getAsync('a')).toBe('x');
  });
});
