import { InvalidPayloadError } from '../../../common/errors/errors';
import { snapshot, collection, field } from './schema-fixtures';
import { validateSnapshot } from './validate-snapshot';
import { snapshotHash } from './snapshot-hash';

describe(validateSnapshot.name, () => {
  const good = snapshot({ collections: [collection('a')], fields: [field('a', 'title')] });

  it('accepts a snapshot and its { data } envelope alike', () => {
    expect(validateSnapshot(good)).toEqual(good);
    expect(validateSnapshot({ data: good })).toEqual(good);
  });

  it('fills a missing systemFields with an empty list', () => {
    const { systemFields: _omitted, ...older } = good;
    expect(validateSnapshot(older).systemFields).toEqual([]);
  });

  it.each([
    ['an empty object', {}, 'non-empty'],
    ['version 3', { ...good, version: 3 }, 'version'],
    ['no platform', { ...good, platform: undefined }, 'platform'],
    ['an unknown vendor', { ...good, vendor: 'excel' }, 'vendor'],
    ['fields that are not a list', { ...good, fields: {} }, 'fields'],
    ['a field without type', { ...good, fields: [{ collection: 'a', field: 'x' }] }, 'fields[0]'],
    ['a collection without name', { ...good, collections: [{ meta: null }] }, 'collections[0]'],
    [
      'a relation with a numeric related_collection',
      { ...good, relations: [{ collection: 'a', field: 'b', related_collection: 5 }] },
      'relations[0]',
    ],
    [
      'a meta holding constructor',
      { ...good, collections: [{ ...collection('a'), meta: { constructor: { prototype: { z: 1 } } } }] },
      'The snapshot may not use "constructor" as a key',
    ],
  ])('refuses %s', (_label, input, mention) => {
    expect(() => validateSnapshot(input)).toThrow(InvalidPayloadError);
    expect(() => validateSnapshot(input)).toThrow(mention);
  });
});

describe(snapshotHash.name, () => {
  it('is stable and depends on the schema and the version', () => {
    const a = snapshot({ collections: [collection('a')] });
    expect(snapshotHash(a, '1.0.0')).toBe(snapshotHash(structuredClone(a), '1.0.0'));
    expect(snapshotHash(a, '1.0.0')).not.toBe(snapshotHash(a, '1.0.1'));
    expect(snapshotHash(a, '1.0.0')).not.toBe(snapshotHash(snapshot(), '1.0.0'));
  });
});
