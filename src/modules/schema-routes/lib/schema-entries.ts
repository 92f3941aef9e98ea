import type { SchemaOverview } from '../../schema/schema-overview';
import type { CollectionOverview, FieldOverview } from '../../schema/schema.types';

/** API.md 11 collection entry. */
export function collectionEntry(collection: CollectionOverview) {
  return {
    collection: collection.collection,
    meta: collection.meta,
    schema: collection.table ? { name: collection.table } : null,
  };
}

/** API.md 11 field entry. */
export function fieldEntry(field: FieldOverview) {
  return { collection: field.collection, field: field.field, type: field.type, meta: field.meta, schema: field.schema };
}

export function fieldEntries(overview: SchemaOverview, collection?: string) {
  const collections = collection ? [overview.collection(collection)!] : [...overview.collections.values()];
  // By position (`meta.sort`), unpositioned fields last: PostgreSQL lists a table's columns in no set order.
  const position = (field: FieldOverview) => field.meta?.sort ?? Number.MAX_SAFE_INTEGER;
  return collections.flatMap((c) =>
    Object.values(c.fields)
      .sort((a, b) => position(a) - position(b))
      .map(fieldEntry),
  );
}
