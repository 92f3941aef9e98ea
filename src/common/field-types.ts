/**
 * Field types of API.md 11. `alias` fields have no column (one-to-many, many-to-many, groups). Kept in
 * common/ so the OpenAPI document, which imports no module, lists the very types the schema accepts.
 */
export const FIELD_TYPES = [
  'string',
  'text',
  'integer',
  'bigInteger',
  'float',
  'decimal',
  'boolean',
  'json',
  'csv',
  'uuid',
  'hash',
  'date',
  'time',
  'dateTime',
  'timestamp',
  'alias',
] as const;
