import { applyDecorators, type Type } from '@nestjs/common';
import {
  ApiBody,
  ApiExcludeEndpoint,
  ApiExtension,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  type ReferenceObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { ApiErrors, type ErrorStatus } from './error-responses';
import { ref } from './schema-shorthand';

export interface OperationDoc {
  /** The reference SDK's name for the call (`readItems`, `uploadFiles`, ...). */
  id: string;
  summary: string;
  description: string;
}

/**
 * What every operation declares: its SDK name, summary and description, and the answers any request may
 * get whatever it asks: 429 from the rate limiter, 503 when load is shed or the database is out of reach.
 * `limits` replaces those two where they differ (`/server/ping` is neither limited nor reads the database).
 */
export function ApiDoc(doc: OperationDoc, options: { limits?: ErrorStatus[] } = {}): MethodDecorator {
  const operation = ApiOperation({ operationId: doc.id, summary: doc.summary, description: doc.description });
  return applyDecorators(operation, ApiErrors(...(options.limits ?? [429, 503])));
}

type Schema = SchemaObject | ReferenceObject;
const schemaOf = (schema: string | Schema): Schema => (typeof schema === 'string' ? ref(schema) : schema);

/** `{ data }` answers; a list also answers the `meta` counts asked for. */
export function envelope(data: Schema, options: { meta?: boolean } = {}): SchemaObject {
  return {
    type: 'object',
    required: ['data'],
    properties: { data, ...(options.meta ? { meta: ref('Meta') } : {}) },
  };
}

/** A 200 with `{ data: <schema> }`; `{ data: [<schema>], meta? }` with `many` (`meta: false` where no counts are answered). */
export function ApiData(
  schema: string | Schema,
  description: string,
  options: { many?: boolean; meta?: boolean } = {},
): MethodDecorator {
  const data = options.many ? { type: 'array' as const, items: schemaOf(schema) } : schemaOf(schema);
  return ApiOkResponse({ description, schema: envelope(data, { meta: options.meta ?? options.many }) });
}

/**
 * The answer of a write (API.md "How a request flows"): the written items re-read with the caller's
 * `fields`, one or a list as the body was, or 204 when the caller may not read them back.
 */
export function ApiWritten(schema: string, options: { many?: boolean; one?: boolean } = {}): MethodDecorator {
  const one = schemaOf(schema);
  const list: SchemaObject = { type: 'array', items: one };
  const data = options.one ? one : options.many ? list : { oneOf: [one, list] };
  return applyDecorators(
    ApiOkResponse({
      description: 'The written items, re-read with `fields`: one for an object body, a list for an array.',
      schema: envelope(data),
    }),
    ApiNoContentResponse({ description: 'Written, but the caller may not read the result back.' }),
  );
}

/**
 * A JSON body, as a DTO class, a schema name or a schema (400 when it is malformed or breaks the rules,
 * 413 past `MAX_PAYLOAD_SIZE`).
 */
export function ApiJsonBody(
  body: Type<unknown> | string | Schema,
  description: string,
  options: { required?: boolean } = {},
): MethodDecorator {
  const shape = typeof body === 'function' ? { type: body } : { schema: schemaOf(body) };
  return applyDecorators(ApiBody({ required: options.required ?? true, description, ...shape }), ApiErrors(400, 413));
}

/**
 * SEARCH is not an OpenAPI 3.0 method: the SEARCH route is left out of the document and its GET
 * counterpart names it in `x-search` (docs/API.md "The OpenAPI document").
 */
export const ApiSearchRoute = (): MethodDecorator => ApiExcludeEndpoint();

export const SEARCH_NOTE =
  'The same read is served by `SEARCH` on this path with the query in a JSON body, `{ "query": { ... } }` or `{ "keys": [...] }` ' +
  '(see `x-search`), for queries too long for a URL.';

export const ApiSearchable = (): MethodDecorator =>
  ApiExtension('x-search', {
    method: 'SEARCH',
    description: 'Reads with the query in the body instead of the URL; answers as this GET does.',
    body: '{ "query": <the query parameters as one JSON object> } or { "keys": [<primary keys>] }',
  });
