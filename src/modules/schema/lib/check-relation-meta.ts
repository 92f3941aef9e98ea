import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPrototypeKey } from '../../../common/prototype-keys';
import type { SchemaOverview } from '../schema-overview';

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Checks the meta of a new relation from `collection` to `related` (null for a many-to-any's `item`
 * field) against the schema. Answers whether `one_field` names an alias field that already exists: the
 * reference's clients create a many-to-any's (or one-to-many's) alias field before its relations, and
 * that field is kept as it is.
 */
export function checkRelationMeta(
  overview: SchemaOverview,
  collection: string,
  related: string | null,
  meta: Record<string, unknown>,
): { keepOneField: boolean } {
  const allowed = meta.one_allowed_collections;
  if (allowed !== undefined && allowed !== null) {
    if (related) throw new InvalidPayloadError('"meta.one_allowed_collections" needs "related_collection" null');
    for (const name of typeof allowed === 'string' ? allowed.split(',') : (allowed as string[])) {
      if (!overview.collection(name)?.table)
        throw new InvalidPayloadError(`Allowed collection "${name}" does not exist`);
    }
    const collectionField = meta.one_collection_field;
    if (typeof collectionField !== 'string' || !overview.field(collection, collectionField)) {
      throw new InvalidPayloadError('"meta.one_collection_field" must name a field of the collection');
    }
  }
  const oneField = meta.one_field;
  if (oneField === undefined || oneField === null) return { keepOneField: false };
  if (typeof oneField !== 'string' || !NAME.test(oneField) || isPrototypeKey(oneField))
    throw new InvalidPayloadError('"meta.one_field" must be a field name');
  if (!related) throw new InvalidPayloadError('"meta.one_field" needs a related collection');
  const existing = overview.field(related, oneField);
  if (!existing) return { keepOneField: false };
  if (existing.type !== 'alias' || overview.relation(related, oneField))
    throw new InvalidPayloadError(`Field "${related}.${oneField}" already exists`);
  return { keepOneField: true };
}
