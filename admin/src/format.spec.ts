import { formatDateTime, formatNumber, personName } from './format';

describe('formatDateTime', () => {
  it.each([
    ['2026-03-04T05:06:00.000Z', 'en', /Mar 4, 2026/],
    ['2026-03-04T05:06:00.000Z', 'de', /04\.03\.2026/],
    ['not a date', 'en', /^not a date$/],
    [null, 'en', /^$/],
  ])('%p in %s', (value, locale, expected) => {
    expect(formatDateTime(value, locale)).toMatch(expected);
  });
});

describe('formatNumber', () => {
  it.each([
    [1234567, 'en', '1,234,567'],
    [1234567, 'de', '1.234.567'],
    [0, 'de', '0'],
  ])('%p in %s', (value, locale, expected) => {
    expect(formatNumber(value, locale)).toBe(expected);
  });
});

describe('personName', () => {
  it.each([
    [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }, 'Ada Lovelace'],
    [{ first_name: 'Ada', last_name: ' ', email: 'ada@example.com' }, 'Ada'],
    [{ first_name: null, last_name: null, email: 'ada@example.com' }, 'ada@example.com'],
    [{}, null],
    [null, null],
  ])('%p', (person, expected) => {
    expect(personName(person)).toBe(expected);
  });
});
