import { InvalidQueryError } from '../../../common/errors/errors';

export interface UsersQuery {
  fields?: string[];
  limit?: number;
  offset: number;
}

function integer(name: string, value: unknown, min: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min) throw new InvalidQueryError(`"${name}" has to be an integer of at least ${min}`);
  return n;
}

/**
 * The part of the shared query (API.md 1.6) the users endpoints honour until they move onto the
 * items engine: `fields` (CSV or array of top-level names), `limit`, `offset`; bad values are INVALID_QUERY.
 */
export function parseUsersQuery(raw: Record<string, unknown>): UsersQuery {
  let fields: string[] | undefined;
  if (raw.fields !== undefined) {
    const list = Array.isArray(raw.fields) ? raw.fields : [raw.fields];
    if (!list.every((f) => typeof f === 'string')) throw new InvalidQueryError('"fields" has to be a list of field names');
    fields = (list as string[]).flatMap((f) => f.split(',')).map((f) => f.trim()).filter(Boolean);
  }
  return { fields, limit: integer('limit', raw.limit, -1), offset: integer('offset', raw.offset, 0) ?? 0 };
}
