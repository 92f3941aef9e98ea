import { withStall } from './stall';

describe(withStall.name, () => {
  it.each([
    ['a quick success', () => Promise.resolve('ok'), 'ok'],
    ['a quick failure', () => Promise.reject(new Error('no')), 'no'],
  ])('pads %s to the stall time', async (_label, work, outcome) => {
    const started = Date.now();
    const result = await withStall(80, work).catch((e: Error) => e.message);
    expect(result).toBe(outcome);
    expect(Date.now() - started).toBeGreaterThanOrEqual(79);
  });

  it('does not delay work that already took longer', async () => {
    const slowWork = async () => {
      const started = Date.now();
      while (Date.now() - started < 15);
      return 'done';
    };
    // Padding would wait on a timer, which only runs after the immediate below; no padding answers first.
    const padded = new Promise((resolve) => setImmediate(() => resolve('padded')));
    await expect(Promise.race([withStall(10, slowWork), padded])).resolves.toBe('done');
  });
});
