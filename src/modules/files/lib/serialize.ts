import { InvalidQueryError } from '../../../common/errors/errors';

type Row = Record<string, unknown>;

/** Dates as ISO 8601 strings, everything else as stored. */
export function serializeRow(row: object): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}

/**
 * `fields` for single-collection reads until the items engine serves these routes: a CSV string or
 * array of top-level field names, `*` for all. Unknown names are INVALID_QUERY.
 */
export function pickFields(row: Row, fields: unknown, known: readonly string[]): Row {
  if (fields === undefined || fields === '') return row;
  const list = (Array.isArray(fields) ? fields : String(fields).split(',')).map((f) => String(f).trim()).filter(Boolean);
  if (list.includes('*')) return row;
  const out: Row = {};
  for (const field of list) {
    if (!known.includes(field)) throw new InvalidQueryError(`Field "${field}" does not exist`);
    out[field] = row[field];
  }
  return out;
}
