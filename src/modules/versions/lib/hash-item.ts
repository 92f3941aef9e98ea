import objectHash from 'object-hash';

/**
 * The hash of a main item as the reference platform computes it (API.md 5.5): object-hash with its
 * defaults (SHA-1, hex, key order ignored, value types respected), so hashes taken by its clients compare
 * equal here.
 */
export function hashItem(item: Record<string, unknown>): string {
  return objectHash(item);
}
