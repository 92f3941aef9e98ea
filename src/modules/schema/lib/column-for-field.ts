import type { TableColumnOptions } from 'typeorm';
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

/** A default value as the SQL literal TypeORM's table API expects. */
export function defaultLiteral(value: unknown, type: FieldType): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && /^(now\(\)|current_timestamp)$/i.test(value) && ['timestamp', 'dateTime', 'date'].includes(type)) {
    return 'CURRENT_TIMESTAMP';
  }
  if (type === 'boolean') return value === true || value === 'true' || value === 1 ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The TypeORM column for a field of API.md 11 (identifiers are never interpolated here). */
export function columnForField(dialect: Dialect, field: string, type: FieldType, schema: FieldSchemaInput = {}): TableColumnOptions {
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
