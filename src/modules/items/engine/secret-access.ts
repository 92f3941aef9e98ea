import { ForbiddenError, InvalidQueryError } from '../../../common/errors/errors';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { FieldOverview } from '../../schema/schema.types';
import type { ReadableFields } from './read-plan';
import { isSecret } from './shape-rows';

/**
 * A hashed or concealed value is answered concealed; grouping, sorting, a function or a min/max of it
 * would answer it (or order by it) in plain text, so such a use is refused.
 */
export function refuseSecret(field: FieldOverview, use: string): void {
  if (isSecret(field)) throw new InvalidQueryError(`Field "${field.field}" holds a secret: ${use} can't use it`);
}

/**
 * A field function (`year(date)`, `count(comments)`, `json(meta, a)`) the caller names on a field of
 * `collection` they may read: never of a secret, and `count()` only of related rows they may read at
 * all (which rows count is the row filter's, see compile-filter).
 */
export function checkFunction(overview: SchemaOverview, readable: ReadableFields, collection: string, fn: { fn: string; field: string }): void {
  const field = overview.field(collection, fn.field);
  if (!field) return;
  refuseSecret(field, `"${fn.fn}()"`);
  const link = fn.fn === 'count' ? overview.relation(collection, fn.field) : null;
  if (link && readable(link.related) === null) throw new ForbiddenError();
}
