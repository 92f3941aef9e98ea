import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { FileEntity } from '../../src/modules/files/entities/file.entity';
import { StorageService } from '../../src/modules/files/storage/storage.service';
import { expectError } from '../helpers/expect-error';
import { encodeIptc, makeImage, waveFile, withIptc } from '../helpers/images';
import { DriverName, StorageEnv, storageEnv } from '../helpers/storage-env';
import { createTestApp, TestApp } from '../helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each<DriverName>(['local', 's3'])('files on the %s driver', (driver) => {
  let t: TestApp;
  let storage: StorageEnv;
  const stored = () => t.app.get(StorageService).location('files').list('');
  const rowCount = () => t.app.get(DataSource).getRepository(FileEntity).count();

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
    await t.close();
    await storage.close();
  });

  async function upload(buffer: Buffer, filename: string, contentType: string, fields: Record<string, string> = {}) {
    const req = t.as('admin').post('/files');
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return req.attach('file', buffer, { filename, contentType });
  }

  it('uploads one image: defaults, size, dimensions, and the exact bytes back from /assets', async () => {
    const image = await makeImage(64, 48, 'png');
    const res = await upload(image, 'summer-holiday.png', 'image/png');
    expect(res.status).toBe(200);
    const file = res.body.data;
    expect(file).toMatchObject({
      id: expect.stringMatching(UUID),
      storage: 'files',
      filename_download: 'summer-holiday.png',
      title: 'Summer Holiday',
      type: 'image/png',
      filesize: image.length,
      width: 64,
      height: 48,
      folder: null,
      uploaded_by: expect.stringMatching(UUID),
    });
    expect(file.filename_disk).toBe(`${file.id}.png`);
    expect(new Date(file.uploaded_on).getTime()).not.toBeNaN();
    const asset = await t.as('admin').get(`/assets/${file.id}`).buffer(true);
    expect(asset.status).toBe(200);
    expect(Buffer.compare(asset.body as Buffer, image)).toBe(0);
    expect(await stored()).toContain(file.filename_disk);
  });

  it('applies the fields before each part to that part, several files answer an array', async () => {
    const a = await makeImage(10, 10, 'jpeg');
    const res = await t
      .as('admin')
      .post('/files')
      .field('title', 'First')
      .field('description', 'one')
      .attach('file', a, { filename: 'a.jpg', contentType: 'image/jpeg' })
      .field('tags', '["x","y"]')
      .attach('file', Buffer.from('hello'), { filename: 'notes.txt', contentType: 'text/plain' });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    const [first, second] = res.body.data;
    expect(first).toMatchObject({
      title: 'First',
      description: 'one',
      tags: null,
      type: 'image/jpeg',
      filename_disk: `${first.id}.jpg`,
    });
    expect(second).toMatchObject({
      title: 'Notes',
      description: null,
      tags: ['x', 'y'],
      type: 'text/plain',
      filesize: 5,
    });
  });

  it('reads EXIF (orientation applied, allow-listed keys) and IPTC keywords into tags', async () => {
    const jpeg = await makeImage(40, 20, 'jpeg', {
      exif: { IFD0: { Make: 'Vellum', Model: 'Cam 1', Software: 'hidden' } },
      orientation: 6,
    });
    const res = await upload(
      withIptc(
        jpeg,
        encodeIptc([
          [25, 'sunset'],
          [25, 'beach'],
        ]),
      ),
      'turned.jpg',
      'image/jpeg',
    );
    expect(res.body.data).toMatchObject({
      width: 20,
      height: 40,
      tags: ['sunset', 'beach'],
      metadata: { ifd0: { Make: 'Vellum', Model: 'Cam 1' } },
    });
    expect(res.body.data.metadata.ifd0.Software).toBeUndefined();
  });

  it('reads the duration of audio from its container, also after a replacement', async () => {
    const res = await upload(waveFile(8000, 24_000), 'tone.wav', 'audio/wav');
    expect(res.body.data).toMatchObject({ type: 'audio/wav', duration: 3, width: null });
    const replaced = await t
      .as('admin')
      .patch(`/files/${res.body.data.id}`)
      .attach('file', waveFile(8000, 80_000), { filename: 'longer.wav', contentType: 'audio/wav' });
    expect(replaced.body.data.duration).toBe(10);
  });

  it('keeps a JPEG that is not one, without dimensions', async () => {
    const res = await upload(Buffer.from('certainly not a jpeg'), 'fake.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'image/jpeg', width: null, height: null, filesize: 20 });
  });

  it('refuses a type outside FILES_MIME_TYPE_ALLOW_LIST, leaving nothing behind', async () => {
    const before = await stored();
    const rows = await rowCount();
    await expectError(upload(Buffer.from('%PDF-1.4'), 'doc.pdf', 'application/pdf'), 400, 'INVALID_PAYLOAD');
    expect(await stored()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it('answers 413 above FILES_MAX_UPLOAD_SIZE with no row and no bytes left', async () => {
    const before = await stored();
    const rows = await rowCount();
    await expectError(
      upload(Buffer.alloc(300 * 1024, 7), 'big.bin', 'application/octet-stream'),
      413,
      'CONTENT_TOO_LARGE',
    );
    expect(await stored()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it('removes the files of the same request when a later part fails', async () => {
    const before = await stored();
    const rows = await rowCount();
    const res = t
      .as('admin')
      .post('/files')
      .attach('file', Buffer.from('fine'), { filename: 'ok.txt', contentType: 'text/plain' })
      .attach('file', Buffer.alloc(300 * 1024, 1), { filename: 'big.bin', contentType: 'application/octet-stream' });
    await expectError(res, 413, 'CONTENT_TOO_LARGE');
    expect(await stored()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it('answers 400 for a multipart body without a file part', async () => {
    await expectError(t.as('admin').post('/files').field('title', 'lonely'), 400, 'INVALID_PAYLOAD');
  });

  it('answers 400 for a truncated multipart body, leaving nothing behind', async () => {
    const before = await stored();
    const body = Buffer.from(
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\nhello wor',
    );
    await expectError(
      t.as('admin').post('/files').set('Content-Type', 'multipart/form-data; boundary=XYZ').send(body),
      400,
      'INVALID_PAYLOAD',
    );
    expect(await stored()).toEqual(before);
    await expectError(
      t.as('admin').post('/files').set('Content-Type', 'multipart/form-data').send('no boundary'),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('leaves nothing behind when the client goes away in the middle of an upload', async () => {
    const before = await stored();
    const rows = await rowCount();
    if (!t.server.listening) await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    const { port } = t.server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/files',
        headers: {
          Authorization: `Bearer ${t.adminToken}`,
          'Content-Type': 'multipart/form-data; boundary=XYZ',
          'Content-Length': '150000',
        },
      });
      req.on('error', () => resolve());
      req.write(
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="gone.bin"\r\nContent-Type: application/octet-stream\r\n\r\n',
      );
      req.write(Buffer.alloc(64 * 1024, 9), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 100),
      );
    });
    // The server notices the closed connection asynchronously: wait until its clean-up is done.
    for (let i = 0; i < 50 && (await stored()).length !== before.length; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await stored()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it('answers 400 for a body that is neither JSON nor multipart', async () => {
    await expectError(
      t.as('admin').post('/files').set('Content-Type', 'text/plain').send('hello'),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('creates a record without content from JSON; type is required', async () => {
    const res = await t.as('admin').post('/files').send({ type: 'video/mp4', title: 'External', embed: 'abc' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'video/mp4',
      title: 'External',
      filename_disk: null,
      storage: 'files',
      embed: 'abc',
    });
    const many = await t
      .as('admin')
      .post('/files')
      .send([{ type: 'text/plain', filename_download: 'one.txt' }, { type: 'text/plain' }]);
    expect(many.body.data.map((f: { title: string | null }) => f.title)).toEqual(['One', null]);
    await expectError(
      t.as('admin').post('/files').send({ id: res.body.data.id, type: 'text/plain' }),
      400,
      'RECORD_NOT_UNIQUE',
    );
    await expectError(t.as('admin').post('/files').send({ title: 'no type' }), 400, 'INVALID_PAYLOAD');
    // A member that is no field of svc_files is refused, not dropped (as on every system collection).
    const refused = await expectError(
      t.as('admin').post('/files').send({ type: 'x/y', nope: 1 }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(refused.body.errors[0].message).toContain('"nope"');
  });

  it('creates records from a JSON array all or none', async () => {
    const rows = await rowCount();
    await expectError(
      t
        .as('admin')
        .post('/files')
        .send([
          { type: 'text/plain', title: 'first' },
          { type: 'text/plain', tags: { a: 1 } },
        ]),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      t
        .as('admin')
        .post('/files')
        .send([{ type: 'text/plain', title: 'first' }, { title: 'no type' }]),
      400,
      'INVALID_PAYLOAD',
    );
    const taken = (await t.as('admin').post('/files').send({ type: 'text/plain' })).body.data.id;
    await expectError(
      t
        .as('admin')
        .post('/files')
        .send([
          { type: 'text/plain', title: 'first' },
          { id: taken, type: 'text/plain' },
        ]),
      400,
      'RECORD_NOT_UNIQUE',
    );
    expect(await rowCount()).toBe(rows + 1);
  });

  it('refuses a path-traversal filename_disk on upload and on update', async () => {
    const before = await stored();
    await expectError(
      upload(Buffer.from('x'), 'x.txt', 'text/plain', { filename_disk: '../../escape.txt' }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(await stored()).toEqual(before);
    const { body } = await upload(Buffer.from('x'), 'x.txt', 'text/plain');
    await expectError(
      t.as('admin').patch(`/files/${body.data.id}`).send({ filename_disk: '../outside.txt' }),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('GET /files/:id answers the record, with fields; unknown or invalid ids are FORBIDDEN', async () => {
    const { body } = await upload(Buffer.from('abc'), 'a.txt', 'text/plain');
    const res = await t.as('admin').get(`/files/${body.data.id}?fields=id,title`);
    expect(res.body).toEqual({ data: { id: body.data.id, title: 'A' } });
    await expectError(t.as('admin').get('/files/00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get('/files/not-a-uuid'), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get(`/files/${body.data.id}?fields=nope`), 403, 'FORBIDDEN');
  });

  it('PATCH /files/:id with JSON updates fields; a new filename_disk moves the bytes', async () => {
    const { body } = await upload(Buffer.from('move me'), 'm.txt', 'text/plain');
    const res = await t
      .as('admin')
      .patch(`/files/${body.data.id}`)
      .send({ title: 'Renamed', tags: ['a'], filename_disk: `moved-${body.data.id}.txt` });
    expect(res.body.data).toMatchObject({ title: 'Renamed', tags: ['a'], filename_disk: `moved-${body.data.id}.txt` });
    const files = await stored();
    expect(files).toContain(`moved-${body.data.id}.txt`);
    expect(files).not.toContain(body.data.filename_disk);
    const asset = await t.as('admin').get(`/assets/${body.data.id}`).buffer(true);
    expect(asset.text ?? (asset.body as Buffer).toString()).toBe('move me');
  });

  it('PATCH /files/:id multipart replaces the bytes, recomputes size and dimensions, drops variants', async () => {
    const first = await makeImage(80, 40, 'jpeg');
    const { body } = await upload(first, 'photo.jpg', 'image/jpeg', { description: 'kept' });
    const id = body.data.id;
    expect((await t.as('admin').get(`/assets/${id}?width=20`)).status).toBe(200);
    expect((await stored()).filter((key) => key.startsWith(`${id}__`))).toHaveLength(1);

    const replacement = await makeImage(30, 60, 'png');
    const res = await t
      .as('admin')
      .patch(`/files/${id}`)
      .attach('file', replacement, { filename: 'new.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      width: 30,
      height: 60,
      filesize: replacement.length,
      type: 'image/png',
      filename_disk: `${id}.png`,
      description: 'kept',
      title: 'Photo',
    });
    const keys = (await stored()).filter((key) => key.startsWith(id));
    expect(keys).toEqual([`${id}.png`]);
    const asset = await t.as('admin').get(`/assets/${id}`).buffer(true);
    expect(Buffer.compare(asset.body as Buffer, replacement)).toBe(0);
  });

  it('PATCH /files updates by keys and by array', async () => {
    const a = (await upload(Buffer.from('a'), 'a.txt', 'text/plain')).body.data.id;
    const b = (await upload(Buffer.from('b'), 'b.txt', 'text/plain')).body.data.id;
    const byKeys = await t
      .as('admin')
      .patch('/files')
      .send({ keys: [a, b], data: { description: 'bulk' } });
    expect(byKeys.status).toBe(200);
    expect(byKeys.body.data.map((f: { description: string }) => f.description)).toEqual(['bulk', 'bulk']);
    const byArray = await t
      .as('admin')
      .patch('/files')
      .send([
        { id: a, title: 'A2' },
        { id: b, title: 'B2' },
      ]);
    expect(byArray.body.data.map((f: { title: string }) => f.title)).toEqual(['A2', 'B2']);
    await expectError(
      t
        .as('admin')
        .patch('/files')
        .send({ keys: [a, b], data: { filename_disk: 'same.txt' } }),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('DELETE /files/:id and DELETE /files remove rows, bytes and stored transformations', async () => {
    const image = await makeImage(50, 50, 'png');
    const one = (await upload(image, 'one.png', 'image/png')).body.data.id;
    const two = (await upload(image, 'two.png', 'image/png')).body.data.id;
    const three = (await upload(Buffer.from('3'), 'three.txt', 'text/plain')).body.data.id;
    expect((await t.as('admin').get(`/assets/${one}?width=10`)).status).toBe(200);

    expect((await t.as('admin').delete(`/files/${one}`)).status).toBe(204);
    expect((await t.as('admin').delete('/files').send([two])).status).toBe(204);
    expect(
      (
        await t
          .as('admin')
          .delete('/files')
          .send({ keys: [three] })
      ).status,
    ).toBe(204);
    const keys = await stored();
    for (const id of [one, two, three]) expect(keys.filter((key) => key.startsWith(id))).toEqual([]);
    await expectError(t.as('admin').get(`/files/${one}`), 403, 'FORBIDDEN');
    await expectError(t.as('admin').delete(`/files/${one}`), 403, 'FORBIDDEN');
  });

  it('is closed to anonymous callers', async () => {
    const { body } = await upload(Buffer.from('secret'), 's.txt', 'text/plain');
    await expectError(t.as('anonymous').get(`/files/${body.data.id}`), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get(`/assets/${body.data.id}`), 403, 'FORBIDDEN');
    await expectError(
      t
        .as('anonymous')
        .post('/files')
        .attach('file', Buffer.from('x'), { filename: 'x.txt', contentType: 'text/plain' }),
      403,
      'FORBIDDEN',
    );
    await expectError(t.as('anonymous').delete(`/files/${body.data.id}`), 403, 'FORBIDDEN');
  });
});
