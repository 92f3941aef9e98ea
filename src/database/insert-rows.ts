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
 * Rows as one array, row after row, `width` values each: no array per row, which for an import's
 * hundreds of thousands of rows (and their activity and revisions) was a measurable share of its garbage.
 */
export interface FlatRows {
  width: number;
  values: unknown[];
}

/** `rows` as FlatRows, with the `copied` columns' values appended to each row (`from` indexes in the row). */
function flatRows(rows: unknown[][] | FlatRows, columns: number, from: number[]): FlatRows & { count: number } {
  const width = Array.isArray(rows) ? (rows.length ? rows[0].length : columns) : rows.width;
  const count = Array.isArray(rows) ? rows.length : width ? rows.values.length / width : 0;
  if (!Array.isArray(rows) && !from.length) return { ...rows, count };
  const at = Array.isArray(rows)
    ? (r: number, i: number) => rows[r][i]
    : (r: number, i: number) => rows.values[r * width + i];
  const out = new Array<unknown>(count * (width + from.length));
  let k = 0;
  for (let r = 0; r < count; r++) {
    for (let i = 0; i < width; i++) out[k++] = at(r, i);
    for (const i of from) out[k++] = at(r, i);
  }
  return { width: width + from.length, values: out, count };
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
  rows: unknown[][] | FlatRows,
  key: string | null,
  copied: readonly CopiedColumn[] = [],
): Promise<unknown[]> {
  const driver = manager.connection.driver;
  const q = (id: string) => driver.escape(id);
  const references = copied.map((c) => dialect.sameRowValue(q(c.from)));
  const tail = references.every((r) => r !== null) ? references : [];
  const {
    width: bound,
    values: all,
    count,
  } = flatRows(rows, columns.length, copied.length && !tail.length ? copied.map((c) => columns.indexOf(c.from)) : []);
  const size = rowsPerInsert(dialect.maxParameters, bound);
  const keys: unknown[] = [];
  const head = `INSERT INTO ${q(table)} (${[...columns, ...copied.map((c) => c.column)].map(q).join(', ')}) VALUES `;
  for (let start = 0; start < count; start += size) {
    const rowsHere = Math.min(size, count - start);
    const part = rowsHere === count ? all : all.slice(start * bound, (start + rowsHere) * bound);
    const list = dialect.valuesList(rowsHere, bound, tail);
    const { values, params } =
      list !== null ? { values: list, params: part } : valuesOneByOne(dialect, part, bound, tail);
    let sql = head + values;
    const returning = key !== null && dialect.returningMany;
    if (returning) sql += ` RETURNING ${q(key)}`;
    const raw: unknown = await dialect.runInsert(manager, sql, params);
    if (key === null) continue;
    // One statement takes its keys from the sequence in row order; RETURNING need not list them so.
    const generated = returning
      ? (raw as Record<string, unknown>[]).map((r) => r[key]).sort((a, b) => Number(a) - Number(b))
      : dialect.insertedIds(raw, rowsHere);
    if (generated.length !== rowsHere)
      throw new Error(`Expected ${rowsHere} generated keys from ${table}, got ${generated.length}`);
    keys.push(...generated);
  }
  return keys;
}

/** The VALUES list of a vendor that writes some values into the SQL itself (see Dialect.parameter). */
function valuesOneByOne(
  dialect: Dialect,
  flat: unknown[],
  width: number,
  tail: readonly string[],
): { values: string; params: unknown[] } {
  const params: unknown[] = [];
  const tuples: string[] = [];
  for (let start = 0; start < flat.length; start += width) {
    const cells: string[] = [];
    for (let i = start; i < start + width; i++) cells.push(dialect.parameter(flat[i], params));
    tuples.push(`(${[...cells, ...tail].join(', ')})`);
  }
  return { values: tuples.join(', '), params };
}
