const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL refuses a non-UUID string compared with a uuid column, so ids are checked before querying. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
