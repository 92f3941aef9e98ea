import {
  GraphQLBoolean,
  GraphQLFieldConfig,
  GraphQLFieldConfigArgumentMap,
  GraphQLFieldConfigMap,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLString,
} from 'graphql';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { CollectionOverview, FieldOverview } from '../../schema/schema.types';
import { isSystemCollection } from '../../schema/system-schema';
import { GraphQLBigInt } from '../scalars';
import { anyUnionField } from './any-union';
import { filterOperatorsFor, isNumeric } from './filter-operators';
import {
  CountFunctionFilter,
  CountFunctions,
  DatetimeFunctionFilter,
  DatetimeFunctions,
  FilterFieldExtensions,
  functionField,
  JsonFunctions,
} from './function-types';
import { GraphQLDate, GraphQLJSON, GraphQLStringOrFloat } from './item-scalars';

/** The GraphQL types of one user collection; relational members refer to other collections' types lazily. */
export interface CollectionTypes {
  collection: CollectionOverview;
  object: GraphQLObjectType;
  filter: GraphQLInputObjectType;
  /** The filter of a one-to-many toward this collection: its fields, or `_some`/`_none` of its rows. */
  quantifier: GraphQLInputObjectType;
  create: GraphQLInputObjectType;
  update: GraphQLInputObjectType;
  aggregated: GraphQLObjectType;
}

const NAME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
/** GraphQL names are narrower than collection and field names; the others are left out of the schema. */
export const isGraphqlName = (name: string) => NAME.test(name) && !name.startsWith('__');

/** The REST query parameters, as arguments of every list (API.md 1.6). */
export function listArgs(filter: GraphQLInputObjectType): GraphQLFieldConfigArgumentMap {
  return {
    filter: { type: filter },
    sort: { type: new GraphQLList(GraphQLString) },
    limit: { type: GraphQLInt },
    offset: { type: GraphQLInt },
    page: { type: GraphQLInt },
    search: { type: GraphQLString },
  };
}

function scalarOutput(field: FieldOverview): GraphQLOutputType | null {
  if (field.primaryKey) return new GraphQLNonNull(GraphQLID);
  return scalarOf(field, 'out') as GraphQLOutputType | null;
}

function scalarOf(field: FieldOverview, direction: 'in' | 'out') {
  switch (field.type) {
    case 'integer':
      return GraphQLInt;
    case 'bigInteger':
      return direction === 'out' ? GraphQLBigInt : GraphQLStringOrFloat;
    case 'float':
    case 'decimal':
      return GraphQLFloat;
    case 'boolean':
      return GraphQLBoolean;
    case 'json':
      return GraphQLJSON;
    case 'csv':
      return field.special.includes('cast-csv') ? new GraphQLList(GraphQLString) : GraphQLString;
    case 'uuid':
      return GraphQLID;
    case 'date':
    case 'time':
    case 'dateTime':
    case 'timestamp':
      return GraphQLDate;
    case 'alias':
      return null;
    default:
      return GraphQLString;
  }
}

/** The fields of a collection the caller may read (null: all of them), or false when they may read none. */
export type ReadableFields = (collection: string) => Set<string> | null | false;

const userCollections = (name: string) => !isSystemCollection(name);

/**
 * Builds the types of every collection `included` (the user collections unless told otherwise) whose
 * name GraphQL can carry and the caller may read, with the fields they may read; relations into other
 * collections follow the same rule.
 */
export function buildItemTypes(
  overview: SchemaOverview,
  readable: ReadableFields,
  included: (collection: string) => boolean = userCollections,
): Map<string, CollectionTypes> {
  const types = new Map<string, CollectionTypes>();
  const fieldsOf = (c: CollectionOverview) => {
    const allowed = readable(c.collection);
    return Object.values(c.fields).filter((f) => isGraphqlName(f.field) && (!allowed || allowed.has(f.field)));
  };
  for (const collection of overview.collections.values()) {
    const name = collection.collection;
    if (!included(name) || !collection.table || !isGraphqlName(name) || readable(name) === false) continue;
    // A GraphQL object type needs a field: a collection none of whose columns GraphQL can name is left out.
    if (!fieldsOf(collection).some((f) => f.type !== 'alias')) continue;
    const related = (field: FieldOverview) => {
      const link = overview.relation(name, field.field);
      const target = link ? types.get(link.related) : undefined;
      return link && target ? { many: link.type === 'o2m', target } : null;
    };
    const anyUnion = (field: FieldOverview) =>
      overview.isAnyToOne(name, field.field) ? anyUnionField(overview, name, field.field, types) : null;
    const object: GraphQLObjectType = new GraphQLObjectType({
      name,
      fields: () => objectFields(fieldsOf(collection), related, anyUnion),
    });
    const anyFilters = (field: FieldOverview) =>
      overview.isAnyToOne(name, field.field) ? anyItemFilters(overview, name, field.field, types) : null;
    const filter: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: `${name}_filter`,
      fields: () => filterFields(fieldsOf(collection), related, anyFilters, filter),
    });
    const quantifier = new GraphQLInputObjectType({
      name: `${name}_quantifier_filter`,
      fields: () => ({
        ...filterFields(fieldsOf(collection), related, anyFilters, filter),
        _some: { type: filter },
        _none: { type: filter },
      }),
    });
    const anyItem = (field: FieldOverview) => overview.isAnyToOne(name, field.field);
    const input = (mode: 'create' | 'update'): GraphQLInputObjectType =>
      new GraphQLInputObjectType({
        name: `${mode}_${name}_input`,
        fields: () => inputFields(fieldsOf(collection), related, mode, anyItem),
      });
    types.set(name, {
      collection,
      object,
      filter,
      quantifier,
      create: input('create'),
      update: input('update'),
      aggregated: aggregatedType(name, fieldsOf(collection)),
    });
  }
  return types;
}

type Related = (field: FieldOverview) => { many: boolean; target: CollectionTypes } | null;

const DATED = new Set(['date', 'time', 'dateTime', 'timestamp']);

/** Which `<field>_func` a field has: date parts of dates, `count` of one-to-many fields, `json(path:)` of JSON fields. */
function functionsOf(field: FieldOverview, link: ReturnType<Related>): 'date' | 'count' | 'json' | null {
  if (link?.many) return 'count';
  if (link) return null;
  return DATED.has(field.type) ? 'date' : field.type === 'json' ? 'json' : null;
}

const FUNCTION_TYPES = { date: DatetimeFunctions, count: CountFunctions, json: JsonFunctions };

function objectFields(
  fields: FieldOverview[],
  related: Related,
  anyUnion: (field: FieldOverview) => GraphQLFieldConfig<never, unknown> | null,
): GraphQLFieldConfigMap<unknown, unknown> {
  const out: GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const field of fields) {
    const link = related(field);
    const union = anyUnion(field);
    if (union) {
      out[field.field] = union as GraphQLFieldConfig<unknown, unknown>;
    } else if (link) {
      const type = link.many ? new GraphQLList(link.target.object) : link.target.object;
      out[field.field] = { type, args: listArgs(link.target.filter) };
    } else {
      const type = scalarOutput(field);
      if (type) out[field.field] = { type };
    }
    const functions = functionsOf(field, link);
    if (functions && !out[`${field.field}_func`]) {
      out[`${field.field}_func`] = functionField(field.field, FUNCTION_TYPES[functions]) as GraphQLFieldConfig<
        unknown,
        unknown
      >;
    }
  }
  return out;
}

/**
 * A many-to-any `item` filters as `item__<collection>` with that collection's filter, one per allowed
 * collection the caller may read (the reference's names), REST's `item:<collection>`; not as its bare key.
 */
function anyItemFilters(
  overview: SchemaOverview,
  collection: string,
  field: string,
  types: Map<string, CollectionTypes>,
): GraphQLInputFieldConfigMap {
  const out: GraphQLInputFieldConfigMap = {};
  for (const link of overview.anyTargets(collection, field)) {
    const target = types.get(link.related);
    const extensions: FilterFieldExtensions = { restKey: `${field}:${link.related}` };
    if (target) out[`${field}__${link.related}`] = { type: target.filter, extensions };
  }
  return out;
}

function filterFields(
  fields: FieldOverview[],
  related: Related,
  anyFilters: (field: FieldOverview) => GraphQLInputFieldConfigMap | null,
  self: GraphQLInputObjectType,
): GraphQLInputFieldConfigMap {
  const out: GraphQLInputFieldConfigMap = {
    _and: { type: new GraphQLList(self) },
    _or: { type: new GraphQLList(self) },
  };
  for (const field of fields) {
    const any = anyFilters(field);
    if (any) {
      Object.assign(out, any);
      continue;
    }
    const link = related(field);
    if (link) out[field.field] = { type: link.many ? link.target.quantifier : link.target.filter };
    else if (field.type !== 'alias') out[field.field] = { type: filterOperatorsFor(field.type) };
    const functions = functionsOf(field, link);
    // The reference platform filters JSON with `_json`, not json(): JSON fields get no `_func` filter.
    if (functions && functions !== 'json')
      out[`${field.field}_func`] = { type: functions === 'date' ? DatetimeFunctionFilter : CountFunctionFilter };
  }
  return out;
}

function inputFields(
  fields: FieldOverview[],
  related: Related,
  mode: 'create' | 'update',
  anyItem: (field: FieldOverview) => boolean,
): GraphQLInputFieldConfigMap {
  const out: GraphQLInputFieldConfigMap = {};
  for (const field of fields) {
    // A many-to-any item is a key or an item of the collection its junction row names.
    if (anyItem(field)) {
      out[field.field] = { type: GraphQLJSON };
      continue;
    }
    const link = related(field);
    if (link) {
      const target = mode === 'create' ? link.target.create : link.target.update;
      out[field.field] = { type: link.many ? new GraphQLList(target) : target };
      continue;
    }
    // Keys are IDs in input too (the reference's create and update types), whatever their column type.
    const type = field.primaryKey ? GraphQLID : (scalarOf(field, 'in') as GraphQLInputType | null);
    if (type) out[field.field] = { type };
  }
  return out;
}

/** `<collection>_aggregated`: counts over every column, sums and averages over the numeric ones. */
function aggregatedType(name: string, fields: FieldOverview[]): GraphQLObjectType {
  const columns = fields.filter((f) => f.type !== 'alias');
  const numeric = columns.filter((f) => isNumeric(f.type));
  const counts = new GraphQLObjectType({
    name: `${name}_aggregated_count`,
    fields: Object.fromEntries(columns.map((f) => [f.field, { type: GraphQLInt }])),
  });
  const values =
    numeric.length > 0
      ? new GraphQLObjectType({
          name: `${name}_aggregated_fields`,
          fields: Object.fromEntries(numeric.map((f) => [f.field, { type: GraphQLFloat }])),
        })
      : null;
  const numericMembers = values
    ? Object.fromEntries(['avg', 'sum', 'avgDistinct', 'sumDistinct', 'min', 'max'].map((fn) => [fn, { type: values }]))
    : {};
  return new GraphQLObjectType({
    name: `${name}_aggregated`,
    fields: {
      group: { type: GraphQLJSON },
      countAll: { type: GraphQLInt },
      count: { type: counts },
      countDistinct: { type: counts },
      ...numericMembers,
    },
  });
}
