import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { ParameterObject } from '@nestjs/swagger';
import { EXPORT_FORMATS } from '../export/export-formats';

/** A comma-separated list in the query string, as Swagger UI and generated clients should send it. */
const csv = (items: object): Pick<ParameterObject, 'schema' | 'style' | 'explode'> => ({
  schema: { type: 'array', items },
  style: 'form',
  explode: false,
});

/** JSON in one query parameter; the bracket form (`filter[title][_eq]=x`) is accepted too. */
const JSON_TEXT: Pick<ParameterObject, 'schema'> = { schema: { type: 'string' } };

/**
 * The query parameters every read of the items engine shares (API.md 1.6), declared once in
 * components.parameters and referenced by each operation that accepts them. Swagger UI fills a
 * parameter's `example` into try-it-out, where it would change every answer (a filter, a search, an
 * export): so the examples are written in the descriptions, and only `fields` carries its harmless `*`.
 */
export const QUERY_PARAMETERS = {
  Fields: {
    name: 'fields',
    in: 'query',
    description:
      'The fields to answer, comma-separated; `*` for all, dot paths through relations. Example: `id,title,author.name` or `*,author.*`.',
    ...csv({ type: 'string' }),
    example: ['*'],
  },
  Filter: {
    name: 'filter',
    in: 'query',
    description:
      'Only the items matching this filter, as JSON (operators `_eq`, `_neq`, `_lt`, `_gt`, `_contains`, `_in`, `_null`, `_between`, ..., groups `_and`, `_or`). ' +
      'Example: `{"status":{"_eq":"published"}}`.',
    ...JSON_TEXT,
  },
  Sort: {
    name: 'sort',
    in: 'query',
    description:
      'Fields to sort by, comma-separated; `-` before a field sorts descending, `?` sorts randomly. Example: `-date_created,title`.',
    ...csv({ type: 'string' }),
  },
  Limit: {
    name: 'limit',
    in: 'query',
    description:
      'How many items to answer (`QUERY_LIMIT_DEFAULT` when absent); `-1` for all, up to `QUERY_LIMIT_MAX`. Example: `10`.',
    schema: { type: 'integer', minimum: -1 },
  },
  Offset: {
    name: 'offset',
    in: 'query',
    description: 'How many matching items to skip. Example: `20`.',
    schema: { type: 'integer', minimum: 0 },
  },
  Page: {
    name: 'page',
    in: 'query',
    description: 'The page of `limit` items to answer, from 1 (instead of `offset`). Example: `2`.',
    schema: { type: 'integer', minimum: 1 },
  },
  Search: {
    name: 'search',
    in: 'query',
    description: 'Only the items where a text or number field contains this string. Example: `hello`.',
    schema: { type: 'string' },
  },
  Meta: {
    name: 'meta',
    in: 'query',
    description:
      'Counts to answer in `meta`: `total_count`, `filter_count`, or `*` for both. Example: `total_count,filter_count`.',
    ...csv({ type: 'string', enum: ['total_count', 'filter_count', '*'] }),
  },
  Deep: {
    name: 'deep',
    in: 'query',
    description:
      'A query for the related items of each relational field, as JSON (`_fields`, `_filter`, `_sort`, `_limit`, `_offset`, `_page`, `_search`). ' +
      'Example: `{"comments":{"_sort":["-date_created"],"_limit":3}}`.',
    ...JSON_TEXT,
  },
  Aggregate: {
    name: 'aggregate',
    in: 'query',
    description:
      'Aggregate functions over the matching items instead of the items, as JSON: `count`, `countDistinct`, `sum`, `avg`, `min`, `max`, ... each with its fields. ' +
      'Example: `{"count":["*"],"avg":["price"]}`.',
    ...JSON_TEXT,
  },
  GroupBy: {
    name: 'groupBy',
    in: 'query',
    description:
      'Fields to group the aggregates by, comma-separated; date functions allowed. Example: `status,year(date_created)`.',
    ...csv({ type: 'string' }),
  },
  Alias: {
    name: 'alias',
    in: 'query',
    description:
      'Extra names for fields, as JSON `{ alias: field }`, so one relation can be read twice with different queries. Example: `{"writer":"author"}`.',
    ...JSON_TEXT,
  },
  Version: {
    name: 'version',
    in: 'query',
    description:
      'Read the item through this content version (its key), with the version’s changes applied. Example: `draft`.',
    schema: { type: 'string' },
  },
  Export: {
    name: 'export',
    in: 'query',
    description: 'Answer the `data` as a file download in this format instead of JSON. Example: `csv`.',
    schema: { type: 'string', enum: [...EXPORT_FORMATS] },
  },
} satisfies Record<string, ParameterObject>;

export type QueryParameterName = keyof typeof QUERY_PARAMETERS;

/** Every query parameter of a list read (API.md 1.6). */
const LIST_QUERY: QueryParameterName[] = [
  'Fields',
  'Filter',
  'Sort',
  'Limit',
  'Offset',
  'Page',
  'Search',
  'Meta',
  'Deep',
  'Aggregate',
  'GroupBy',
  'Alias',
  'Export',
];
/** What a read of one item takes. */
export const ONE_QUERY: QueryParameterName[] = ['Fields', 'Deep', 'Alias', 'Export'];
/** What a write takes: the shape of the items it answers, re-read after the write. */
export const WRITE_QUERY: QueryParameterName[] = ['Fields'];

/** Where a parameter of components.parameters is, for a `$ref`. */
export const PARAMETER_REF_PREFIX = '#/components/parameters/';

/**
 * References to shared query parameters. Nest cannot emit a bare `$ref` parameter: this emits the
 * parameter under its own name with a schema pointing at the shared one, which finishOpenApiDocument
 * replaces with the `$ref`. The real name keeps Nest's merge by name (`@Query('export')`) working.
 */
export function ApiQueryParams(...names: QueryParameterName[]): MethodDecorator {
  return applyDecorators(
    ...names.map((key) =>
      ApiQuery({
        name: QUERY_PARAMETERS[key].name,
        required: false,
        schema: { $ref: `${PARAMETER_REF_PREFIX}${key}` },
      }),
    ),
  );
}

/** The shared query of a list read; `extra` adds e.g. `Version` where content versions apply. */
export const ApiListQuery = (...extra: QueryParameterName[]): MethodDecorator =>
  ApiQueryParams(...LIST_QUERY, ...extra);
