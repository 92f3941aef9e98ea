import { collectionForbidden, InvalidQueryError } from '../../../common/errors/errors';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { RelationLink } from '../../schema/schema.types';
import type { ReadableFields } from './read-plan';

/** `item:circles` (a many-to-any's `item` field toward one collection) → its parts; null for a plain name. */
export function parseAnyField(name: string): { field: string; target: string } | null {
  const match = /^([^:]+):([^:]+)$/.exec(name);
  return match ? { field: match[1], target: match[2] } : null;
}

/** The many-to-one `field:target` names on `collection`; INVALID_QUERY when it names none. */
export function anyLink(overview: SchemaOverview, collection: string, name: string): RelationLink {
  const parsed = parseAnyField(name);
  const link = parsed && overview.anyToOne(collection, parsed.field, parsed.target);
  if (!link)
    throw new InvalidQueryError(
      `"${name}" of collection "${collection}" is not a many-to-any field and one of its collections`,
    );
  return link;
}

/**
 * anyLink for a caller, reached by the relational path `at`: the field part is checked by `requireField`
 * (which refuses one the caller may not read as one that does not exist), and a collection part the
 * caller may not read is answered as a missing collection, before INVALID_QUERY can tell that the two
 * form no many-to-any link. So the refusal tells nothing of what the caller may not see.
 */
export function readableAnyLink(
  overview: SchemaOverview,
  readable: ReadableFields,
  collection: string,
  name: string,
  requireField: (field: string) => void,
  at: string,
): RelationLink {
  const parsed = parseAnyField(name);
  if (parsed) {
    requireField(parsed.field);
    if (readable(parsed.target) === null)
      throw collectionForbidden(parsed.target, at === '' ? parsed.field : `${at}.${parsed.field}`);
  }
  return anyLink(overview, collection, name);
}

/**
 * Whether `name` scopes a many-to-any field of `collection` to a collection it does not allow: the
 * reference reads nothing through such a scope inside `json()`, where elsewhere it is an error.
 */
export function isForeignAnyScope(overview: SchemaOverview, collection: string, name: string): boolean {
  const parsed = parseAnyField(name);
  return (
    !!parsed &&
    overview.isAnyToOne(collection, parsed.field) &&
    !overview.anyToOne(collection, parsed.field, parsed.target)
  );
}

/** Whether a row's many-to-any key belongs to the collection `link` leads to (always, for other links). */
export function rowLeadsTo(link: RelationLink, row: Record<string, unknown>): boolean {
  return !link.collectionField || row[link.collectionField] === link.related;
}
