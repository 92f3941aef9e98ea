import { InvalidPayloadError } from '../../../common/errors/errors';
import { COLLECTION_META, FIELD_META, pickMeta, RELATION_META } from './meta-values';

describe(pickMeta.name, () => {
  it.each([
    [
      COLLECTION_META,
      { icon: 'box', note: null, hidden: true, sort: 3, translations: [{ language: 'en' }], collapse: 'open', nope: 1 },
      { icon: 'box', note: null, hidden: true, sort: 3, translations: [{ language: 'en' }], collapse: 'open' },
    ],
    [
      FIELD_META,
      { special: ['uuid'], options: { a: 1 }, validation: { x: { _eq: 1 } }, required: false, sort: null },
      { special: ['uuid'], options: { a: 1 }, validation: { x: { _eq: 1 } }, required: false, sort: null },
    ],
    [
      FIELD_META,
      { validation: { _and: [{ code: { _regex: '/^[a-z]+$/i' } }] } },
      { validation: { _and: [{ code: { _regex: '/^[a-z]+$/i' } }] } },
    ],
    [FIELD_META, { validation: null }, { validation: null }],
    [
      RELATION_META,
      { one_field: 'kids', one_allowed_collections: 'a,b', junction_field: null },
      { one_field: 'kids', one_allowed_collections: 'a,b', junction_field: null },
    ],
    [COLLECTION_META, null, {}],
  ])('keeps the known members of %#', (kinds, source, expected) => expect(pickMeta(source, kinds)).toEqual(expected));

  it.each([
    [COLLECTION_META, { icon: -Infinity }, '"meta.icon" must be a string or null'],
    [COLLECTION_META, { note: { _nope: 1 } }, '"meta.note"'],
    [COLLECTION_META, { hidden: 'yes' }, '"meta.hidden" must be true or false'],
    [COLLECTION_META, { hidden: null }, '"meta.hidden"'],
    [COLLECTION_META, { sort: 1.5 }, '"meta.sort" must be a whole number'],
    [COLLECTION_META, { sort: 2 ** 31 }, '"meta.sort"'],
    [COLLECTION_META, { collapse: null }, '"meta.collapse" must be a string'],
    [FIELD_META, { special: [1] }, '"meta.special"'],
    [RELATION_META, { one_field: ['x'] }, '"meta.one_field"'],
    [FIELD_META, { validation: 'x' }, '"meta.validation" must be a filter object or null'],
    [COLLECTION_META, { translations: 'x' }, '"meta.translations" must be an array or null'],
    [FIELD_META, { options: 'x' }, '"meta.options" must be an object or null'],
    [FIELD_META, { conditions: { a: 1 } }, '"meta.conditions" must be an array or null'],
    [FIELD_META, { validation: { _and: { x: 1 } } }, '"_and" in "meta.validation" must be an array of filters'],
    [FIELD_META, { validation: { title: { _regex: '(' } } }, 'not a valid regular expression'],
    [FIELD_META, { validation: { title: { _nope: 1 } } }, 'Unknown filter operator "_nope"'],
  ])('refuses %#: %j', (kinds, source, message) => {
    expect(() => pickMeta(source, kinds)).toThrow(InvalidPayloadError);
    expect(() => pickMeta(source, kinds)).toThrow(message);
  });

  // `sort` is a 32-bit integer column: both ends of its range are kept, one step past either is refused.
  it.each<[number, boolean]>([
    [-2147483648, true],
    [2147483647, true],
    [0, true],
    [-2147483649, false],
    [2147483648, false],
  ])('a sort of %d is kept: %s', (sort, kept) => {
    if (kept) expect(pickMeta({ sort }, COLLECTION_META)).toEqual({ sort });
    else expect(() => pickMeta({ sort }, COLLECTION_META)).toThrow('"meta.sort" must be a whole number');
  });
});
