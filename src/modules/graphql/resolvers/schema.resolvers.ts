import { GraphQLFieldConfigMap, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import type { SchemaReads } from '../../schema-routes/schema-reads';
import type { GraphqlContext } from '../graphql-context';
import { GraphQLJSON } from '../items/item-scalars';

const name = { type: new GraphQLNonNull(GraphQLString) };
// `meta` and `schema` are answered whole, as REST answers them, so their shape is left to JSON.
const json = { type: GraphQLJSON };

const CollectionType = new GraphQLObjectType({
  name: 'svc_collections',
  fields: { collection: { type: GraphQLString }, meta: json, schema: json },
});

const FieldType = new GraphQLObjectType({
  name: 'svc_fields',
  fields: {
    collection: { type: GraphQLString },
    field: { type: GraphQLString },
    type: { type: GraphQLString },
    meta: json,
    schema: json,
  },
});

const RelationType = new GraphQLObjectType({
  name: 'svc_relations',
  fields: {
    collection: { type: GraphQLString },
    field: { type: GraphQLString },
    related_collection: { type: GraphQLString },
    meta: json,
    schema: json,
  },
});

const listOf = (type: GraphQLObjectType) => new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));

type Named = { collection: string; field: string };

/** `<name>_in_collection` and `<name>_by_name` of fields and relations: one collection's entries, or one entry. */
function perCollection(
  prefix: 'fields' | 'relations',
  type: GraphQLObjectType,
  list: (ctx: GraphqlContext, collection: string) => Promise<unknown>,
  one: (ctx: GraphqlContext, args: Named) => Promise<unknown>,
): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    [`${prefix}_in_collection`]: {
      type: listOf(type),
      args: { collection: name },
      resolve: (_s, args: { collection: string }, ctx) => list(ctx, args.collection),
    },
    [`${prefix}_by_name`]: {
      type,
      args: { collection: name, field: name },
      resolve: (_s, args: Named, ctx) => one(ctx, args),
    },
  };
}

/** API.md 11 over GraphQL: the schema reads of GET /collections, /fields and /relations, with their permission rules. */
export function schemaQueries(reads: SchemaReads): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    collections: { type: listOf(CollectionType), resolve: (_s, _a, ctx) => reads.collections(ctx.acc) },
    collections_by_name: {
      type: CollectionType,
      args: { name },
      resolve: (_s, args: { name: string }, ctx) => reads.collection(ctx.acc, args.name),
    },
    fields: { type: listOf(FieldType), resolve: (_s, _a, ctx) => reads.fields(ctx.acc) },
    ...perCollection(
      'fields',
      FieldType,
      (ctx, c) => reads.fields(ctx.acc, c),
      (ctx, a) => reads.field(ctx.acc, a.collection, a.field),
    ),
    relations: { type: listOf(RelationType), resolve: (_s, _a, ctx) => reads.relations(ctx.acc) },
    ...perCollection(
      'relations',
      RelationType,
      (ctx, c) => reads.relations(ctx.acc, c),
      (ctx, a) => reads.relation(ctx.acc, a.collection, a.field),
    ),
  };
}
