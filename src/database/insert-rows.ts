import type { EntityManager } from 'typeorm';
import type { Dialect } from './dialects/dialect';

/** Statements larger than this gain nothing measurable and hold more memory per round trip. */
const MAX_ROWS_PER_INSERT = 1000;

/** Rows one multi-row INSERT of `columns` columns may carry under the vendor's bound-value limit. */
export function rowsPerInsert(maxParameters: number, columns: number, cap = MAX_ROWS_PER_INSERT): number {
  return Math.max(1, Math.min(cap, Math.floor(maxParameters / Math.max(1, columns))));
}

/** A column that holds, in every row, the value of the earlier column `from` (a create's revision delta is its data). */
export interface CopiedColumn {
  column: string;
  from: string;
}

/**
 * Inserts `rows` (values in `columns` order) with as few multi-row INSERTs as the vendor allows and
 * answers the generated values of the auto-increment column `key`, in row order; [] when `key` is null.
 * The `copied` columns are written too, after `columns`, with values sent once where the vendor lets a
 * row refer to its own columns.
 */
export async function insertRows(
  manager: EntityManager,
  dialect: Dialect,
  table: string,
  columns: string[],
  rows: unknown[][],
  key: string | null,
  copied: readonly CopiedColumn[] = [],
): Promise<unknown[]> {
  const driver = manager.connection.driver;
  const q = (id: string) => driver.escape(id);
  const references = copied.map((c) => dialect.sameRowValue(q(c.from)));
  const tail = references.every((r) => r !== null) ? (references as string[]) : [];
  if (copied.length && !tail.length) {
    const sources = copied.map((c) => columns.indexOf(c.from));
    rows = rows.map((row) => [...row, ...sources.map((i) => row[i])]);
  }
  const bound = rows.length ? rows[0].length : columns.length;
  const size = rowsPerInsert(dialect.maxParameters, bound);
  const keys: unknown[] = [];
  const head = `INSERT INTO ${q(table)} (${[...columns, ...copied.map((c) => c.column)].map(q).join(', ')}) VALUES `;
  for (let start = 0; start < rows.length; start += size) {
    const part = rows.slice(start, start + size);
    let params: unknown[];
    let values = dialect.valuesList(part.length, bound, tail);
    if (values !== null) params = flatten(part, bound);
    else {
      params = [];
      values = part.map((row) => `(${[...row.map((value) => dialect.parameter(value, params)), ...tail].join(', ')})`).join(', ');
    }
    let sql = head + values;
    const returning = key !== null && dialect.returningMany;
    if (returning) sql += ` RETURNING ${q(key)}`;
    const raw: unknown = await dialect.runInsert(manager, sql, params);
    if (key === null) continue;
    // One statement takes its keys from the sequence in row order; RETURNING need not list them so.
    const generated = returning ? (raw as Record<string, unknown>[]).map((r) => r[key]).sort((a, b) => Number(a) - Number(b)) : dialect.insertedIds(raw, part.length);
    if (generated.length !== part.length) throw new Error(`Expected ${part.length} generated keys from ${table}, got ${generated.length}`);
    keys.push(...generated);
  }
  return keys;
}

/** `rows.flat()` for rows of `width` values, without flat's generic (and, per import batch, measurably slower) path. */
function flatten(rows: unknown[][], width: number): unknown[] {
  const out = new Array<unknown>(rows.length * width);
  let k = 0;
  for (const row of rows) for (let i = 0; i < width; i++) out[k++] = row[i];
  return out;
}
