import { collectionForbidden, InvalidQueryError } from '../../../common/errors/errors';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { FieldOverview } from '../../schema/schema.types';
import type { ReadableFields } from './read-plan';
import { isSnapshot } from './revision-snapshots';
import { isSecret } from './shape-rows';

/**
 * A value answered only concealed (a hash, a secret) or cut to the caller's rules (a revision's copy of
 * an item, see revision-snapshots.ts): grouping, sorting, filtering, a function or a min/max of it would
 * answer it (or tell it) as stored.
 */
export function isOpaque(field: FieldOverview): boolean {
  return isSecret(field) || isSnapshot(field);
}

export function refuseSecret(field: FieldOverview, use: string): void {
  if (isOpaque(field)) throw new InvalidQueryError(`Field "${field.field}" holds a secret: ${use} can't use it`);
}

/**
 * A field function (`year(date)`, `count(comments)`, `json(meta, a)`) the caller names on a field of
 * `collection` they may read: never of a secret, and `count()` only of related rows they may read at
 * all (which rows count is the row filter's, see compile-filter).
 */
export function checkFunction(
  overview: SchemaOverview,
  readable: ReadableFields,
  collection: string,
  fn: { fn: string; field: string },
): void {
  const field = overview.field(collection, fn.field);
  if (!field) return;
  refuseSecret(field, `"${fn.fn}()"`);
  const link = fn.fn === 'count' ? overview.relation(collection, fn.field) : null;
  if (link && readable(link.related) === null) throw collectionForbidden(link.related, fn.field);
}
