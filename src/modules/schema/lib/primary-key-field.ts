import type { FieldInput } from '../schema-inputs';

const DEFAULT_KEY: FieldInput = {
  field: 'id',
  type: 'integer',
  meta: { hidden: true, readonly: true, interface: 'input' },
  schema: { is_primary_key: true, has_auto_increment: true },
};

/**
 * The fields of a new collection with its primary key (as the reference creates tables): the field
 * marked as the key; else an auto-increment integer field, which a table can only have as its key;
 * else an `id` auto-increment integer added first.
 */
export function withPrimaryKey(fields: FieldInput[]): FieldInput[] {
  if (fields.some((f) => f.schema?.is_primary_key)) return fields;
  const counter = fields.find(
    (f) => (f.type === 'integer' || f.type === 'bigInteger') && f.schema?.has_auto_increment === true,
  );
  if (!counter) return [DEFAULT_KEY, ...fields];
  return fields.map((f) => (f === counter ? { ...f, schema: { ...f.schema, is_primary_key: true } } : f));
}
