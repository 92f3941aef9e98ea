import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { TusService } from '../../src/modules/files/tus/tus.service';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { makeImage } from '../helpers/images';
import { DriverName, StorageEnv, storageEnv } from '../helpers/storage-env';
import { createTestApp, TestApp } from '../helpers/test-app';
import { until } from '../helpers/until';

const MB = 1024 * 1024;
const TUS = { 'Tus-Resumable': '1.0.0' };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const b64 = (value: string) => Buffer.from(value).toString('base64');
const partials = async () =>
  (await readdir(join(tmpdir(), 'vellum-tus')).catch(() => [] as string[])).filter((name) => !name.endsWith('.json'));

async function listen(t: TestApp): Promise<string> {
  if (!t.server.listening) await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
}

interface Outcome {
  url: string | null;
  error?: Error;
  fileId?: string;
}

/** Runs a tus-js-client upload until it succeeds, fails, or `stopAfter` bytes went out (then aborts mid-chunk). */
function runUpload(data: Buffer, options: tus.UploadOptions, stopAfter?: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const upload: tus.Upload = new tus.Upload(data, {
      chunkSize: MB,
      retryDelays: null,
      ...options,
      onProgress: (sent) => {
        if (stopAfter !== undefined && sent >= stopAfter) void upload.abort().then(() => resolve({ url: upload.url }));
      },
      onAfterResponse: (_req, res) => {
        // The header a reference client reads; Vellum's own names the same file.
        const id = res.getHeader('Directus-File-Id');
        if (id) outcome.fileId = id;
        if (id && res.getHeader('Vellum-File-Id') !== id) outcome.error = new Error('the two file id headers disagree');
      },
      onSuccess: () => resolve({ ...outcome, url: upload.url }),
      onError: (error) => resolve({ url: upload.url, error }),
    });
    const outcome: Outcome = { url: null };
    upload.start();
  });
}

describe.each<DriverName>(['local', 's3'])('resumable uploads (tus) at /files/tus on the %s driver', (driver) => {
  let t: TestApp;
  let storage: StorageEnv;
  let endpoint: string;

  beforeAll(async () => {
    storage = await storageEnv(driver);
    t = await createTestApp({
      env: { ...storage.env, TUS_ENABLED: 'true', TUS_CHUNK_SIZE: '1mb', FILES_MAX_UPLOAD_SIZE: '25mb' },
    });
    endpoint = `${await listen(t)}/files/tus`;
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it('resumes an interrupted 20 MB upload in 1 MB chunks and stores the file row and its exact bytes', async () => {
    const data = randomBytes(20 * MB);
    const folder = (await t.as('admin').post('/folders').send({ name: 'resumed' })).body.data.id as string;
    const headers = { Authorization: `Bearer ${t.adminToken}` };
    const metadata = {
      filename: 'big-archive.bin',
      filetype: 'application/octet-stream',
      title: 'Big archive',
      folder,
    };

    const first = await runUpload(data, { endpoint, headers, metadata }, 7.5 * MB);
    expect(first.error).toBeUndefined();
    expect(first.url).toMatch(/\/files\/tus\/[0-9a-f]+$/);
    const head = await t.as('admin').head(new URL(first.url!).pathname).set(TUS);
    expect(head.status).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(data.length);
    expect(
      (
        await t
          .as('admin')
          .get('/files')
          .query({ filter: JSON.stringify({ folder: { _eq: folder } }) })
      ).body.data,
    ).toEqual([]);

    const second = await runUpload(data, { uploadUrl: first.url, headers, metadata });
    expect(second.error).toBeUndefined();
    expect(second.url).toBe(first.url);
    const row = (await t.as('admin').get(`/files/${second.fileId}`)).body.data;
    expect(row).toMatchObject({
      filesize: data.length,
      type: 'application/octet-stream',
      filename_download: 'big-archive.bin',
      title: 'Big archive',
      folder,
    });
    const asset = await t.as('admin').get(`/assets/${row.id}`).buffer(true);
    expect(asset.status).toBe(200);
    expect(sha256(asset.body as Buffer)).toBe(sha256(data));
    expect(await partials()).not.toContain(new URL(first.url!).pathname.split('/').pop());
    const activity = await t
      .as('admin')
      .get('/activity')
      .query({ filter: JSON.stringify({ item: { _eq: row.id } }) });
    expect(activity.body.data.map((a: { action: string }) => a.action)).toContain('create');
  });

  it("replaces a file's content with replace_id, keeping its id", async () => {
    const original = (
      await t
        .as('admin')
        .post('/files')
        .attach('file', Buffer.from('old text'), { filename: 'note.txt', contentType: 'text/plain' })
    ).body.data;
    const data = Buffer.from('the new, longer content of the note');
    const outcome = await runUpload(data, {
      endpoint,
      headers: { Authorization: `Bearer ${t.adminToken}` },
      metadata: { filename: 'note-v2.txt', filetype: 'text/plain', replace_id: original.id },
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.fileId).toBe(original.id);
    const row = (await t.as('admin').get(`/files/${original.id}`)).body.data;
    expect(row).toMatchObject({ filesize: data.length, filename_download: 'note-v2.txt', type: 'text/plain' });
    expect((await t.as('admin').get(`/assets/${original.id}`)).text).toBe(data.toString());
  });

  it("takes the reference client's metadata names (filename_download, type, id to replace)", async () => {
    const original = (
      await t
        .as('admin')
        .post('/files')
        .attach('file', Buffer.from('first'), { filename: 'plan.txt', contentType: 'text/plain' })
    ).body.data;
    const data = Buffer.from('second, as the reference studio sends it');
    const fresh = await runUpload(data, {
      endpoint,
      headers: { Authorization: `Bearer ${t.adminToken}` },
      metadata: { filename_download: 'fresh.txt', type: 'text/plain' },
    });
    expect(fresh.error).toBeUndefined();
    expect((await t.as('admin').get(`/files/${fresh.fileId}`)).body.data).toMatchObject({
      filename_download: 'fresh.txt',
      type: 'text/plain',
      title: 'Fresh',
      filesize: data.length,
    });
    const replaced = await runUpload(data, {
      endpoint,
      headers: { Authorization: `Bearer ${t.adminToken}` },
      metadata: { filename_download: 'plan-v2.txt', type: 'text/plain', id: original.id },
    });
    expect(replaced.error).toBeUndefined();
    expect(replaced.fileId).toBe(original.id);
    expect((await t.as('admin').get(`/assets/${original.id}`)).text).toBe(data.toString());
  });

  it('reads image metadata as a multipart upload does, and takes uploads from the public role when it may create files', async () => {
    const image = await makeImage(64, 48, 'png');
    const outcome = await runUpload(image, {
      endpoint,
      metadata: { filename: 'sunset-over-sea.png', filetype: 'image/png' },
    });
    expect(outcome.error?.message).toMatch(/403/);
    const permission = await grant(t, null, 'svc_files', 'create');
    const anonymous = await runUpload(image, {
      endpoint,
      metadata: { filename: 'sunset-over-sea.png', filetype: 'image/png' },
    });
    expect((await t.as('admin').delete(`/permissions/${permission}`)).status).toBe(204);
    expect(anonymous.error).toBeUndefined();
    const row = (await t.as('admin').get(`/files/${anonymous.fileId}`)).body.data;
    expect(row).toMatchObject({
      width: 64,
      height: 48,
      type: 'image/png',
      title: 'Sunset Over Sea',
      storage: 'files',
      uploaded_by: null,
    });
  });

  it('advertises resumable uploads and their chunk size in /server/info', async () => {
    const info = await t.as('admin').get('/server/info');
    expect(info.body.data.uploads).toEqual({ maxSize: 25 * MB, tus: true, chunkSize: MB });
  });

  it('refuses callers without create permission on files with 403 before storing anything', async () => {
    const before = await partials();
    const creation = { ...TUS, 'Upload-Length': '10', 'Upload-Metadata': `filename ${b64('a.txt')}` };
    await expectError(t.as('anonymous').post('/files/tus').set(creation), 403, 'FORBIDDEN');
    const reader = await createUser(t, await createRole(t));
    await expectError(t.as(reader.token).post('/files/tus').set(creation), 403, 'FORBIDDEN');
    expect(await partials()).toEqual(before);

    const writerRole = await createRole(t);
    await grant(t, writerRole, 'svc_files', 'create');
    const writer = await createUser(t, writerRole);
    const other = await createUser(t, writerRole);
    const created = await t.as(writer.token).post('/files/tus').set(creation);
    expect(created.status).toBe(201);
    // Another user may not look at or continue somebody else's upload.
    expect((await t.as(other.token).head(created.headers.location).set(TUS)).status).toBe(403);
    await expectError(
      t
        .as(other.token)
        .patch(created.headers.location)
        .set({ ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' })
        .send(Buffer.from('0123456789')),
      403,
      'FORBIDDEN',
    );
    const done = await t
      .as(writer.token)
      .patch(created.headers.location)
      .set({ ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' })
      .send(Buffer.from('0123456789'));
    expect(done.status).toBe(204);
    expect(done.headers['directus-file-id']).toBe(done.headers['vellum-file-id']);
    const row = (await t.as('admin').get(`/files/${done.headers['directus-file-id']}`)).body.data;
    expect(row).toMatchObject({ filesize: 10, filename_download: 'a.txt', uploaded_by: writer.id });
  });

  it.each([
    ['carrying all its bytes (creation with upload)', 'hello world'],
    ['of an empty file', ''],
  ])('stores an upload finished by its creation request, %s, answering 201 with the file id', async (_what, text) => {
    const before = await partials();
    const creation = {
      ...TUS,
      'Upload-Length': String(text.length),
      'Upload-Metadata': `filename ${b64('once.txt')},filetype ${b64('text/plain')}`,
      'Content-Type': 'application/offset+octet-stream',
    };
    const res = await t.as('admin').post('/files/tus').set(creation).send(Buffer.from(text));
    expect(res.status).toBe(201);
    const id = res.headers['directus-file-id'];
    expect((await t.as('admin').get(`/files/${id}?fields=filesize,filename_download`)).body.data).toEqual({
      filesize: text.length,
      filename_download: 'once.txt',
    });
    expect((await t.as('admin').get(`/assets/${id}`)).text).toBe(text);
    expect(await partials()).toEqual(before);
  });

  it('refuses an upload over FILES_MAX_UPLOAD_SIZE with 413 before storing anything', async () => {
    const before = await partials();
    await expectError(
      t
        .as('admin')
        .post('/files/tus')
        .set({ ...TUS, 'Upload-Length': String(26 * MB) }),
      413,
      'CONTENT_TOO_LARGE',
    );
    expect(await partials()).toEqual(before);
  });

  it.each([
    ['no Tus-Resumable', { 'Upload-Length': '5' }],
    ['an Upload-Length that is not a number', { ...TUS, 'Upload-Length': 'five' }],
    ['no Upload-Length', TUS],
    [
      'an Upload-Metadata value that is not base64',
      { ...TUS, 'Upload-Length': '5', 'Upload-Metadata': 'filename not*base64' },
    ],
    [
      'a key twice in Upload-Metadata',
      { ...TUS, 'Upload-Length': '5', 'Upload-Metadata': `title ${b64('a')},title ${b64('b')}` },
    ],
    [
      'a metadata key that is no file field',
      { ...TUS, 'Upload-Length': '5', 'Upload-Metadata': `colour ${b64('red')}` },
    ],
    [
      'the owner key, which only the server sets',
      { ...TUS, 'Upload-Length': '5', 'Upload-Metadata': `vellum_owner ${b64('x')}` },
    ],
  ])('answers 400 INVALID_PAYLOAD to a creation with %s', async (_case, headers) => {
    await expectError(t.as('admin').post('/files/tus').set(headers), 400, 'INVALID_PAYLOAD');
  });

  it('answers 400 to a chunk with a malformed Upload-Offset and 413 to bytes past the declared length', async () => {
    const created = await t
      .as('admin')
      .post('/files/tus')
      .set({ ...TUS, 'Upload-Length': '4' });
    const chunk = { ...TUS, 'Content-Type': 'application/offset+octet-stream' };
    await expectError(
      t
        .as('admin')
        .patch(created.headers.location)
        .set({ ...chunk, 'Upload-Offset': '-1' })
        .send(Buffer.from('ab')),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      t
        .as('admin')
        .patch(created.headers.location)
        .set({ ...chunk, 'Upload-Offset': '0' })
        .send(Buffer.from('too long')),
      413,
      'CONTENT_TOO_LARGE',
    );
    expect((await t.as('admin').delete(created.headers.location).set(TUS)).status).toBe(204);
  });
});

describe('expired partial uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TUS_ENABLED: 'true', TUS_UPLOAD_EXPIRATION: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are removed by the clean-up', async () => {
    const created = await t
      .as('admin')
      .post('/files/tus')
      .set({ ...TUS, 'Upload-Length': '4' });
    expect(created.status).toBe(201);
    const id = created.headers.location.split('/').pop()!;
    expect(await partials()).toContain(id);
    const { creation_date: createdAt } = await t.app.get(TusService)['store']!.getUpload(id);
    const expiry = Date.parse(createdAt!) + t.config.files.tus.expiration;
    await until(() => Date.now() > expiry, 'the upload is past TUS_UPLOAD_EXPIRATION');
    // The protocol's own answer to an expired upload, which tus clients act on.
    expect((await t.as('admin').head(created.headers.location).set(TUS)).status).toBe(410);
    expect(await t.app.get(TusService).cleanUp()).toBeGreaterThanOrEqual(1);
    expect(await partials()).not.toContain(id);
    expect((await t.as('admin').head(created.headers.location).set(TUS)).status).toBe(403);
  });
});

describe('/files/tus without TUS_ENABLED', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist, as on the reference platform', async () => {
    await expectError(
      t
        .as('admin')
        .post('/files/tus')
        .set({ ...TUS, 'Upload-Length': '5' }),
      404,
      'ROUTE_NOT_FOUND',
    );
    expect((await t.as('admin').head('/files/tus/abc').set(TUS)).status).toBe(404);
    expect((await t.as('admin').get('/server/info')).body.data.uploads).toEqual({ maxSize: null, tus: false });
  });
});
