import { jsonText } from './format';
/** A field whose value in a revision differs from the item as it is now. */
export interface FieldChange {
  field: string;
  revision: unknown;
  current: unknown;
}

/** How the API writes a hashed field into a revision: the hash itself is never shown, so it cannot be compared. */
const MASK = '**********';

/** A value as one string, objects with their keys sorted, so `{a,b}` and `{b,a}` compare equal. */
export function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What reverting to a revision would change: the fields of its snapshot whose value differs from the
 * current item's. Masked hashes are left out, since a revert leaves them as they are.
 */
export function diffRevision(
  revision: Record<string, unknown> | null,
  current: Record<string, unknown>,
): FieldChange[] {
  return Object.entries(revision ?? {})
    .filter(([field, value]) => value !== MASK && canonical(value) !== canonical(current[field]))
    .map(([field, value]) => ({ field, revision: value, current: current[field] ?? null }));
}

/** A value as a reader sees it in a diff: empty for nothing, JSON for objects and lists. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return jsonText(value);
}
