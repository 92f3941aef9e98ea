import type { Dialect } from './dialects/dialect';

/**
 * Values per `IN (...)` list of a read (related rows, a filter's `_in`): far below every vendor's
 * bound-value limit (Dialect.maxParameters), with room for the other values of the statement; a longer
 * list is bound as one value (Dialect.inList).
 */
export const KEYS_PER_LIST = 500;

/** `list` in slices of `size`, for statements that would otherwise grow with a batch. */
export function chunks<T>(list: readonly T[], size = KEYS_PER_LIST): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Keys per statement of a batch write (its key checks, UPDATEs, DELETEs, revision reads): a quarter of
 * the vendor's bound-value limit, so the statement's other values (an UPDATE's, a row filter's) fit
 * beside them, and a batch of tens of thousands takes a few round trips per step instead of hundreds.
 */
export function keysPerStatement(maxParameters: number): number {
  return Math.max(KEYS_PER_LIST, Math.floor(maxParameters / 4));
}

/** `keys` in slices of keysPerStatement for `dialect`. */
export function keyChunks<T>(dialect: Pick<Dialect, 'maxParameters'>, keys: readonly T[]): T[][] {
  return chunks(keys, keysPerStatement(dialect.maxParameters));
}

/** What `read` answers for each slice of `list`, read in turn (on one connection, one transaction). */
export async function inChunks<T, R>(list: readonly T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(list)) out.push(...(await read(part)));
  return out;
}
