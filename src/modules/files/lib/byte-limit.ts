import { Transform } from 'node:stream';
import { ContentTooLargeError } from '../../../common/errors/errors';

/** A pass-through that fails with CONTENT_TOO_LARGE as soon as more than `max` bytes went through. */
export function byteLimit(max: number | undefined): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (max !== undefined && counter.bytes > max) return callback(new ContentTooLargeError());
      callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}
