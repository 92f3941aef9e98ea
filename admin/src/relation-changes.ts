export type Item = Record<string, unknown>;
export type Key = string | number;

/**
 * One row of a relational list as the user arranges it: a row that exists (`key`), linked from the start
 * (`linked`) or chosen now, or a row the save creates (`create`).
 */
export interface ListEntry {
  /** Stable across moves, for React keys and drag and drop. */
  id: string;
  label: string;
  key?: Key;
  linked?: boolean;
  /** The stored sort value of an existing row, so only rows whose place changed are written. */
  sort?: unknown;
  create?: Item;
  /** The related item as `collection/key`, to link to it and to offer it no more; none for an item not created yet. */
  ref?: string;
}

export interface ListChanges {
  create: Item[];
  update: Item[];
  delete: Key[];
}

/**
 * The nested write of a list field (API.md: `{ create, update, delete }` on a one-to-many): new rows
 * created, chosen rows linked, rows whose place changed renumbered from 1 when the relation has a sort
 * field, and removed rows (those linked from the start) left. Null when nothing changed.
 */
export function listChanges(
  entries: ListEntry[],
  removed: Key[],
  pk: string,
  sortField: string | null,
): ListChanges | null {
  const changes: ListChanges = { create: [], update: [], delete: [...removed] };
  entries.forEach((entry, index) => {
    const place = sortField ? { [sortField]: index + 1 } : {};
    if (entry.key === undefined) changes.create.push({ ...entry.create, ...place });
    else if (!entry.linked || (sortField && entry.sort !== index + 1))
      changes.update.push({ [pk]: entry.key, ...place });
  });
  return changes.create.length || changes.update.length || changes.delete.length ? changes : null;
}

/** The list with the entry at `from` moved to `to` (both clamped to the list). */
export function moveEntry<T>(entries: T[], from: number, to: number): T[] {
  const last = entries.length - 1;
  const [source, target] = [Math.max(0, Math.min(from, last)), Math.max(0, Math.min(to, last))];
  if (source === target) return entries;
  const out = [...entries];
  const [moved] = out.splice(source, 1);
  out.splice(target, 0, moved);
  return out;
}

/** Removes an entry: a row linked from the start is remembered for the write's `delete`, anything else just goes. */
export function removeEntry(
  entries: ListEntry[],
  removed: Key[],
  id: string,
): { entries: ListEntry[]; removed: Key[] } {
  const entry = entries.find((e) => e.id === id);
  const rest = entries.filter((e) => e.id !== id);
  return { entries: rest, removed: entry?.linked && entry.key !== undefined ? [...removed, entry.key] : removed };
}
