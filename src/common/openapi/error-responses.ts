import { DECORATORS, type ResponseObject, type SchemaObject } from '@nestjs/swagger';
import { ErrorCode } from '../errors/error-codes';

/** The one error body of API.md "Errors", with every code Vellum answers. */
export const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  description: 'The standard error body: one entry per error, each with a message and a machine-readable code.',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['message', 'extensions'],
        properties: {
          message: { type: 'string', example: 'You don’t have permission to access this.' },
          extensions: {
            type: 'object',
            description: 'The code, and details some codes carry (`field`, `collection`, `reason`, `service`, ...).',
            required: ['code'],
            properties: { code: { type: 'string', enum: Object.values(ErrorCode), example: ErrorCode.Forbidden } },
            additionalProperties: true,
          },
        },
      },
    },
  },
};

const ERRORS = {
  400: {
    name: 'BadRequest',
    description:
      'The body or the query is invalid: INVALID_PAYLOAD, INVALID_QUERY, FAILED_VALIDATION, RECORD_NOT_UNIQUE, ...',
  },
  401: {
    name: 'Unauthorized',
    description:
      'Missing, invalid or expired credentials: INVALID_CREDENTIALS, INVALID_TOKEN, TOKEN_EXPIRED, INVALID_OTP.',
  },
  403: {
    name: 'Forbidden',
    description:
      'The caller may not do this, or what it names does not exist (FORBIDDEN), the collection is inactive (COLLECTION_INACTIVE), or a limit is reached (LIMIT_EXCEEDED).',
  },
  404: {
    name: 'NotFound',
    description:
      'No such route (ROUTE_NOT_FOUND). Unknown items, files and collections answer 403, as on the reference platform.',
  },
  409: { name: 'Conflict', description: 'The request conflicts with the current state of the resource.' },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body or the uploaded file is larger than allowed (CONTENT_TOO_LARGE).',
  },
  422: {
    name: 'UnprocessableEntity',
    description: 'The request is understood but cannot be carried out: UNPROCESSABLE_CONTENT, VERSION_HASH_MISMATCH.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many requests from this caller (REQUESTS_EXCEEDED, EMAIL_LIMIT_EXCEEDED); see `Retry-After`.',
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'Shed load or an unreachable database, nothing changed: retry later (SERVICE_UNAVAILABLE, `Retry-After`).',
  },
} as const;

export type ErrorStatus = keyof typeof ERRORS;

/** components.responses: the shared error answers, all with the Error body. */
export function errorResponses(): Record<string, ResponseObject> {
  return Object.fromEntries(
    Object.values(ERRORS).map(({ name, description }) => [
      name,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
}

/**
 * The error answers an operation (or every operation of a controller) can give, as references to the
 * shared responses. Written straight into @nestjs/swagger's response metadata: its ApiResponse always
 * adds a description, which OpenAPI 3.0 forbids beside a `$ref`.
 */
export function ApiErrors(...statuses: ErrorStatus[]): MethodDecorator & ClassDecorator {
  const refs = Object.fromEntries(
    statuses.map((status) => [status, { $ref: `#/components/responses/${ERRORS[status].name}` }]),
  );
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const holder = (descriptor ? descriptor.value : target) as object;
    const previous = (Reflect.getMetadata(DECORATORS.API_RESPONSE, holder) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(DECORATORS.API_RESPONSE, { ...previous, ...refs }, holder);
  };
}
