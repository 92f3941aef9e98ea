import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3Server } from './s3-server';

export type DriverName = 'local' | 's3';

export interface StorageEnv {
  env: Record<string, string>;
  close(): Promise<void>;
}

/** One storage location named `files` on the given driver: a temporary folder, or a fresh s3rver. */
export async function storageEnv(driver: DriverName): Promise<StorageEnv> {
  if (driver === 's3') {
    const s3 = await startS3Server();
    return { env: { STORAGE_LOCATIONS: 'files', ...s3.env('files') }, close: () => s3.close() };
  }
  const root = await mkdtemp(join(tmpdir(), 'vellum-files-'));
  return {
    env: { STORAGE_LOCATIONS: 'files', STORAGE_FILES_DRIVER: 'local', STORAGE_FILES_ROOT: root },
    close: () => rm(root, { recursive: true, force: true }),
  };
}
