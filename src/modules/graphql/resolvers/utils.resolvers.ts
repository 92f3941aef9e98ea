import { GraphQLBoolean, GraphQLFieldConfigMap, GraphQLInt, GraphQLNonNull, GraphQLString } from 'graphql';
import type { UtilsService } from '../../utils/utils.service';
import type { GraphqlContext } from '../graphql-context';
import { GraphQLVoid } from '../scalars/void.scalar';

export interface UtilsResolverDeps {
  utils: UtilsService;
}

const requiredString = { type: new GraphQLNonNull(GraphQLString) };

/** API.md 7: the utility mutations of POST /graphql/system, over the same service as REST. */
export function utilsMutations({ utils }: UtilsResolverDeps): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    utils_hash_generate: {
      type: GraphQLString,
      args: { string: requiredString },
      resolve: (_source, args: { string: string }) => utils.generateHash(args.string),
    },
    utils_hash_verify: {
      type: GraphQLBoolean,
      args: { string: requiredString, hash: requiredString },
      resolve: (_source, args: { string: string; hash: string }) => utils.verifyHash(args.string, args.hash),
    },
    utils_random_string: {
      type: GraphQLString,
      args: { length: { type: GraphQLInt } },
      resolve: (_source, args: { length?: number | null }) => utils.randomString(args.length ?? undefined),
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
