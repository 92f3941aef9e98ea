import { nextRun, parseCron } from './cron';

/** Local times, as the schedules run. */
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s);

describe(parseCron.name, () => {
  it.each([
    ['*/1 * * * *', at(2026, 11, 27, 10, 15, 30), at(2026, 11, 27, 10, 16, 0)],
    ['*/5 * * * * *', at(2026, 11, 27, 10, 15, 31), at(2026, 11, 27, 10, 15, 35)],
    ['0 0 * * *', at(2026, 11, 27, 10, 15), at(2026, 11, 28)],
    ['30 2 1 * *', at(2026, 12, 5), at(2027, 1, 1, 2, 30)],
    ['0 9 * * MON', at(2026, 11, 27), at(2026, 11, 30, 9)],
    ['0 9 * * 7', at(2026, 11, 27), at(2026, 11, 29, 9)],
    ['0 0 1 JAN-MAR/2 *', at(2026, 11, 27), at(2027, 1, 1)],
    ['0 0 13 * FRI', at(2026, 11, 1), at(2026, 11, 6)],
    ['15,45 8-10 * * *', at(2026, 11, 27, 8, 20), at(2026, 11, 27, 8, 45)],
    ['0 0 29 2 *', at(2026, 3, 1), at(2028, 2, 29)],
  ])('runs %s after %s at %s', (expression, after, expected) => {
    expect(nextRun(parseCron(expression), after)).toEqual(expected);
  });

  it.each([
    ['', /5 or 6 fields/],
    ['* * * *', /5 or 6 fields/],
    ['60 * * * *', /no minute/],
    ['* 24 * * *', /no hour/],
    ['* * 0 * *', /no day of month/],
    ['* * * 13 *', /no month/],
    ['* * * * FUN', /no day of week/],
    ['*/0 * * * *', /bad step/],
    ['5-1 * * * *', /backwards/],
    ['1-2-3 * * * *', /not a range/],
    ['0 0 30 2 *', /never runs/],
  ])('refuses %j', (expression, message) => {
    expect(() => parseCron(expression)).toThrow(message);
  });
});
