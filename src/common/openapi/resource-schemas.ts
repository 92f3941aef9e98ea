import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { ERROR_SCHEMA } from './error-responses';
import { SCHEMA_RESOURCES } from './schema-resource-schemas';
import { object } from './schema-shorthand';
import { SYSTEM_ROWS } from './system-row-schemas';

/** Shapes shared by the bodies and answers of every items-like endpoint (API.md 1.6, 1.7). */
const SHARED: Record<string, SchemaObject | ReferenceObject> = {
  Error: ERROR_SCHEMA,
  Meta: object(
    { total_count: 'integer', filter_count: 'integer' },
    { description: 'The counts asked for with `meta`.' },
  ),
  PrimaryKey: {
    oneOf: [{ type: 'string' }, { type: 'integer' }],
    description: 'A primary key: a UUID or string, or an integer.',
  },
  Item: {
    type: 'object',
    additionalProperties: true,
    description:
      'An item of a user collection: its fields by name. A relational field holds the related key, or the related item when `fields` reaches into it.',
    example: { id: 1, title: 'Hello world', status: 'published' },
  },
  Query: object(
    {
      fields: 'strings',
      filter: { type: 'object', additionalProperties: true },
      sort: 'strings',
      limit: 'integer',
      offset: 'integer',
      page: 'integer',
      search: 'string',
      deep: { type: 'object', additionalProperties: true },
      aggregate: { type: 'object', additionalProperties: true },
      groupBy: 'strings',
      alias: { type: 'object', additionalProperties: { type: 'string' } },
    },
    {
      description: 'The query parameters as one JSON object.',
      example: { filter: { status: { _eq: 'draft' } }, limit: 10 },
    },
  ),
};

/** components.schemas: everything the operations reference besides the DTO classes Nest finds itself. */
export function resourceSchemas(): Record<string, SchemaObject | ReferenceObject> {
  return { ...SHARED, ...SCHEMA_RESOURCES, ...SYSTEM_ROWS };
}
