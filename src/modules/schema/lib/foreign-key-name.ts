import { createHash } from 'node:crypto';

/** PostgreSQL cuts identifiers at 63 bytes and MySQL refuses longer than 64. */
const MAX_BYTES = 63;
const HASH_LENGTH = 10;

/**
 * The name of the foreign key of `collection.field`: `<collection>_<field>_foreign`, or, when that is too
 * long, its start and a hash of the whole, so that two long names sharing their first 63 bytes (a
 * junction's two keys) do not become the same constraint.
 */
export function foreignKeyName(collection: string, field: string): string {
  const name = `${collection}_${field}_foreign`;
  if (Buffer.byteLength(name) <= MAX_BYTES) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, HASH_LENGTH);
  let head = name.slice(0, MAX_BYTES - HASH_LENGTH - 1);
  while (Buffer.byteLength(head) > MAX_BYTES - HASH_LENGTH - 1) head = head.slice(0, -1);
  return `${head}_${hash}`;
}
