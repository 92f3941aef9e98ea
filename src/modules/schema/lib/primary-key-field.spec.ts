import type { FieldInput } from '../schema-inputs';
import { withPrimaryKey } from './primary-key-field';

const name: FieldInput = { field: 'name', type: 'string' };

describe(withPrimaryKey.name, () => {
  it.each<[string, FieldInput[], string[], string]>([
    ['no key: an id added first', [name], ['id', 'name'], 'id'],
    [
      'a field marked as the key',
      [name, { field: 'code', type: 'string', schema: { is_primary_key: true } }],
      ['name', 'code'],
      'code',
    ],
    [
      'an auto-increment integer is the key',
      [name, { field: 'n', type: 'integer', schema: { is_primary_key: false, has_auto_increment: true } }],
      ['name', 'n'],
      'n',
    ],
    [
      'an auto-increment big integer is the key',
      [{ field: 'big', type: 'bigInteger', schema: { has_auto_increment: true } }],
      ['big'],
      'big',
    ],
    [
      'a marked key wins over an auto-increment field',
      [
        { field: 'n', type: 'integer', schema: { has_auto_increment: true } },
        { field: 'k', type: 'uuid', schema: { is_primary_key: true } },
      ],
      ['n', 'k'],
      'k',
    ],
    [
      'auto-increment on a string is no key',
      [{ field: 's', type: 'string', schema: { has_auto_increment: true } }],
      ['id', 's'],
      'id',
    ],
  ])('%s', (_label, fields, names, key) => {
    const result = withPrimaryKey(fields);
    expect(result.map((f) => f.field)).toEqual(names);
    expect(result.filter((f) => f.schema?.is_primary_key).map((f) => f.field)).toEqual([key]);
  });
});
