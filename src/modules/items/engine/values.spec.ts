import { InvalidPayloadError, ValueOutOfRangeError, ValueTooLongError } from '../../../common/errors/errors';
import { dialectFor } from '../../../database/dialects/dialect-for';
import type { FieldOverview, FieldType } from '../../schema/schema.types';
import { fromDb, readValue, toDb } from './values';

const field = (type: FieldType, maxLength: number | null = null) =>
  ({ collection: 'c', field: 'f', type, maxLength }) as FieldOverview;

describe(toDb.name, () => {
  it.each<[FieldType, unknown, string, unknown]>([
    ['string', 12, 'postgres', '12'],
    ['uuid', '3F2504E0-4F89-41D3-9A0C-0305E82C3301', 'postgres', '3f2504e0-4f89-41d3-9a0c-0305e82c3301'],
    ['integer', ' 42 ', 'postgres', 42],
    ['bigInteger', 2 ** 40, 'postgres', 2 ** 40],
    ['float', '1.5', 'postgres', 1.5],
    ['boolean', 'true', 'postgres', true],
    ['boolean', '0', 'sqlite', 0],
    ['json', { a: [1] }, 'postgres', '{"a":[1]}'],
    ['csv', ['a', 2], 'postgres', 'a,2'],
    ['csv', 'a,b', 'postgres', 'a,b'],
    ['dateTime', '2024-01-31T10:20:30Z', 'postgres', '2024-01-31 10:20:30'],
    ['date', '2024-01-31', 'mysql', '2024-01-31'],
    ['time', '10:20', 'postgres', '10:20:00'],
    ['text', null, 'postgres', null],
  ])('%s %j on %s is %j', (type, value, vendor, stored) =>
    expect(toDb(field(type), value, dialectFor(vendor))).toEqual(stored),
  );

  it.each<[FieldType, unknown, new (...args: never[]) => Error]>([
    ['string', { a: 1 }, InvalidPayloadError],
    ['uuid', 'nope', InvalidPayloadError],
    ['integer', 1.5, InvalidPayloadError],
    ['float', 'x', InvalidPayloadError],
    ['boolean', 'yes', InvalidPayloadError],
    ['csv', 5, InvalidPayloadError],
    ['date', 'someday', InvalidPayloadError],
    ['time', '25h', InvalidPayloadError],
    ['alias', 'x', InvalidPayloadError],
  ])('refuses %s %j', (type, value, error) =>
    expect(() => toDb(field(type), value, dialectFor('postgres'))).toThrow(error),
  );

  it('refuses an integer beyond 32 bits as the database would', () => {
    expect(() => toDb(field('integer'), 2147483648, dialectFor('sqlite'))).toThrow(
      new ValueOutOfRangeError({ collection: 'c', field: 'f' }),
    );
    expect(() => toDb(field('integer'), -2147483649, dialectFor('sqlite'))).toThrow(ValueOutOfRangeError);
    expect([2147483647, -2147483648].map((n) => toDb(field('integer'), n, dialectFor('sqlite')))).toEqual([
      2147483647, -2147483648,
    ]);
  });

  it('refuses a string over the field length as the database would', () => {
    expect(() => toDb(field('string', 3), 'abcd', dialectFor('postgres'))).toThrow(
      new ValueTooLongError({ collection: 'c', field: 'f' }),
    );
    expect(toDb(field('string', 3), 'abc', dialectFor('postgres'))).toBe('abc');
  });
});

describe(fromDb.name, () => {
  it.each<[FieldType, unknown, unknown]>([
    ['boolean', 1, true],
    ['boolean', 't', true],
    ['boolean', 0, false],
    ['json', '{"a":1}', { a: 1 }],
    ['json', 'not json', 'not json'],
    ['csv', 'a,b', 'a,b'],
    ['integer', '7', 7],
    ['string', null, null],
  ])('%s %j is %j', (type, stored, value) => expect(fromDb(type, stored)).toEqual(value));
});

describe(readValue.name, () => {
  it.each<[string[], unknown, unknown]>([
    [[], 'a,b', 'a,b'],
    [['cast-csv'], 'a,b', ['a', 'b']],
    [['cast-csv'], '', []],
    [['cast-csv'], null, null],
  ])('csv with specials %j: %j is %j', (special, stored, value) =>
    expect(readValue({ type: 'csv', special }, stored)).toEqual(value),
  );
});
