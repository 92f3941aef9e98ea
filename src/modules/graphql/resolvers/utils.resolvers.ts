import { GraphQLBoolean, GraphQLFieldConfigMap, GraphQLID, GraphQLInt, GraphQLNonNull, GraphQLString } from 'graphql';
import type { RevertService } from '../../utils/revert.service';
import type { SortService } from '../../utils/sort.service';
import type { UtilsService } from '../../utils/utils.service';
import type { GraphqlContext } from '../graphql-context';
import { GraphQLVoid } from '../scalars/void.scalar';

export interface UtilsResolverDeps {
  utils: UtilsService;
  sort: Pick<SortService, 'sort'>;
  reverter: Pick<RevertService, 'revert'>;
}

const requiredString = { type: new GraphQLNonNull(GraphQLString) };

/** API.md 7: the utility mutations of POST /graphql/system, over the same service as REST. */
export function utilsMutations({
  utils,
  sort,
  reverter,
}: UtilsResolverDeps): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    utils_hash_generate: {
      type: GraphQLString,
      args: { string: requiredString },
      extensions: { hashing: true },
      resolve: (_source, args: { string: string }) => utils.generateHash(args.string),
    },
    utils_hash_verify: {
      type: GraphQLBoolean,
      args: { string: requiredString, hash: requiredString },
      extensions: { hashing: true },
      resolve: (_source, args: { string: string; hash: string }) => utils.verifyHash(args.string, args.hash),
    },
    utils_random_string: {
      type: GraphQLString,
      args: { length: { type: GraphQLInt } },
      resolve: (_source, args: { length?: number | null }) => utils.randomString(args.length ?? undefined),
    },
    utils_sort: {
      type: GraphQLBoolean,
      args: {
        collection: requiredString,
        item: { type: new GraphQLNonNull(GraphQLID) },
        to: { type: new GraphQLNonNull(GraphQLID) },
      },
      resolve: async (_source, args: { collection: string; item: string; to: string }, ctx) => {
        await sort.sort(args.collection, ctx.acc, args.item, args.to);
        return true;
      },
    },
    utils_revert: {
      type: GraphQLBoolean,
      args: { revision: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: async (_source, args: { revision: string }, ctx) => {
        await reverter.revert(args.revision, ctx.acc);
        return true;
      },
    },
    utils_cache_clear: {
      type: GraphQLVoid,
      // API.md 7: the GraphQL form always clears the system cache too.
      resolve: async (_source, _args, ctx) => {
        await utils.clearCache(ctx.acc, true);
        return null;
      },
    },
  };
}
