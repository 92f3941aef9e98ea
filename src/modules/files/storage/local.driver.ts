import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, Dirent } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { putTempKey } from '../lib/upload-temp';
import {
  assertSafeKey,
  ByteRange,
  nullIfMissing,
  StorageDriver,
  StorageStat,
  UnsafeStorageKeyError,
} from './storage-driver';

const READ_CHUNK = 256 * 1024;

/** Files in a folder on the local disk (`STORAGE_<NAME>_ROOT`, default `./uploads`). */
export class LocalDriver implements StorageDriver {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private fullPath(key: string): string {
    assertSafeKey(key);
    const full = resolve(this.root, key);
    // Second line of defence behind assertSafeKey: whatever the key, never leave the root.
    if (!full.startsWith(this.root + sep)) throw new UnsafeStorageKeyError(key);
    return full;
  }

  /**
   * Writes under a temporary key at the root, then renames into place: a process killed half-way
   * leaves a temporary object for the sweep (upload-sweeper), never a truncated file a reader would get.
   */
  async put(path: string, stream: Readable): Promise<void> {
    const full = this.fullPath(path);
    const temp = this.fullPath(putTempKey(randomUUID()));
    await mkdir(dirname(full), { recursive: true });
    const out = createWriteStream(temp);
    try {
      await pipeline(stream, out);
      await rename(temp, full);
    } catch (err) {
      // A source that failed at once leaves the file still opening: removed before it exists, it would
      // be created just after.
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await rm(temp, { force: true });
      throw err;
    }
  }

  async getStream(path: string, range?: ByteRange): Promise<Readable> {
    const full = this.fullPath(path);
    // Reads of 256 KB: most images are one read, not several of the default 64 KB.
    const stream = createReadStream(full, {
      highWaterMark: READ_CHUNK,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
    // Surface a missing file as a rejected promise here rather than as a late stream error.
    await new Promise<void>((resolveOpen, rejectOpen) => {
      stream.once('open', () => resolveOpen());
      stream.once('error', rejectOpen);
    });
    return stream;
  }

  async stat(path: string): Promise<StorageStat | null> {
    const info = await nullIfMissing(
      () => stat(this.fullPath(path)),
      (err) => (err as NodeJS.ErrnoException).code === 'ENOENT',
    );
    return info?.isFile() ? { size: info.size, modified: info.mtime } : null;
  }

  async exists(path: string): Promise<boolean> {
    return (await this.stat(path)) !== null;
  }

  async delete(path: string): Promise<void> {
    await rm(this.fullPath(path), { force: true });
  }

  /**
   * Reads only the prefix's own folder (and sub-folders whose name matches), not the whole root:
   * deleting one file's variants must not cost a walk over the entire library.
   */
  async list(prefix: string): Promise<string[]> {
    const slash = prefix.lastIndexOf('/');
    const folderKey = slash === -1 ? '' : prefix.slice(0, slash);
    const namePrefix = prefix.slice(slash + 1);
    const folder = folderKey === '' ? this.root : this.fullPath(folderKey);
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
        return [];
      throw err;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      if (!entry.name.startsWith(namePrefix)) continue;
      const key = folderKey === '' ? entry.name : `${folderKey}/${entry.name}`;
      if (entry.isFile()) keys.push(key);
      else if (entry.isDirectory()) {
        const nested = await readdir(join(folder, entry.name), { recursive: true, withFileTypes: true });
        for (const file of nested) {
          if (file.isFile()) keys.push(relative(this.root, join(file.parentPath, file.name)).split(sep).join('/'));
        }
      }
    }
    return keys;
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.fullPath(to);
    await mkdir(dirname(target), { recursive: true });
    await rename(this.fullPath(from), target);
  }
}
