import type { FieldType } from '../../schema/schema.types';
import { primaryKeyFor } from './primary-key';

describe(primaryKeyFor.name, () => {
  it.each<[FieldType, unknown, string | number | null]>([
    ['integer', 3, 3],
    ['integer', '12', 12],
    ['integer', 'abc', null],
    ['integer', ' ', null],
    ['bigInteger', '9000', 9000],
    ['uuid', '3F0E7A4C-1111-4222-8333-944455556666', '3f0e7a4c-1111-4222-8333-944455556666'],
    ['uuid', 'nope', null],
    ['string', 'slug', 'slug'],
    ['string', 7, '7'],
    ['string', '', null],
    ['string', null, null],
    ['integer', { id: 1 }, null],
    ['integer', -1e308, null],
    ['integer', 1.5, null],
    ['integer', 2147483648, null],
    ['bigInteger', 2147483648, 2147483648],
    ['bigInteger', 1e20, null],
    ['float', 1.5, 1.5],
  ])('%s key %j → %j', (type, key, expected) => expect(primaryKeyFor(type, key)).toBe(expected));
});
