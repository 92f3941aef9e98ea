import type { Readable } from 'node:stream';

/** Inclusive byte range, as in an HTTP `Range` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StorageStat {
  size: number;
  modified: Date;
}

/**
 * One storage location (ARCHITECTURE: Files). Paths are keys relative to the location; drivers refuse
 * any key that could leave it (see `assertSafeKey`).
 */
export interface StorageDriver {
  /** Streams `stream` into `path`; on failure nothing is left at `path`. */
  put(path: string, stream: Readable, contentType?: string): Promise<void>;
  getStream(path: string, range?: ByteRange): Promise<Readable>;
  /** Null when there is no object at `path`. */
  stat(path: string): Promise<StorageStat | null>;
  exists(path: string): Promise<boolean>;
  /** Idempotent: deleting a missing object is not an error. */
  delete(path: string): Promise<void>;
  /** Every key starting with `prefix`. */
  list(prefix: string): Promise<string[]>;
  move(from: string, to: string): Promise<void>;
}

/** A driver's read that answers null, not an error, when `isMissing` says the object is not there. */
export async function nullIfMissing<T>(
  read: () => Promise<T>,
  isMissing: (err: unknown) => boolean,
): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/** Thrown by drivers for a key that is absolute, contains `..` or control characters. */
export class UnsafeStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Unsafe storage key "${key}".`);
  }
}

/**
 * A storage key must stay inside its location on every driver: no absolute paths, no `.`/`..`
 * segments, no backslashes (Windows separators) and no control characters.
 */
export function isSafeKey(key: string): boolean {
  if (key === '' || key.length > 1024) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f]/.test(key) || key.startsWith('/')) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new UnsafeStorageKeyError(key);
}
