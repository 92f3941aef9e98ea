import { GraphQLScalarType } from 'graphql';

/** API.md 7: mutations that answer nothing (`utils_cache_clear`) return this scalar, always null. */
export const GraphQLVoid = new GraphQLScalarType({
  name: 'Void',
  description: 'Represents the absence of a value; always null.',
  serialize: () => null,
  parseValue: () => null,
  parseLiteral: () => null,
});
