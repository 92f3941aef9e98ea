import type { Test } from 'supertest';
import { DataSource } from 'typeorm';
import { FileEntity } from '../../src/modules/files/entities/file.entity';
import { StorageService } from '../../src/modules/files/storage/storage.service';
import { DriverName, StorageEnv, storageEnv } from './storage-env';
import { createTestApp, TestApp } from './test-app';

/** The app the /files specs run against, with what they look at: its stored objects and file rows. */
export interface FilesApp {
  readonly t: TestApp;
  /** The keys stored in the `files` location. */
  readonly stored: () => Promise<string[]>;
  /** The rows of svc_files. */
  readonly rowCount: () => Promise<number>;
  /** A multipart upload of one file by the administrator, `fields` sent before the file part. */
  readonly upload: (buffer: Buffer, filename: string, contentType: string, fields?: Record<string, string>) => Test;
}

/**
 * Starts an app storing files on `driver` (200 kB per upload, images, audio, text and octet-stream
 * allowed) before the tests of the calling describe, and closes it after them.
 */
export function useFilesApp(driver: DriverName): FilesApp {
  let t: TestApp | undefined;
  let storage: StorageEnv;
  const app = (): TestApp => {
    if (!t) throw new Error('the files app is started in beforeAll');
    return t;
  };
  beforeAll(async () => {
    storage = await storageEnv(driver);
    t = await createTestApp({
      env: {
        ...storage.env,
        FILES_MAX_UPLOAD_SIZE: '200kb',
        FILES_MIME_TYPE_ALLOW_LIST: 'image/*,audio/*,text/plain,application/octet-stream',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await storage.close();
  });
  return {
    get t() {
      return app();
    },
    stored: () => app().app.get(StorageService).location('files').list(''),
    rowCount: () => app().app.get(DataSource).getRepository(FileEntity).count(),
    upload: (buffer, filename, contentType, fields = {}) => {
      const req = app().as('admin').post('/files');
      for (const [name, value] of Object.entries(fields)) req.field(name, value);
      return req.attach('file', buffer, { filename, contentType });
    },
  };
}
