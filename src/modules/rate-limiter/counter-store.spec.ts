import { setTimeout as sleep } from 'node:timers/promises';
import { MemoryCounterStore } from './counter-store';

describe(MemoryCounterStore.name, () => {
  it('counts hits inside a window and starts over after it', async () => {
    const store = new MemoryCounterStore();
    expect((await store.hit('a', 50)).count).toBe(1);
    const second = await store.hit('a', 50);
    expect(second.count).toBe(2);
    expect(second.msLeft).toBeGreaterThan(0);
    expect(second.msLeft).toBeLessThanOrEqual(50);
    expect((await store.get('a')).count).toBe(2);
    await sleep(60);
    expect((await store.get('a')).count).toBe(0);
    expect((await store.hit('a', 50)).count).toBe(1);
  });

  it('keeps keys apart and resets one', async () => {
    const store = new MemoryCounterStore();
    await store.hit('a', 1000);
    await store.hit('b', 1000);
    await store.reset('a');
    expect([(await store.get('a')).count, (await store.get('b')).count]).toEqual([0, 1]);
  });

  it.each([
    ['a first value', [], 5, true],
    ['a higher value', [5], 6, true],
    ['the same value', [5], 5, false],
    ['a lower value', [6], 5, false],
    ['a value below a refused one', [4, 7, 7], 6, false],
  ])('raise: %s → %s', async (_label, before, value, expected) => {
    const store = new MemoryCounterStore();
    for (const kept of before) await store.raise('k', kept, 1000);
    expect(await store.raise('k', value, 1000)).toBe(expected);
  });

  it('raise: forgets the kept value once its window ends', async () => {
    const store = new MemoryCounterStore();
    expect(await store.raise('k', 5, 30)).toBe(true);
    await sleep(40);
    expect(await store.raise('k', 3, 30)).toBe(true);
  });
});
