import type { FieldType } from '../schema.types';

/**
 * Best guess of a field type from an introspected column, for columns without a stored type (system
 * tables). JSON columns cannot be told from text on every vendor; those are declared in system-schema.
 */
export function fieldTypeOfColumn(dbType: string, length: string | number | undefined, width?: number): FieldType {
  const type = dbType.toLowerCase();
  const size = length === undefined || length === '' ? undefined : Number(length);
  if (type === 'tinyint' && (width === 1 || size === 1)) return 'boolean';
  if (type === 'boolean' || type === 'bool') return 'boolean';
  if (type === 'uuid' || (type === 'char' && size === 36) || (type === 'varchar' && size === 36)) return 'uuid';
  if (['int', 'integer', 'int4', 'smallint', 'mediumint', 'tinyint', 'int2'].includes(type)) return 'integer';
  if (['bigint', 'int8'].includes(type)) return 'bigInteger';
  if (['float', 'double', 'real', 'double precision', 'float4', 'float8'].includes(type)) return 'float';
  if (['decimal', 'numeric'].includes(type)) return 'decimal';
  if (['json', 'jsonb'].includes(type)) return 'json';
  if (type === 'date') return 'date';
  if (type.startsWith('time') && !type.startsWith('timestamp')) return 'time';
  if (type === 'timestamp with time zone' || type === 'timestamptz') return 'timestamp';
  if (type === 'datetime' || type.startsWith('timestamp')) return 'dateTime';
  if (['text', 'longtext', 'mediumtext', 'tinytext', 'clob'].includes(type)) return 'text';
  return 'string';
}
