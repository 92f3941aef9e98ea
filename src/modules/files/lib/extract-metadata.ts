import type { StorageDriver } from '../storage/storage-driver';
import { ImageMetadata, METADATA_TYPES, readImageMetadata } from './image-metadata';
import { DURATION_TYPES, mediaDuration } from './media-duration';
import { readLimited } from './read-limited';

/** Images above this size get their metadata from the first bytes only (headers), never the whole object in memory. */
const FULL_METADATA_READ_LIMIT = 64 * 1024 * 1024;
const HEADER_READ_LIMIT = 1024 * 1024;

/** Image metadata (API.md 6.3), or the duration of audio and video whose container states it. */
export async function extractMetadata(
  driver: StorageDriver,
  key: string,
  type: string,
  size: number,
  allowList: readonly string[],
): Promise<ImageMetadata & { duration?: number }> {
  const image = METADATA_TYPES.has(type);
  if (!image && !DURATION_TYPES.has(type)) return {};
  const stream = await driver.getStream(key);
  const input = await readLimited(stream, size <= FULL_METADATA_READ_LIMIT ? size : HEADER_READ_LIMIT);
  if (image) return readImageMetadata(input, allowList);
  return { duration: mediaDuration(input) ?? undefined };
}
