import { dialectFor } from '../../../database/dialects/dialect-for';
import { columnForField, defaultLiteral } from './column-for-field';

describe(defaultLiteral.name, () => {
  it.each([
    [undefined, 'string', undefined],
    [null, 'string', undefined],
    ["it's", 'string', "'it''s'"],
    [5, 'integer', '5'],
    [true, 'boolean', 'true'],
    ['false', 'boolean', 'false'],
    ['now()', 'timestamp', 'CURRENT_TIMESTAMP'],
    ['now()', 'string', "'now()'"],
    [{ a: 1 }, 'json', '\'{"a":1}\''],
  ] as const)('%j as %s → %s', (value, type, expected) => expect(defaultLiteral(value, type)).toBe(expected));
});

describe(columnForField.name, () => {
  it.each([
    ['sqlite', 'id', 'integer', { is_primary_key: true }, { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' }],
    ['postgres', 'id', 'uuid', { is_primary_key: true }, { name: 'id', type: 'uuid', isPrimary: true, isNullable: false, default: undefined }],
    ['mysql', 'title', 'string', { max_length: 80, default_value: 'x' }, { name: 'title', type: 'varchar', length: '80', isPrimary: false, isNullable: true, default: "'x'" }],
    ['mysql', 'tags', 'json', { is_nullable: false }, { name: 'tags', type: 'longtext', isPrimary: false, isNullable: false, default: undefined }],
    ['postgres', 'price', 'decimal', { numeric_precision: 8, numeric_scale: 2 }, { name: 'price', type: 'numeric', precision: 8, scale: 2, isPrimary: false, isNullable: true, default: undefined }],
    ['postgres', 'at', 'timestamp', {}, { name: 'at', type: 'timestamp with time zone', isPrimary: false, isNullable: true, default: undefined }],
    ['mysql', 'f', 'float', {}, { name: 'f', type: 'double', isPrimary: false, isNullable: true, default: undefined }],
  ] as const)('%s %s %s', (vendor, field, type, schema, expected) =>
    expect(columnForField(dialectFor(vendor), field, type, schema)).toEqual(expected));
});
