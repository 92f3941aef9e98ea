import { InvalidPayloadError } from '../../../common/errors/errors';
import { parseVersionCreate, parseVersionUpdate } from './version-payload';

describe(parseVersionCreate.name, () => {
  it.each([
    [
      { key: 'draft', collection: 'articles', item: '1' },
      { key: 'draft', collection: 'articles', item: '1' },
    ],
    [
      { key: 'draft', name: 'Draft', collection: 'articles', item: '1' },
      { key: 'draft', name: 'Draft', collection: 'articles', item: '1' },
    ],
    [
      { key: 'draft', name: null, collection: 'articles', item: 'abc' },
      { key: 'draft', name: null, collection: 'articles', item: 'abc' },
    ],
    [
      { key: 'draft', collection: 'articles', item: null },
      { key: 'draft', collection: 'articles', item: null },
    ],
    [
      { key: 'draft', collection: 'articles' },
      { key: 'draft', collection: 'articles', item: null },
    ],
  ])('accepts %j', (body, expected) => expect(parseVersionCreate(body)).toEqual(expected));

  it.each([
    ['not an object', []],
    ['a missing key', { collection: 'articles', item: '1' }],
    ['an empty key', { key: '', collection: 'articles', item: '1' }],
    ['a key over 64 characters', { key: 'k'.repeat(65), collection: 'articles', item: '1' }],
    ['the reserved key main', { key: 'main', collection: 'articles', item: '1' }],
    ['the reserved key published', { key: 'published', collection: 'articles', item: '1' }],
    ['a missing collection', { key: 'draft', item: '1' }],
    ['a numeric item', { key: 'draft', collection: 'articles', item: 1 }],
    ['a missing item with a key other than draft', { key: 'next', collection: 'articles' }],
    ['a null item with a key other than draft', { key: 'next', collection: 'articles', item: null }],
    ['an empty item', { key: 'draft', collection: 'articles', item: '' }],
    ['a numeric name', { key: 'draft', name: 3, collection: 'articles', item: '1' }],
    ['an empty name', { key: 'draft', name: '', collection: 'articles', item: '1' }],
    ['a server field', { key: 'draft', collection: 'articles', item: '1', hash: 'x' }],
    ['a delta', { key: 'draft', collection: 'articles', item: '1', delta: {} }],
  ])('refuses %s', (_label, body) => expect(() => parseVersionCreate(body)).toThrow(InvalidPayloadError));
});

describe(parseVersionUpdate.name, () => {
  it.each([[{ key: 'next' }], [{ name: 'Renamed' }], [{ key: 'next', name: null }], [{}]])('accepts %j', (body) =>
    expect(parseVersionUpdate(body)).toEqual(body),
  );

  it.each([
    ['a new collection', { collection: 'other' }, /can't be changed/],
    ['a new item', { item: '2' }, /can't be changed/],
    ['a delta', { delta: { title: 'x' } }, /not allowed/],
    ['a hash', { hash: 'x' }, /not allowed/],
    ['several unknown members, all named', { hash: 'x', delta: {} }, '"hash", "delta" are not allowed'],
    ['a reserved key', { key: 'main' }, /reserved/],
    ['an empty key', { key: '' }, /non-empty/],
    ['an empty name', { name: '' }, /non-empty/],
    ['not an object', 'key', /object/],
  ])('refuses %s', (_label, body, message) => {
    expect(() => parseVersionUpdate(body)).toThrow(InvalidPayloadError);
    expect(() => parseVersionUpdate(body)).toThrow(message);
  });
});
