import { isSystemCollection } from '../system-schema';

/**
 * The tables of the database served as collections even without meta rows (API.md 11.1):
 * every one but Vellum's own (`svc_*`, the migrations record among them) and those DB_EXCLUDE_TABLES names.
 */
export function servedTables(found: readonly string[], exclude: readonly string[]): string[] {
  const excluded = new Set(exclude);
  return found.filter((name) => !isSystemCollection(name) && !excluded.has(name));
}
