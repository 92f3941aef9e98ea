import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../../common/errors/app-error';
import { InvalidPayloadError, ServiceUnavailableError } from '../../../common/errors/errors';
import { StorageDriver, UnsafeStorageKeyError } from '../storage/storage-driver';
import { byteLimit } from './byte-limit';

/**
 * Streams `stream` into `driver` at `key`, at most `maxBytes`, and returns the stored size. A failing
 * source (too large, truncated body) is the client's fault; a failing store is SERVICE_UNAVAILABLE.
 */
export async function writeContent(
  driver: StorageDriver,
  key: string,
  stream: Readable,
  type: string,
  maxBytes: number | undefined,
): Promise<number> {
  const limiter = byteLimit(maxBytes);
  let sourceError: unknown = stream.errored ?? undefined;
  stream.once('error', (err) => (sourceError ??= err));
  // Both sides must settle before clean-up, or a late write could recreate the object after its deletion.
  const [source, sink] = await Promise.allSettled([pipeline(stream, limiter), driver.put(key, limiter, type)]);
  if (source.status === 'rejected' || sink.status === 'rejected') {
    await driver.delete(key).catch(() => undefined);
    const reasons = [source, sink].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const tooLarge = reasons.find((r) => r instanceof AppError);
    if (tooLarge) throw tooLarge;
    if (sourceError)
      throw new InvalidPayloadError(`The file content could not be read: ${(sourceError as Error).message}`);
    if (sink.status === 'rejected' && sink.reason instanceof UnsafeStorageKeyError) {
      throw new InvalidPayloadError('"filename_disk" must stay inside the storage location');
    }
    throw new ServiceUnavailableError('storage', `Could not write the file: ${(reasons[0] as Error).message}`);
  }
  return (await driver.stat(key))?.size ?? limiter.bytes;
}
