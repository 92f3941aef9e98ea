import { PassThrough, type Readable } from 'node:stream';
import { InvalidPayloadError, UnsupportedMediaTypeError } from '../../../common/errors/errors';
import type { FilePart } from '../../../common/http/multipart/streaming-storage';
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

/** API.md 2.2: the file part's own media type picks the parser (JSON or CSV); any other is a 415. */
export function importUpload(part: FilePart): ImportUpload {
  const format = importFormatOf(part.type);
  if (!format) throw new UnsupportedMediaTypeError(part.type, 'the file part');
  return { format, filename: part.filename, stream: asPayloadErrors(part.stream) };
}
