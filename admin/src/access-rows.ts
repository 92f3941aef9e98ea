/** One svc_access row as the API answers it nested under a policy, a role or a user. */
export interface AccessRow {
  id: string;
  sort: number | null;
  role?: string | { id: string; name: string } | null;
  user?: string | { id: string; email: string } | null;
  policy?: string | { id: string; name: string } | null;
}

/** The rows in the order the API applies them: by sort (rows without one last), then by id. */
export function bySort<T extends Pick<AccessRow, 'id' | 'sort'>>(rows: T[]): T[] {
  const rank = (row: T) => row.sort ?? Number.POSITIVE_INFINITY;
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
}

/** The sort of a row attached after all the others. */
export function nextSort(rows: Pick<AccessRow, 'sort'>[]): number {
  return rows.reduce((max, row) => Math.max(max, row.sort ?? 0), 0) + 1;
}

type Change = { id: string; sort: number };

/** The detailed form of a nested list write the API takes: rows to create, ids of rows to delete, rows to update. */
export function nestedChange(
  create: Record<string, unknown>[],
  remove: string[] = [],
  update: Change[] = [],
): { create: Record<string, unknown>[]; update: Change[]; delete: string[] } {
  return { create, update, delete: remove };
}

/**
 * The sorts that move the row at `index` (of rows in their order) one place up (-1) or down (+1): every
 * row numbered again from 1, so rows that had no sort or equal ones get a definite place; nothing when
 * the move leaves the list.
 */
export function moved(rows: Pick<AccessRow, 'id'>[], index: number, delta: -1 | 1): Change[] {
  const target = index + delta;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [];
  const order = rows.map((row) => row.id);
  [order[index], order[target]] = [order[target], order[index]];
  return order.map((id, i) => ({ id, sort: i + 1 }));
}

/** The addresses of a policy's `ip_access` as typed (comma-separated); null for none, i.e. any address. */
export function ipList(text: string): string[] | null {
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return list.length ? list : null;
}

/** What `/policies/me/globals` answers for a signed-in user. */
export interface Globals {
  app_access: boolean;
  admin_access?: boolean | null;
  enforce_tfa?: boolean | null;
}

/** Whether the Studio must have the user set up two-factor sign-in before any other page. */
export function mustSetUpTfa(globals: Globals | undefined, tfaSecret: string | null | undefined): boolean {
  return Boolean(globals?.enforce_tfa) && !tfaSecret;
}

/** The reference platform's translation keys its own policies are named with, as the Studio shows them. */
const TRANSLATED: Record<string, string> = {
  '$t:public_label': 'Public',
  '$t:public_description': 'What anyone may do without signing in.',
  '$t:admin_policy': 'Administrator',
};

/** A policy's name or description as shown: a `$t:` key in words, other text as it is. */
export function shown(text: string | null | undefined): string {
  if (!text) return '';
  return TRANSLATED[text] ?? (text.startsWith('$t:') ? text.slice(3).replace(/_/g, ' ') : text);
}
