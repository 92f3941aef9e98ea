import type { Request } from 'express';
import { lazyModule } from '../../common/lazy-module';
import { InvalidPayloadError, UnsupportedMediaTypeError } from '../../common/errors/errors';
import { streamedResults } from '../../common/http/multipart/multipart.interceptor';
import type { SchemaFile } from './schema-upload.interceptor';

const yaml = lazyModule(() => require('yaml') as typeof import('yaml'));

/** A file part is parsed as JSON when its own type says so, as YAML otherwise (API.md 4.2). */
export function parseSchemaFile(text: string, mimeType: string): unknown {
  try {
    return mimeType === 'application/json' ? JSON.parse(text) : yaml().parse(text);
  } catch (e) {
    throw new InvalidPayloadError(`The uploaded file is not valid ${mimeType === 'application/json' ? 'JSON' : 'YAML'}: ${(e as Error).message}`);
  }
}

/**
 * The body of /schema/diff and /schema/apply: JSON (already parsed by the JSON body parser) or a
 * multipart upload of one JSON or YAML file (received by SchemaUploadInterceptor); any other content
 * type is a 415.
 */
export function readSchemaBody(req: Request): unknown {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  // An empty JSON body is an empty snapshot (400), not an unknown media type.
  if (type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type)) return req.body ?? {};
  if (type !== 'multipart/form-data') throw new UnsupportedMediaTypeError(type || 'none', 'Content-Type header');
  const [file] = streamedResults<SchemaFile>(req);
  if (!file) throw new InvalidPayloadError('The upload must contain one file');
  return parseSchemaFile(file.text, file.mimeType);
}
