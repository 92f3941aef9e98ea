import type { TableColumnOptions } from 'typeorm';
import { InvalidPayloadError } from '../../../common/errors/errors';
import type { Dialect } from '../../../database/dialects/dialect';
import type { FieldType } from '../schema.types';

export interface FieldSchemaInput {
  default_value?: unknown;
  max_length?: number | null;
  numeric_precision?: number | null;
  numeric_scale?: number | null;
  is_nullable?: boolean;
  is_unique?: boolean;
  is_indexed?: boolean;
  is_primary_key?: boolean;
  has_auto_increment?: boolean;
}

/**
 * Sizes every vendor accepts for the types that use them: a utf8mb4 VARCHAR holds 16383 characters on
 * MariaDB, a DECIMAL 65 digits with 30 after the point. Other types ignore sizes (snapshots carry the
 * sizes their vendor reports, 4294967295 for a MariaDB longtext).
 */
const LIMITS: Record<
  string,
  Partial<Record<'max_length' | 'numeric_precision' | 'numeric_scale', [number, number]>>
> = {
  string: { max_length: [1, 16383] },
  hash: { max_length: [1, 16383] },
  decimal: { numeric_precision: [1, 65], numeric_scale: [0, 30] },
};
const SIZES = ['max_length', 'numeric_precision', 'numeric_scale'] as const;
const FLAGS = ['is_nullable', 'is_unique', 'is_indexed', 'is_primary_key', 'has_auto_increment'] as const;

/**
 * The `schema` member of a field write, checked before it reaches DDL: sizes are whole numbers (in range
 * where the type uses them), flags are booleans. Anything else is 400 INVALID_PAYLOAD naming the member.
 * `currentPrecision` is the precision a scale is checked against when the write does not give one.
 */
export function checkFieldSchema(
  schema: Record<string, unknown>,
  field: string,
  type: FieldType,
  currentPrecision = 10,
): FieldSchemaInput {
  const fail = (key: string, expected: string) =>
    new InvalidPayloadError(`"schema.${key}" of field "${field}" must be ${expected}`);
  for (const key of SIZES) {
    const value = schema[key];
    if (value === undefined || value === null) continue;
    const [min, max] = LIMITS[type]?.[key] ?? [0, Number.MAX_SAFE_INTEGER];
    if (!Number.isInteger(value) || (value as number) < min || (value as number) > max)
      throw fail(key, `a whole number from ${min} to ${max}`);
  }
  const { numeric_precision: precision, numeric_scale: scale } = schema;
  if (
    type === 'decimal' &&
    typeof scale === 'number' &&
    scale > ((precision as number | null | undefined) ?? currentPrecision)
  ) {
    throw fail('numeric_scale', 'at most its "numeric_precision"');
  }
  for (const flag of FLAGS) {
    const value = schema[flag];
    if (value !== undefined && value !== null && typeof value !== 'boolean') throw fail(flag, 'true or false');
  }
  return schema;
}

/** A default value as the SQL literal TypeORM's table API expects. */
export function defaultLiteral(value: unknown, type: FieldType): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (
    typeof value === 'string' &&
    /^(now\(\)|current_timestamp)$/i.test(value) &&
    ['timestamp', 'dateTime', 'date'].includes(type)
  ) {
    return 'CURRENT_TIMESTAMP';
  }
  if (type === 'boolean') return value === true || value === 'true' || value === 1 ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The TypeORM column for a field of API.md 11 (identifiers are never interpolated here). */
export function columnForField(
  dialect: Dialect,
  field: string,
  type: FieldType,
  schema: FieldSchemaInput = {},
): TableColumnOptions {
  const primary = schema.is_primary_key === true;
  if (primary && type === 'integer' && schema.has_auto_increment !== false) {
    return { name: field, type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
  }
  if (primary && type === 'bigInteger' && schema.has_auto_increment) {
    return { name: field, type: 'bigint', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
  }
  const column = dialect.fieldColumn(type, {
    length: schema.max_length,
    precision: schema.numeric_precision,
    scale: schema.numeric_scale,
  });
  return {
    name: field,
    ...column,
    isPrimary: primary,
    isNullable: primary ? false : schema.is_nullable !== false,
    default: primary ? undefined : defaultLiteral(schema.default_value, type),
  };
}
