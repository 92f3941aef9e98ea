import { MemoryGenerations } from './generations';

describe(MemoryGenerations.name, () => {
  it('replaces the generation of the names bumped only', async () => {
    const generations = new MemoryGenerations();
    const before = await generations.read(['a', 'b', '*']);
    await generations.bump(['a']);
    const after = await generations.read(['a', 'b', '*']);
    expect([after[0] === before[0], after[1] === before[1], after[2] === before[2]]).toEqual([false, true, true]);
    await generations.bump(['a']);
    expect((await generations.read(['a']))[0]).not.toBe(after[0]);
  });
});
