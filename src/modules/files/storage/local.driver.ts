import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, ByteRange, StorageDriver, StorageStat, UnsafeStorageKeyError } from './storage-driver';

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

  async put(path: string, stream: Readable): Promise<void> {
    const full = this.fullPath(path);
    await mkdir(dirname(full), { recursive: true });
    try {
      await pipeline(stream, createWriteStream(full));
    } catch (err) {
      await rm(full, { force: true });
      throw err;
    }
  }

  async getStream(path: string, range?: ByteRange): Promise<Readable> {
    const full = this.fullPath(path);
    const stream = createReadStream(full, range ? { start: range.start, end: range.end } : undefined);
    // Surface a missing file as a rejected promise here rather than as a late stream error.
    await new Promise<void>((resolveOpen, rejectOpen) => {
      stream.once('open', () => resolveOpen());
      stream.once('error', rejectOpen);
    });
    return stream;
  }

  async stat(path: string): Promise<StorageStat | null> {
    try {
      const info = await stat(this.fullPath(path));
      return info.isFile() ? { size: info.size, modified: info.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(path: string): Promise<boolean> {
    return (await this.stat(path)) !== null;
  }

  async delete(path: string): Promise<void> {
    await rm(this.fullPath(path), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const slash = prefix.lastIndexOf('/');
    const folder = slash === -1 ? this.root : this.fullPath(prefix.slice(0, slash));
    let entries: string[];
    try {
      entries = await readdir(folder, { recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    return entries
      .map((entry) => relative(this.root, resolve(folder, entry)).split(sep).join('/'))
      .filter((key) => key.startsWith(prefix));
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.fullPath(to);
    await mkdir(dirname(target), { recursive: true });
    await rename(this.fullPath(from), target);
  }
}
