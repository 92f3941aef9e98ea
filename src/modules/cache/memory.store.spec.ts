import { MemoryStore } from './memory.store';

describe(MemoryStore.name, () => {
  let now = 0;
  const store = () => new MemoryStore(() => now);

  beforeEach(() => {
    now = 1_000;
  });

  it('keeps a value until its time to live has passed', async () => {
    const s = store();
    await s.set('a', '1', 100);
    await s.set('b', '2');
    now += 99;
    expect(await s.getMany(['a', 'b', 'c'])).toEqual(['1', '2', undefined]);
    now += 1;
    expect(await s.getMany(['a', 'b'])).toEqual([undefined, '2']);
  });

  it.each([
    ['ns:data:', ['ns:gen:x'], ['ns:data:1', 'ns:data:2']],
    ['ns:', [], ['ns:data:1', 'ns:data:2', 'ns:gen:x']],
    ['other:', ['ns:data:1', 'ns:data:2', 'ns:gen:x'], []],
  ])('deleting prefix %s keeps %j', async (prefix, kept, gone) => {
    const s = store();
    await s.setMany([
      ['ns:data:1', 'a'],
      ['ns:data:2', 'b'],
      ['ns:gen:x', 'c'],
    ]);
    await s.deleteByPrefix(prefix);
    const all = ['ns:data:1', 'ns:data:2', 'ns:gen:x'];
    const values = await s.getMany(all);
    expect(all.filter((_k, i) => values[i] !== undefined)).toEqual(kept);
    expect(all.filter((_k, i) => values[i] === undefined)).toEqual(gone);
  });

  it('drops the oldest entries when full', async () => {
    const s = store();
    for (let i = 0; i < 10_001; i++) await s.set(`k${i}`, String(i), 1_000);
    expect(await s.getMany(['k0', 'k1', 'k10000'])).toEqual([undefined, '1', '10000']);
  });

  it('drops the entries read least recently when full', async () => {
    const s = new MemoryStore(() => now, 3);
    for (const k of ['a', 'b', 'c']) await s.set(k, k, 1_000);
    await s.getMany(['a']);
    await s.set('d', 'd', 1_000);
    expect(await s.getMany(['a', 'b', 'c', 'd'])).toEqual(['a', undefined, 'c', 'd']);
  });
});
