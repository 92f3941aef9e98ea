import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/**
 * API.md 7: `expires` travels as a string, so values above 2^31 (GraphQL's Int) stay exact; reads
 * accept strings and integers.
 */
export const GraphQLBigInt = new GraphQLScalarType<bigint | number, string>({
  name: 'GraphQLBigInt',
  description: 'An integer of any size, serialised as a string.',
  serialize: (value) => {
    if (
      typeof value === 'number' ||
      typeof value === 'bigint' ||
      (typeof value === 'string' && /^-?\d+$/.test(value))
    ) {
      return String(value);
    }
    throw new GraphQLError(`GraphQLBigInt cannot represent ${String(value)}`);
  },
  parseValue: (value) => {
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
    throw new GraphQLError(`GraphQLBigInt cannot represent ${String(value)}`);
  },
  parseLiteral: (ast) => {
    if (ast.kind === Kind.INT || (ast.kind === Kind.STRING && /^-?\d+$/.test(ast.value))) return BigInt(ast.value);
    throw new GraphQLError('GraphQLBigInt must be an integer or a string of digits');
  },
});
