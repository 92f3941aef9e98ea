import type { EntityManager } from 'typeorm';
import type { Dialect } from './dialects/dialect';

/** Statements larger than this gain nothing measurable and hold more memory per round trip. */
const MAX_ROWS_PER_INSERT = 1000;

/** Rows one multi-row INSERT of `columns` columns may carry under the vendor's bound-value limit. */
export function rowsPerInsert(maxParameters: number, columns: number, cap = MAX_ROWS_PER_INSERT): number {
  return Math.max(1, Math.min(cap, Math.floor(maxParameters / Math.max(1, columns))));
}

/**
 * Inserts `rows` (values in `columns` order) with as few multi-row INSERTs as the vendor allows and
 * answers the generated values of the auto-increment column `key`, in row order; [] when `key` is null.
 */
export async function insertRows(manager: EntityManager, dialect: Dialect, table: string, columns: string[], rows: unknown[][], key: string | null): Promise<unknown[]> {
  const driver = manager.connection.driver;
  const q = (id: string) => driver.escape(id);
  const size = rowsPerInsert(dialect.maxParameters, columns.length);
  const keys: unknown[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const part = rows.slice(start, start + size);
    let bound: unknown[];
    let values = dialect.valuesList(part.length, columns.length);
    if (values !== null) bound = part.flat();
    else {
      bound = [];
      values = part.map((row) => `(${row.map((value) => dialect.parameter(value, bound)).join(', ')})`).join(', ');
    }
    let sql = `INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES ${values}`;
    const returning = key !== null && dialect.returningMany;
    if (returning) sql += ` RETURNING ${q(key)}`;
    const raw: unknown = await dialect.runInsert(manager, sql, bound);
    if (key === null) continue;
    // One statement takes its keys from the sequence in row order; RETURNING need not list them so.
    const generated = returning ? (raw as Record<string, unknown>[]).map((r) => r[key]).sort((a, b) => Number(a) - Number(b)) : dialect.insertedIds(raw, part.length);
    if (generated.length !== part.length) throw new Error(`Expected ${part.length} generated keys from ${table}, got ${generated.length}`);
    keys.push(...generated);
  }
  return keys;
}
