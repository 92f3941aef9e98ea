import type { OpenAPIObject, ParameterObject, ReferenceObject, RequestBodyObject } from '@nestjs/swagger';
import { PARAMETER_REF_PREFIX } from './query-parameters';
import { REQUEST_BODY_REF_PREFIX } from './request-bodies';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function schemaRef(value: { schema?: unknown } | undefined, prefix: string): string | undefined {
  const ref = (value?.schema as ReferenceObject | undefined)?.$ref;
  return typeof ref === 'string' && ref.startsWith(prefix) ? ref : undefined;
}

function parameter(p: ParameterObject | ReferenceObject): ParameterObject | ReferenceObject {
  const ref = '$ref' in p ? undefined : schemaRef(p, PARAMETER_REF_PREFIX);
  return ref ? { $ref: ref } : p;
}

function requestBody(body: RequestBodyObject | ReferenceObject): RequestBodyObject | ReferenceObject {
  if ('$ref' in body) return body;
  const ref = Object.values(body.content ?? {})
    .map((media) => schemaRef(media, REQUEST_BODY_REF_PREFIX))
    .find(Boolean);
  return ref ? { $ref: ref } : body;
}

/**
 * The one step after Nest builds the document, for what its decorators cannot say: a parameter or a
 * request body that is only a `$ref` to a shared component. ApiQueryParams and ApiBodyRef emit them with a
 * schema pointing at the component; this swaps each for the bare reference. Changes `document` in place.
 */
export function finishOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (operation.parameters) operation.parameters = operation.parameters.map(parameter);
      if (operation.requestBody) operation.requestBody = requestBody(operation.requestBody);
    }
  }
  return document;
}
