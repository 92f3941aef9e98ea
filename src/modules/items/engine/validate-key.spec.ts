import type { FieldOverview, FieldType } from '../../schema/schema.types';
import { castKey, validKey } from './validate-key';

const pk = (type: FieldType) => ({ field: 'id', type }) as FieldOverview;
const UUID = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';

describe(validKey.name, () => {
  it.each([
    ['integer', 7, true],
    ['integer', '7', true],
    ['integer', '7.5', false],
    ['integer', 2147483648, false],
    ['integer', '', false],
    ['integer', { id: 1 }, false],
    ['integer', [1], false],
    ['bigInteger', 2 ** 40, true],
    ['bigInteger', 2 ** 54, false],
    ['float', '1.5', true],
    ['decimal', 'x', false],
    ['uuid', UUID, true],
    ['uuid', 'not-a-uuid', false],
    ['string', 'anything', true],
    ['string', null, false],
  ] as [FieldType, unknown, boolean][])('%s key %j is %s', (type, key, valid) =>
    expect(validKey(pk(type), key)).toBe(valid),
  );
});

describe(castKey.name, () => {
  it.each([
    ['integer', '7', 7],
    ['float', '1.5', 1.5],
    ['uuid', UUID, UUID.toLowerCase()],
    ['string', 12, '12'],
  ] as [FieldType, string | number, string | number][])('%s key %j is %j', (type, key, cast) =>
    expect(castKey(pk(type), key)).toBe(cast),
  );
});
