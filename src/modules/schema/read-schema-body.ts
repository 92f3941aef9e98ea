import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { parse as parseYaml } from 'yaml';
import { InvalidPayloadError, UnsupportedMediaTypeError } from '../../common/errors/errors';

/** A file part is parsed as JSON when its own type says so, as YAML otherwise (API.md 4.2). */
export function parseSchemaFile(text: string, mimeType: string): unknown {
  try {
    return mimeType === 'application/json' ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    throw new InvalidPayloadError(`The uploaded file is not valid ${mimeType === 'application/json' ? 'JSON' : 'YAML'}: ${(e as Error).message}`);
  }
}

function readUpload(req: IncomingMessage, maxSize: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: maxSize } });
    } catch (e) {
      reject(new InvalidPayloadError(`The multipart body can't be read: ${(e as Error).message}`));
      return;
    }
    const files: { mimeType: string; text: string }[] = [];
    let failure: Error | null = null;
    parser.on('file', (_name, stream, info) => {
      const chunks: Buffer[] = [];
      // A truncated body fails the part too ("Unexpected end of form"); the parser's own error answers
      // the request, and an 'error' event nobody listens to would crash the process.
      stream.on('error', () => undefined);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (failure ??= new InvalidPayloadError('The uploaded file is too large')));
      stream.on('close', () => files.push({ mimeType: info.mimeType, text: Buffer.concat(chunks).toString('utf8') }));
    });
    parser.on('error', (e: Error) => reject(new InvalidPayloadError(`The multipart body can't be read: ${e.message}`)));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (files.length === 0) return reject(new InvalidPayloadError('The upload must contain one file'));
      if (files.length > 1) return reject(new InvalidPayloadError('The upload must contain only one file'));
      try {
        resolve(parseSchemaFile(files[0].text, files[0].mimeType));
      } catch (e) {
        reject(e);
      }
    });
    req.pipe(parser);
  });
}

/**
 * The body of /schema/diff and /schema/apply: JSON (already parsed by the JSON body parser) or a
 * multipart upload of one JSON or YAML file; any other content type is a 415.
 */
export async function readSchemaBody(req: FastifyRequest, maxSize: number): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  // An empty JSON body is an empty snapshot (400), not an unknown media type.
  if (type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type)) return req.body ?? {};
  if (type === 'multipart/form-data') return readUpload(req.raw, maxSize);
  throw new UnsupportedMediaTypeError(type || 'none', 'Content-Type header');
}
