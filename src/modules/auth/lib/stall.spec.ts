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
    const started = Date.now();
    await withStall(10, () => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(Date.now() - started).toBeLessThan(150);
  });
});
