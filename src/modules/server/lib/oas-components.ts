import type {
  ComponentsObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
  SecuritySchemeObject,
} from '@nestjs/swagger';
import { ErrorCode } from '../../../common/errors/error-codes';
import { EXPORT_FORMATS } from '../../../common/query/query.types';

/** The schemes Vellum reads a caller's token from (API.md 1.2), by the names the system document uses. */
export const SECURITY_SCHEMES: Record<string, SecuritySchemeObject> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An access token (or a static token) in `Authorization: Bearer <token>`.',
  },
  accessTokenQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'access_token',
    description: 'An access token in the `access_token` query parameter.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'svc_session_token',
    description: 'The session cookie set by `POST /auth/login` with `mode: "session"`.',
  },
};

const csv = (name: string, description: string, example: string[]): ParameterObject => ({
  name,
  in: 'query',
  description,
  schema: { type: 'array', items: { type: 'string' } },
  style: 'form',
  explode: false,
  example,
});

const json = (name: string, description: string, example: unknown): ParameterObject => ({
  name,
  in: 'query',
  description,
  content: { 'application/json': { schema: { type: 'object', additionalProperties: true }, example } },
});

const scalar = (name: string, description: string, schema: SchemaObject, example: unknown): ParameterObject => ({
  name,
  in: 'query',
  description,
  schema,
  example,
});

/** The shared query parameters (API.md 1.6), used when the base document does not define them itself. */
export const PARAMETERS: Record<string, ParameterObject> = {
  Fields: csv(
    'fields',
    'Fields to answer, comma-separated: `*` for all, dotted paths into relations (`author.name`, `author.*`).',
    ['*'],
  ),
  Filter: json(
    'filter',
    'Only the items matching this filter: JSON (`{"status":{"_eq":"published"}}`) or the bracket form (`filter[status][_eq]=published`).',
    { status: { _eq: 'published' } },
  ),
  Sort: csv('sort', 'Fields to sort by, comma-separated; `-` before a field sorts descending, `?` is a random order.', [
    '-id',
  ]),
  Limit: scalar(
    'limit',
    'How many items to answer; `-1` for all (up to `QUERY_LIMIT_MAX`). Defaults to `QUERY_LIMIT_DEFAULT`.',
    { type: 'integer', minimum: -1 },
    10,
  ),
  Offset: scalar('offset', 'How many items to skip.', { type: 'integer', minimum: 0 }, 0),
  Page: scalar(
    'page',
    'The page to answer, counted from 1, of `limit` items each.',
    { type: 'integer', minimum: 1 },
    1,
  ),
  Search: scalar(
    'search',
    'Only the items with this text in one of their searchable fields.',
    { type: 'string' },
    'hello',
  ),
  Meta: scalar(
    'meta',
    'Counts to add as `meta`: `total_count`, `filter_count`, or `*` for both.',
    { type: 'string' },
    'total_count',
  ),
  Deep: json(
    'deep',
    'Query parameters for nested relations, keyed by relational field, with `_`-prefixed names (`{"comments":{"_limit":3}}`).',
    { comments: { _limit: 3 } },
  ),
  Aggregate: json(
    'aggregate',
    'Aggregate functions over fields (`{"count":"*"}`, `{"sum":["views"]}`) instead of items.',
    { count: '*' },
  ),
  GroupBy: csv('groupBy', 'Fields to group aggregates by, comma-separated.', ['status']),
  Alias: json(
    'alias',
    'Other names for fields in the answer, `{"<alias>":"<field>"}`, so one relation can be read twice.',
    { writer: 'author' },
  ),
  Version: scalar('version', 'Read the item as it is in this content version (its key).', { type: 'string' }, 'draft'),
  Export: scalar(
    'export',
    'Answer the result as a file to download in this format.',
    { type: 'string', enum: [...EXPORT_FORMATS] },
    'csv',
  ),
};

/** The standard error body (API.md 1.5). */
export const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message', 'extensions'],
        properties: {
          message: { type: 'string' },
          extensions: {
            type: 'object',
            required: ['code'],
            properties: { code: { type: 'string', enum: Object.values(ErrorCode) } },
            additionalProperties: true,
          },
        },
      },
    },
  },
};

const errorResponse = (description: string, code: ErrorCode): ResponseObject => ({
  description,
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      example: { errors: [{ message: description, extensions: { code } }] },
    },
  },
});

/** Shared error answers, used when the base document does not define them itself. */
export const RESPONSES: Record<string, ResponseObject> = {
  BadRequest: errorResponse('The query or the body is invalid.', ErrorCode.InvalidPayload),
  Unauthorized: errorResponse('The token has expired or the credentials are wrong.', ErrorCode.TokenExpired),
  Forbidden: errorResponse('The caller may not do this, or the item does not exist.', ErrorCode.Forbidden),
  NotFound: errorResponse('No such route.', ErrorCode.RouteNotFound),
  Conflict: errorResponse('The request conflicts with the current state.', ErrorCode.RecordNotUnique),
  PayloadTooLarge: errorResponse('The body is larger than allowed.', ErrorCode.ContentTooLarge),
  UnprocessableEntity: errorResponse('The request cannot be carried out as sent.', ErrorCode.UnprocessableContent),
  TooManyRequests: errorResponse('Too many requests: try again later.', ErrorCode.RequestsExceeded),
  ServiceUnavailable: errorResponse(
    'The service is overloaded or its database is unreachable.',
    ErrorCode.ServiceUnavailable,
  ),
};

/** The component names a set of operations refers to, by kind. */
export interface UsedComponents {
  parameters: Set<string>;
  responses: Set<string>;
}

type Kind = 'parameters' | 'responses' | 'schemas' | 'securitySchemes';
type Definitions = Record<
  string,
  SchemaObject | ReferenceObject | ParameterObject | ResponseObject | SecuritySchemeObject
>;

function addMissing(
  components: ComponentsObject,
  kind: Kind,
  wanted: Iterable<string>,
  fallback: Definitions,
): string[] {
  const present = (components[kind] ?? {}) as Definitions;
  const added = [...wanted].filter((name) => !(name in present) && name in fallback);
  if (added.length)
    components[kind] = { ...present, ...Object.fromEntries(added.map((name) => [name, fallback[name]])) } as never;
  return added;
}

/**
 * The base document's components with what the added operations refer to: each shared parameter,
 * response, security scheme (and the Error schema its responses need) that the base does not define
 * under that name. Definitions the base has are kept as they are.
 */
export function completeComponents(
  base: ComponentsObject | undefined,
  schemas: Record<string, SchemaObject>,
  used: UsedComponents,
): ComponentsObject {
  const components: ComponentsObject = { ...base, schemas: { ...base?.schemas, ...schemas } };
  addMissing(components, 'parameters', used.parameters, PARAMETERS);
  addMissing(components, 'securitySchemes', Object.keys(SECURITY_SCHEMES), SECURITY_SCHEMES);
  if (addMissing(components, 'responses', used.responses, RESPONSES).length)
    addMissing(components, 'schemas', ['Error'], { Error: ERROR_SCHEMA });
  return components;
}
