import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, type RequestBodyObject, type SchemaObject } from '@nestjs/swagger';
import { ApiErrors } from './error-responses';
import { ref } from './schema-shorthand';

/** Where a request body of components.requestBodies is, for a `$ref`. */
export const REQUEST_BODY_REF_PREFIX = '#/components/requestBodies/';

/** A multipart body of one binary `file` part (a file input in Swagger UI), with text parts before it. */
function multipart(
  file: string,
  textParts: Record<string, SchemaObject> = {},
  fileTypes?: string,
): RequestBodyObject['content'][string] {
  return {
    schema: {
      type: 'object',
      required: ['file'],
      properties: { ...textParts, file: { type: 'string', format: 'binary', description: file } },
    },
    ...(fileTypes ? { encoding: { file: { contentType: fileTypes } } } : {}),
  };
}

// The empty examples keep Swagger UI's form empty: otherwise it fills every text part with a sample
// ("string", a made-up folder key) and sends it, so picking a file and pressing Execute would store
// "string" or answer 400. It sends the empty parts too, which count as not sent (multipartFields).
// `folder` names no uuid format, which an empty example would not match.
const FILE_FIELDS: Record<string, SchemaObject> = {
  title: { type: 'string', description: 'Defaults to a title made from the file name.', example: '' },
  folder: { type: 'string', description: 'The key (a UUID) of the folder to file it in.', example: '' },
  description: { type: 'string', example: '' },
};

const SNAPSHOT_FILE =
  'A snapshot file (`GET /schema/snapshot?export=json|yaml`): JSON when its part says `application/json`, YAML otherwise.';

/**
 * Bodies that take more than one media type, declared once: Nest gives every media type of an operation
 * the same schema, and a JSON body and a multipart upload differ.
 */
export const REQUEST_BODIES: Record<string, RequestBodyObject> = {
  FileUpload: {
    required: true,
    description:
      'Multipart: text fields, then the file part they apply to; several files in one body create several records. JSON: a file record without content (`type` required), or an array of them.',
    content: {
      'multipart/form-data': multipart('The file content.', FILE_FIELDS),
      'application/json': { schema: { oneOf: [ref('File'), { type: 'array', items: ref('File') }] } },
    },
  },
  FileReplace: {
    required: true,
    description:
      'JSON: file fields to change. Multipart: new content for the file (text fields first), keeping its id.',
    content: {
      'application/json': { schema: ref('File') },
      'multipart/form-data': multipart('The new content.', FILE_FIELDS),
    },
  },
  ImportUpload: {
    required: true,
    description: 'One file part: JSON (a top-level array of items) or CSV (a header row naming the fields).',
    content: {
      'multipart/form-data': multipart(
        'The items to import.',
        {},
        'application/json, text/csv, application/vnd.ms-excel',
      ),
    },
  },
  SchemaSnapshotBody: {
    required: true,
    description: 'The snapshot to compare with this schema: JSON, or a JSON or YAML snapshot file.',
    content: {
      'application/json': { schema: ref('SchemaSnapshot') },
      'multipart/form-data': multipart(SNAPSHOT_FILE, {}, 'application/json, application/yaml, text/yaml'),
    },
  },
  SchemaDiffBody: {
    required: true,
    description: 'The `data` of `POST /schema/diff` (`{ hash, diff }`): JSON, or a JSON or YAML file of it.',
    content: {
      'application/json': { schema: ref('SchemaDiff') },
      'multipart/form-data': multipart(
        '`{ hash, diff }` as a JSON or YAML file.',
        {},
        'application/json, application/yaml, text/yaml',
      ),
    },
  },
};

export type RequestBodyName = keyof typeof REQUEST_BODIES;

/**
 * A reference to a shared request body. Nest cannot emit a bare `$ref` body: this emits a body whose
 * schema points at the shared one, which finishOpenApiDocument replaces with the `$ref`. The media types
 * stay declared for Nest's own bookkeeping; 400 for a bad body, 413 past the size limits.
 */
export function ApiBodyRef(name: RequestBodyName): MethodDecorator {
  const types = Object.keys(REQUEST_BODIES[name].content);
  return applyDecorators(
    ApiConsumes(...types),
    ApiBody({ required: true, schema: { $ref: `${REQUEST_BODY_REF_PREFIX}${name}` } }),
    ApiErrors(400, 413),
  );
}
