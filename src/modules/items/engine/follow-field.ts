import { InvalidQueryError } from '../../../common/errors/errors';
import type { SchemaOverview } from '../../schema/schema-overview';

/**
 * `$FOLLOW(guests, favorite_artist)`: the rows of `collection` whose `field` holds this row's key, a
 * one-to-many read backwards from a many-to-one that has no alias field; with a third name
 * (`$FOLLOW(junction, item, collection)`) the rows of a many-to-any whose `collectionField` names this
 * row's collection.
 */
export interface Follow {
  collection: string;
  field: string;
  collectionField?: string;
}

const FOLLOW = /^\$FOLLOW\(([^()]*)\)$/;
const NAME = /^[\w-]+$/;

/** A `$FOLLOW(...)` filter key → its names; null for other keys; INVALID_QUERY when malformed. */
export function parseFollow(key: string): Follow | null {
  if (!key.startsWith('$FOLLOW')) return null;
  const names = FOLLOW.exec(key)?.[1]
    .split(',')
    .map((name) => name.trim());
  if (!names || names.length < 2 || names.length > 3 || !names.every((name) => NAME.test(name))) {
    throw new InvalidQueryError(
      `"${key}" must be $FOLLOW(collection, field) or $FOLLOW(collection, item field, collection field)`,
    );
  }
  const [collection, field, collectionField] = names;
  return collectionField ? { collection, field, collectionField } : { collection, field };
}

/** The `$FOLLOW(...)` of `key` with every name checked against the schema; null for other keys. */
export function followOf(overview: SchemaOverview, key: string): Follow | null {
  const follow = parseFollow(key);
  if (!follow) return null;
  const related = overview.collection(follow.collection);
  if (!related?.table) throw new InvalidQueryError(`${key}: collection "${follow.collection}" does not exist`);
  for (const field of [follow.field, follow.collectionField]) {
    if (field !== undefined && (!related.fields[field] || related.fields[field].type === 'alias')) {
      throw new InvalidQueryError(`${key}: field "${field}" does not exist in collection "${follow.collection}"`);
    }
  }
  return follow;
}
