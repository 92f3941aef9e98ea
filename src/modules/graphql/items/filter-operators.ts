import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLString,
  type GraphQLInputType,
} from 'graphql';
import { FIELD_OPERATORS } from '../../../common/query/parse-filter';
import type { FieldType } from '../../schema/schema.types';
import { GraphQLJsonFilter, GraphQLStringOrFloat } from './item-scalars';

const nullChecks = { _null: { type: GraphQLBoolean }, _nnull: { type: GraphQLBoolean } };

function operators(name: string, value: GraphQLInputType, names: string[], lists: string[], flags: string[]) {
  return new GraphQLInputObjectType({
    name,
    fields: {
      ...Object.fromEntries(names.map((op) => [op, { type: value }])),
      ...Object.fromEntries(lists.map((op) => [op, { type: new GraphQLList(value) }])),
      ...Object.fromEntries(flags.map((op) => [op, { type: GraphQLBoolean }])),
      ...nullChecks,
    },
  });
}

/** The parser's text matches, less `_nicontains`, which the reference platform's GraphQL schema lacks. */
const TEXT = [
  '_eq',
  '_neq',
  ...FIELD_OPERATORS.filter((op) => /(contains|starts_with|ends_with)$/.test(op) && op !== '_nicontains'),
];
const ORDERED = ['_eq', '_neq', '_lt', '_lte', '_gt', '_gte'];

/** The operator input types of the reference platform's GraphQL schema, one per kind of value. */
const STRING_OPERATORS = operators(
  'string_filter_operators',
  GraphQLString,
  TEXT,
  ['_in', '_nin'],
  ['_empty', '_nempty'],
);
// UUIDs are GraphQL IDs in the reference's schema, so a client's `$id: ID` variable fits their filters.
const ID_OPERATORS = operators('id_filter_operators', GraphQLID, TEXT, ['_in', '_nin'], ['_empty', '_nempty']);
const NUMBER_OPERATORS = operators(
  'number_filter_operators',
  GraphQLStringOrFloat,
  ORDERED,
  ['_in', '_nin', '_between', '_nbetween'],
  [],
);
const DATE_OPERATORS = operators(
  'date_filter_operators',
  GraphQLString,
  ORDERED,
  ['_in', '_nin', '_between', '_nbetween'],
  [],
);
const BOOLEAN_OPERATORS = operators('boolean_filter_operators', GraphQLBoolean, ['_eq', '_neq'], [], []);
const JSON_OPERATORS = new GraphQLInputObjectType({
  name: 'json_filter_operators',
  fields: { _json: { type: GraphQLJsonFilter }, ...nullChecks },
});

const NUMERIC: FieldType[] = ['integer', 'bigInteger', 'float', 'decimal'];
const DATED: FieldType[] = ['date', 'time', 'dateTime', 'timestamp'];

export function filterOperatorsFor(type: FieldType): GraphQLInputObjectType {
  if (NUMERIC.includes(type)) return NUMBER_OPERATORS;
  if (DATED.includes(type)) return DATE_OPERATORS;
  if (type === 'boolean') return BOOLEAN_OPERATORS;
  if (type === 'json') return JSON_OPERATORS;
  if (type === 'uuid') return ID_OPERATORS;
  return STRING_OPERATORS;
}

export function isNumeric(type: FieldType): boolean {
  return NUMERIC.includes(type);
}
