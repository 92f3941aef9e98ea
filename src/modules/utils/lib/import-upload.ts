import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import busboy from 'busboy';
import { InvalidPayloadError, UnsupportedMediaTypeError } from '../../../common/errors/errors';
import { ImportFormat, importFormatOf } from './import-rows';

export interface ImportUpload {
  format: ImportFormat;
  filename: string;
  /** The file's bytes as they arrive: nothing is buffered or written to disk. */
  stream: Readable;
}

/**
 * A truncated body fails the file part ("Unexpected end of form"): the importer reading it must see a
 * 400, and the failure may come before it starts reading, when an 'error' event nobody listens to would
 * crash the process. The returned stream still fails for its reader (`for await` rethrows it).
 */
function asPayloadErrors(part: Readable): Readable {
  const out = new PassThrough();
  out.on('error', () => undefined);
  part.on('error', (e: Error) => out.destroy(new InvalidPayloadError(`Malformed multipart body: ${e.message}`)));
  return part.pipe(out);
}

/**
 * API.md 2.2: an import request is multipart with one file part, whose own media type picks the
 * parser. Resolves as soon as that part starts; further parts are skipped.
 */
export function importUpload(headers: IncomingHttpHeaders, body: Readable): Promise<ImportUpload> {
  const mediaType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType !== 'multipart/form-data') {
    return Promise.reject(new UnsupportedMediaTypeError(mediaType || 'none', 'request'));
  }
  return new Promise((resolve, reject) => {
    let found = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers, limits: { files: 1 } });
    } catch (e) {
      reject(new InvalidPayloadError((e as Error).message));
      return;
    }
    parser.on('file', (_field, stream, info) => {
      found = true;
      const format = importFormatOf(info.mimeType);
      if (!format) {
        // Drained unread, it still fails on a truncated body: that 'error' must have a listener too.
        stream.on('error', () => undefined).resume();
        reject(new UnsupportedMediaTypeError(info.mimeType, 'the file part'));
        return;
      }
      resolve({ format, filename: info.filename ?? '', stream: asPayloadErrors(stream) });
    });
    parser.on('error', (e: Error) => reject(new InvalidPayloadError(e.message)));
    parser.on('close', () => {
      if (!found) reject(new InvalidPayloadError('The request has no file part'));
    });
    body.pipe(parser);
  });
}
