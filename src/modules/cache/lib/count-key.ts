import { createHash } from 'node:crypto';
import type { TableWrite } from '../../../database/watch-writes';
import { stableStringify } from './response-cache-key';
import type { ReferencingKeys } from '../../../database/dialects/catalog';

/**
 * Pure parts of the count cache (CountCacheService): which tables a count reads, which tables a write
 * may change through its foreign keys, and the key of a cached count.
 */

const CHANGES_ROWS = new Set(['CASCADE', 'SET NULL', 'SET DEFAULT']);

/**
 * Every table whose rows `writes` may change: the written tables and, through ON DELETE / ON UPDATE
 * rules that change rows (CASCADE, SET NULL, SET DEFAULT), the tables referencing them, transitively.
 * 'any' when one of them could not be attributed to a table.
 */
export function changedTables(writes: readonly TableWrite[], referencing: ReferencingKeys): Set<string> | 'any' {
  const changed = new Set<string>();
  const seen = new Set<string>();
  const queue = [...writes];
  while (queue.length) {
    const write = queue.pop()!;
    if (write === 'any') return 'any';
    changed.add(write.table);
    const step = `${write.action}:${write.table}`;
    if (write.action === 'insert' || seen.has(step)) continue;
    seen.add(step);
    for (const ref of referencing.get(write.table) ?? []) {
      const rule = (write.action === 'delete' ? ref.onDelete : ref.onUpdate)?.toUpperCase() ?? '';
      if (!CHANGES_ROWS.has(rule)) continue;
      queue.push({ table: ref.table, action: write.action === 'delete' && rule === 'CASCADE' ? 'delete' : 'update' });
    }
  }
  return changed;
}

/**
 * The tables a compiled statement names, among `tables`: the engine quotes every identifier it writes
 * (compile-sql.ts), so a table it reads appears quoted. A column of the same name as a table only adds
 * a table to depend on, never hides one.
 */
export function tablesRead(sql: string, tables: Iterable<string>, quote: (id: string) => string): string[] {
  return [...tables].filter((table) => sql.includes(quote(table))).sort();
}

/** The key of a cached count: the statement, its bound values, and the data generations it was read at. */
export function countKey(sql: string, params: Record<string, unknown>, generations: readonly string[]): string {
  return createHash('sha256')
    .update(stableStringify([sql, params, generations]))
    .digest('hex');
}
