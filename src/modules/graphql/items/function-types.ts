import {
  getNamedType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLInputType,
} from 'graphql';
import { isPlainObject } from '../../../common/is-plain-object';
import { jsonKey } from '../../../common/query/parse-json-function';
import { filterOperatorsFor } from './filter-operators';
import { GraphQLJSON } from './item-scalars';

const DATE_PARTS = ['year', 'month', 'week', 'day', 'weekday', 'hour', 'minute', 'second'];

/**
 * `<field>_func { year month ... }` of date fields and `<field>_func { count }` of one-to-many fields,
 * the reference platform's GraphQL form of REST's `year(field)` and `count(field)`.
 */
export const DatetimeFunctions = new GraphQLObjectType({
  name: 'datetime_functions',
  fields: Object.fromEntries(DATE_PARTS.map((fn) => [fn, { type: GraphQLInt }])),
});
export const CountFunctions = new GraphQLObjectType({
  name: 'count_functions',
  fields: { count: { type: GraphQLInt } },
});

/** What `<field>_func` of a JSON field hands its `json(path:)` members: the item as the engine answered it. */
interface JsonSource {
  item: Record<string, unknown>;
  field: string;
}

/**
 * `<field>_func { json(path: "a[0].b") }` of JSON fields, REST's `json(field, path)`; GraphQL aliases
 * select several paths. The engine answers each under REST's key, which the path names again here.
 */
export const JsonFunctions = new GraphQLObjectType<JsonSource>({
  name: 'json_functions',
  fields: {
    json: {
      type: GraphQLJSON,
      args: { path: { type: new GraphQLNonNull(GraphQLString) } },
      // The engine parsed and checked the path when it read the call selection-query asked for.
      resolve: (source, args: { path: string }) => source.item[jsonKey(source.field, args.path.trim())],
    },
  },
});

export const jsonCall = (field: string, path: string) => `json(${field}, ${path})`;

const numberOperators = filterOperatorsFor('integer');
export const DatetimeFunctionFilter = new GraphQLInputObjectType({
  name: 'datetime_function_filter_operators',
  fields: Object.fromEntries(DATE_PARTS.map((fn) => [fn, { type: numberOperators }])),
});
export const CountFunctionFilter = new GraphQLInputObjectType({
  name: 'count_function_filter_operators',
  fields: { count: { type: numberOperators } },
});

export const isFunctionType = (type: unknown) =>
  type === DatetimeFunctions || type === CountFunctions || type === JsonFunctions;

/** The engine answers `year(at)` as `at_year` (REST's key); GraphQL nests it as `at_func { year }`. */
export function functionField(
  field: string,
  type: GraphQLObjectType,
): GraphQLFieldConfig<Record<string, unknown>, unknown> {
  if (type === JsonFunctions) return { type, resolve: (item): JsonSource => ({ item, field }) };
  const names = Object.keys(type.getFields());
  return { type, resolve: (item) => Object.fromEntries(names.map((fn) => [fn, item[`${field}_${fn}`]])) };
}

/** Where a filter input field names a REST filter key GraphQL can't spell: `item__circles` → `item:circles`. */
export type FilterFieldExtensions = { restKey?: string };

/**
 * A GraphQL filter in REST's terms, read along its input type: `{ at_func: { year: { _eq: 2020 } } }` →
 * `{ 'year(at)': { _eq: 2020 } }`, and a field with a `restKey` renamed to it.
 */
export function restFilter(filter: unknown, type: GraphQLInputType | undefined): unknown {
  const named = type && getNamedType(type);
  if (Array.isArray(filter)) return filter.map((entry) => restFilter(entry, named));
  if (!isPlainObject(filter)) return filter;
  const fields = named instanceof GraphQLInputObjectType ? named.getFields() : {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.endsWith('_func') && isPlainObject(value)) {
      const field = key.slice(0, -'_func'.length);
      for (const [fn, operators] of Object.entries(value)) out[`${fn}(${field})`] = operators;
    } else {
      const def = Object.hasOwn(fields, key) ? fields[key] : undefined;
      out[(def?.extensions as FilterFieldExtensions | undefined)?.restKey ?? key] = restFilter(value, def?.type);
    }
  }
  return out;
}
