import { dialectFor } from '../../../database/dialects/dialect-for';
import { InvalidPayloadError } from '../../../common/errors/errors';
import { checkFieldSchema, columnForField, defaultLiteral } from './column-for-field';

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
    [
      'sqlite',
      'id',
      'integer',
      { is_primary_key: true },
      { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
    ],
    [
      'postgres',
      'id',
      'uuid',
      { is_primary_key: true },
      { name: 'id', type: 'uuid', isPrimary: true, isNullable: false, default: undefined },
    ],
    [
      'mysql',
      'title',
      'string',
      { max_length: 80, default_value: 'x' },
      { name: 'title', type: 'varchar', length: '80', isPrimary: false, isNullable: true, default: "'x'" },
    ],
    [
      'mysql',
      'tags',
      'json',
      { is_nullable: false },
      { name: 'tags', type: 'longtext', isPrimary: false, isNullable: false, default: undefined },
    ],
    [
      'postgres',
      'price',
      'decimal',
      { numeric_precision: 8, numeric_scale: 2 },
      {
        name: 'price',
        type: 'numeric',
        precision: 8,
        scale: 2,
        isPrimary: false,
        isNullable: true,
        default: undefined,
      },
    ],
    [
      'postgres',
      'at',
      'timestamp',
      {},
      { name: 'at', type: 'timestamp with time zone', isPrimary: false, isNullable: true, default: undefined },
    ],
    ['mysql', 'f', 'float', {}, { name: 'f', type: 'double', isPrimary: false, isNullable: true, default: undefined }],
  ] as const)('%s %s %s', (vendor, field, type, schema, expected) =>
    expect(columnForField(dialectFor(vendor), field, type, schema)).toEqual(expected),
  );
});

describe(checkFieldSchema.name, () => {
  it.each([
    [{}, 'string'],
    [{ max_length: 16383, is_nullable: false, is_unique: true }, 'string'],
    [{ numeric_precision: 65, numeric_scale: 30, default_value: { a: 1 } }, 'decimal'],
    [{ max_length: null, numeric_precision: null, is_indexed: null }, 'decimal'],
    [{ max_length: 4294967295 }, 'json'],
    [{ numeric_precision: 53, numeric_scale: 0 }, 'float'],
  ] as const)('accepts %j for a %s', (schema, type) => expect(checkFieldSchema(schema, 'f', type)).toBe(schema));

  it('checks a scale alone against the precision the field already has', () => {
    expect(() => checkFieldSchema({ numeric_scale: 12 }, 'f', 'decimal', 20)).not.toThrow();
    expect(() => checkFieldSchema({ numeric_scale: 12 }, 'f', 'decimal')).toThrow(InvalidPayloadError);
  });

  it.each([
    [{ max_length: 'x' }, 'string', '"schema.max_length"'],
    [{ max_length: 0 }, 'string', '"schema.max_length"'],
    [{ max_length: 100_000_000 }, 'string', 'from 1 to 16383'],
    [{ max_length: -1 }, 'text', '"schema.max_length"'],
    [{ numeric_precision: '1; DROP TABLE x' }, 'decimal', '"schema.numeric_precision"'],
    [{ numeric_scale: 1.5 }, 'decimal', '"schema.numeric_scale"'],
    [{ numeric_precision: 5, numeric_scale: 9 }, 'decimal', 'at most its "numeric_precision"'],
    [{ numeric_scale: 12 }, 'decimal', 'at most its "numeric_precision"'],
    [{ is_nullable: 'no' }, 'string', '"schema.is_nullable" of field "f" must be true or false'],
  ] as const)('refuses %j for a %s', (schema, type, message) => {
    expect(() => checkFieldSchema(schema, 'f', type)).toThrow(InvalidPayloadError);
    expect(() => checkFieldSchema(schema, 'f', type)).toThrow(message);
  });
});
