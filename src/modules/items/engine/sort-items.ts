/**
 * Manual sorting (`POST /utils/sort/:collection`, API.md 2), as the reference platform does it, split
 * into pure steps that move-sort.ts runs as a few set-based UPDATEs in one transaction.
 */

export type SortKey = string | number;

export interface SortAssignment {
  key: SortKey;
  sort: number;
}

/** Step 1: rows without a sort value go after the last one, in the order given (primary key order). */
export function appendUnsorted(maxSort: number | null, unsortedKeys: SortKey[]): SortAssignment[] {
  const base = maxSort ?? 0;
  return unsortedKeys.map((key, i) => ({ key, sort: base + i + 1 }));
}

/** Step 2: duplicate sort values make "take the place of" ambiguous, so the rows are renumbered 1..n. */
export function hasDuplicateSorts(values: number[]): boolean {
  return new Set(values).size !== values.length;
}

export function renumberSorts(keysInOrder: SortKey[]): SortAssignment[] {
  return keysInOrder.map((key, i) => ({ key, sort: i + 1 }));
}

export interface SortMove {
  /** The moved item's new sort value: the one `to` had. */
  itemSort: number;
  /** Every other row with a sort value in `min..max` (inclusive) shifts by `by`; null when nothing moves. */
  shift: { min: number; max: number; by: 1 | -1 } | null;
}

/** Step 3: the item takes `to`'s position; the rows between close the gap it leaves. */
export function planSortMove(itemSort: number, toSort: number): SortMove {
  if (itemSort === toSort) return { itemSort, shift: null };
  return itemSort < toSort
    ? { itemSort: toSort, shift: { min: itemSort + 1, max: toSort, by: -1 } }
    : { itemSort: toSort, shift: { min: toSort, max: itemSort - 1, by: 1 } };
}
