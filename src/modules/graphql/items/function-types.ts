import { GraphQLInputObjectType, GraphQLInt, GraphQLObjectType, type GraphQLFieldConfig } from 'graphql';
import { isPlainObject } from '../../../common/is-plain-object';
import { filterOperatorsFor } from './filter-operators';

const DATE_PARTS = ['year', 'month', 'week', 'day', 'weekday', 'hour', 'minute', 'second'];

/**
 * `<field>_func { year month ... }` of date fields and `<field>_func { count }` of one-to-many fields,
 * the reference platform's GraphQL form of REST's `year(field)` and `count(field)`.
 */
export const DatetimeFunctions = new GraphQLObjectType({ name: 'datetime_functions', fields: Object.fromEntries(DATE_PARTS.map((fn) => [fn, { type: GraphQLInt }])) });
export const CountFunctions = new GraphQLObjectType({ name: 'count_functions', fields: { count: { type: GraphQLInt } } });

const numberOperators = filterOperatorsFor('integer');
export const DatetimeFunctionFilter = new GraphQLInputObjectType({
  name: 'datetime_function_filter_operators',
  fields: Object.fromEntries(DATE_PARTS.map((fn) => [fn, { type: numberOperators }])),
});
export const CountFunctionFilter = new GraphQLInputObjectType({ name: 'count_function_filter_operators', fields: { count: { type: numberOperators } } });

export const isFunctionType = (type: unknown) => type === DatetimeFunctions || type === CountFunctions;

/** The engine answers `year(at)` as `at_year` (REST's key); GraphQL nests it as `at_func { year }`. */
export function functionField(field: string, type: GraphQLObjectType): GraphQLFieldConfig<Record<string, unknown>, unknown> {
  const names = Object.keys(type.getFields());
  return { type, resolve: (item) => Object.fromEntries(names.map((fn) => [fn, item[`${field}_${fn}`]])) };
}

/** A GraphQL filter in REST's terms: `{ at_func: { year: { _eq: 2020 } } }` → `{ 'year(at)': { _eq: 2020 } }`. */
export function restFilter(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(restFilter);
  if (!isPlainObject(filter)) return filter;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.endsWith('_func') && isPlainObject(value)) {
      const field = key.slice(0, -'_func'.length);
      for (const [fn, operators] of Object.entries(value)) out[`${fn}(${field})`] = operators;
    } else {
      out[key] = restFilter(value);
    }
  }
  return out;
}
