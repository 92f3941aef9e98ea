import { until } from '../../helpers/until';

/** The test helper every wait of the suite goes through (test/helpers/until.ts). */
describe('until', () => {
  it.each([
    ['checked again on every turn of the event loop', 0],
    ['checked again after each spacing', 30],
  ])('resolves once the state holds, %s', async (_, everyMs) => {
    let checks = 0;
    const started = Date.now();
    await until(() => ++checks === 3, 'the third check', 1_000, everyMs);
    expect(checks).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * everyMs - 2);
  });

  it('takes a state read asynchronously', async () => {
    let checks = 0;
    await until(async () => ++checks === 2, 'the second check');
    expect(checks).toBe(2);
  });

  it('fails naming what was awaited once its deadline has passed', async () => {
    await expect(until(() => false, 'a state that never comes', 50, 10)).rejects.toThrow(
      'a state that never comes: not reached within 50 ms',
    );
  });

  it('passes on the error of a check that throws', async () => {
    await expect(
      until(() => {
        throw new Error('the server exited');
      }, 'never'),
    ).rejects.toThrow('the server exited');
  });
});
