import { cronMatches, parseCron } from './cron-schedule';

/** 2026-03-02 is a Monday. */
const at = (day: number, hour: number, minute: number) => new Date(2026, 2, day, hour, minute);

describe('parseCron', () => {
  it.each(['', '* * * *', '* * * * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * * 13 *', '* * * * 8', '5-1 * * * *', '*/0 * * * *', 'a * * * *', '1,,2 * * * *'])(
    'refuses %j',
    (text) => {
      expect(parseCron(text)).toBeNull();
    },
  );
});

describe('cronMatches', () => {
  it.each<[string, Date, boolean]>([
    ['0 * * * *', at(2, 10, 0), true],
    ['0 * * * *', at(2, 10, 1), false],
    ['*/15 * * * *', at(2, 10, 45), true],
    ['*/15 * * * *', at(2, 10, 50), false],
    ['5-10/5 3 * * *', at(2, 3, 10), true],
    ['5-10/5 3 * * *', at(2, 4, 10), false],
    ['0 0 * * 1', at(2, 0, 0), true],
    ['0 0 * * 0', at(8, 0, 0), true],
    ['0 0 * * 7', at(8, 0, 0), true],
    ['0 0 * * 1', at(3, 0, 0), false],
    ['0 0 15 * 1', at(2, 0, 0), true],
    ['0 0 2 * 5', at(2, 0, 0), true],
    ['0 0 3 * 5', at(2, 0, 0), false],
    ['30 12 2 3 *', at(2, 12, 30), true],
    ['30 12 2 4 *', at(2, 12, 30), false],
    ['1,2,59 * * * *', at(2, 1, 59), true],
  ])('%s at %s: %s', (text, date, expected) => {
    expect(cronMatches(parseCron(text)!, date)).toBe(expected);
  });
});
