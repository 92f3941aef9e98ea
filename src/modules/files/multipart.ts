import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { InvalidPayloadError } from '../../common/errors/errors';
import { multipartValue } from './lib/file-values';

export interface FilePart {
  stream: Readable;
  filename: string;
  type: string;
}

/**
 * Streams a multipart request part by part (API.md 6.2): text fields are collected and handed to the
 * next file part, which consumes them. Parts are handled one at a time in order; nothing is
 * buffered. Rejects only after the part in progress has settled, so the caller can clean up every
 * file that was stored. No file part at all is INVALID_PAYLOAD.
 */
export function readMultipart<T>(
  req: IncomingMessage,
  onFile: (fields: Record<string, unknown>, part: FilePart) => Promise<T>,
): Promise<{ results: T[]; error?: unknown }> {
  return new Promise((resolve) => {
    const results: T[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fieldSize: 1024 * 1024, fields: 1000 } });
    } catch {
      req.resume();
      resolve({ results, error: new InvalidPayloadError('The body is not valid multipart/form-data') });
      return;
    }
    let fields: Record<string, unknown> = {};
    let chain = Promise.resolve();
    let error: unknown;
    let files = 0;
    const fail = (err: unknown) => {
      if (error) return;
      error = err;
      // Keep reading (and discarding) the rest of the body, so the client gets the answer instead of a reset.
      req.unpipe(parser);
      req.resume();
      void chain.then(() => resolve({ results, error }));
    };
    parser.on('field', (name, value) => {
      fields[name] = multipartValue(value);
    });
    parser.on('file', (_name, stream, info) => {
      files += 1;
      // The part may fail (truncated body) before its handler has started; the handler sees that error
      // through `stream.errored`, so it must not crash the process as an unhandled 'error' event.
      stream.on('error', () => undefined);
      const own = fields;
      fields = {};
      chain = chain.then(async () => {
        if (error) {
          stream.resume();
          return;
        }
        try {
          results.push(await onFile(own, { stream, filename: info.filename ?? '', type: info.mimeType }));
        } catch (err) {
          stream.resume();
          fail(err);
        }
      });
    });
    parser.on('error', (err: Error) => fail(new InvalidPayloadError(`Malformed multipart body: ${err.message}`)));
    parser.on('close', () => {
      void chain.then(() => {
        if (error) return;
        if (files === 0) fail(new InvalidPayloadError('No file was included in the body'));
        else resolve({ results });
      });
    });
    req.on('close', () => {
      if (!req.complete) parser.destroy(new Error('The request was aborted'));
    });
    req.pipe(parser);
  });
}
