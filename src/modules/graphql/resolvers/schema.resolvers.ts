import { GraphQLFieldConfigMap, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import type { SchemaReads } from '../../schema/schema-reads';
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
  fields: { collection: { type: GraphQLString }, field: { type: GraphQLString }, type: { type: GraphQLString }, meta: json, schema: json },
});

const RelationType = new GraphQLObjectType({
  name: 'svc_relations',
  fields: { collection: { type: GraphQLString }, field: { type: GraphQLString }, related_collection: { type: GraphQLString }, meta: json, schema: json },
});

const listOf = (type: GraphQLObjectType) => new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));

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
    fields_in_collection: {
      type: listOf(FieldType),
      args: { collection: name },
      resolve: (_s, args: { collection: string }, ctx) => reads.fields(ctx.acc, args.collection),
    },
    fields_by_name: {
      type: FieldType,
      args: { collection: name, field: name },
      resolve: (_s, args: { collection: string; field: string }, ctx) => reads.field(ctx.acc, args.collection, args.field),
    },
    relations: { type: listOf(RelationType), resolve: (_s, _a, ctx) => reads.relations(ctx.acc) },
    relations_in_collection: {
      type: listOf(RelationType),
      args: { collection: name },
      resolve: (_s, args: { collection: string }, ctx) => reads.relations(ctx.acc, args.collection),
    },
    relations_by_name: {
      type: RelationType,
      args: { collection: name, field: name },
      resolve: (_s, args: { collection: string; field: string }, ctx) => reads.relation(ctx.acc, args.collection, args.field),
    },
  };
}
