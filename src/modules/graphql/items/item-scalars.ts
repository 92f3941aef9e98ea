import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { isPrototypeKey, prototypeKeyReason } from '../../../common/prototype-keys';
import { JSON_OPERATORS } from '../../../common/query/parse-filter';
import { parseJsonFilter } from '../../../common/query/parse-json-filter';

function literal(ast: ValueNode, variables?: Record<string, unknown> | null): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((v) => literal(v, variables));
    case Kind.OBJECT: {
      // `{ __proto__: … }` is a valid GraphQL literal; variables are checked with the request's body.
      const through = ast.fields.find((f) => isPrototypeKey(f.name.value));
      if (through) throw new GraphQLError(prototypeKeyReason(through.name.value, 'A JSON literal'));
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value, variables)]));
    }
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
    default:
      throw new GraphQLError('Unsupported JSON literal');
  }
}

/** `json` fields and the `group` of aggregates: any JSON value, in and out. */
export const GraphQLJSON = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});

/** A `_json` filter checked as REST checks it, so a malformed one fails as a GraphQL validation error. */
function jsonFilter(value: unknown): unknown {
  try {
    parseJsonFilter(value, JSON_OPERATORS);
  } catch (err) {
    throw new GraphQLError((err as Error).message);
  }
  return value;
}

/** `_json` of `json_filter_operators`: JSON paths mapped to filter operators, `{ "settings.theme": { "_eq": "dark" } }`. */
export const GraphQLJsonFilter = new GraphQLScalarType({
  name: 'GraphQLJsonFilter',
  description: 'JSON paths mapped to filter operators, e.g. { "settings.theme": { "_eq": "dark" } }.',
  serialize: (value) => value,
  parseValue: jsonFilter,
  parseLiteral: (ast, variables) => jsonFilter(literal(ast, variables)),
});

/** Dates, times and timestamps travel as the strings REST answers. */
export const GraphQLDate = new GraphQLScalarType({
  name: 'Date',
  description: 'A date, time or timestamp as an ISO 8601 string.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : value),
  parseValue: (value) => value,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('A date must be a string');
    return ast.value;
  },
});

/**
 * Filter operands on numbers, and bigInteger input: a number or a string of digits, passed through
 * unchanged, so values above 2^53 stay exact and the engine casts as it does for REST.
 */
export const GraphQLStringOrFloat = new GraphQLScalarType({
  name: 'GraphQLStringOrFloat',
  description: 'A number, or a string holding one.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value === 'number' || typeof value === 'string') return value;
    throw new GraphQLError('Expected a number or a string');
  },
  parseLiteral: (ast) => {
    if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return Number(ast.value);
    if (ast.kind === Kind.STRING) return ast.value;
    throw new GraphQLError('Expected a number or a string');
  },
});
