import { GraphQLFieldConfig, GraphQLObjectType, GraphQLUnionType } from 'graphql';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { CollectionTypes } from './item-types';

/** Where a many-to-any item carries the name of its collection while GraphQL resolves the union. */
const COLLECTION = Symbol('collection');

/** What the selection walk needs of a many-to-any union: the junction field naming the collection, each member's key. */
export interface AnyUnionExtensions {
  collectionField: string;
  keys: Record<string, string>;
}

export function anyUnionOf(type: unknown): AnyUnionExtensions | null {
  return type instanceof GraphQLUnionType ? ((type.extensions as { any?: AnyUnionExtensions }).any ?? null) : null;
}

/**
 * The output field of a many-to-any `item` field (as the reference): a union of its allowed collections
 * the caller may read, resolved by the junction row's collection field; null when none is readable.
 */
export function anyUnionField(
  overview: SchemaOverview,
  collection: string,
  field: string,
  types: Map<string, CollectionTypes>,
): GraphQLFieldConfig<Record<string, unknown>, unknown> | null {
  const relation = overview.relationEntry(collection, field)!;
  const members = (relation.meta!.one_allowed_collections ?? [])
    .map((name) => types.get(name))
    .filter((t): t is CollectionTypes => t !== undefined);
  if (members.length === 0) return null;
  const collectionField = relation.meta!.one_collection_field!;
  const any: AnyUnionExtensions = {
    collectionField,
    keys: Object.fromEntries(members.map((m) => [m.collection.collection, m.collection.primary])),
  };
  const type = new GraphQLUnionType({
    name: `${collection}_${field}_union`,
    types: members.map((m): GraphQLObjectType => m.object),
    resolveType: (value: Record<symbol, string>) => value[COLLECTION],
    extensions: { any },
  });
  return {
    type,
    resolve: (row) => {
      const item = row[field];
      const name = row[collectionField];
      return typeof item === 'object' && item !== null && typeof name === 'string' && name in any.keys
        ? { ...item, [COLLECTION]: name }
        : null;
    },
  };
}
