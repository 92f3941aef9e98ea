import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FilesService } from '../../src/modules/files/files.service';
import { expectError } from '../helpers/expect-error';
import { encodeIptc, makeImage, waveFile, withIptc } from '../helpers/images';
import type { DriverName } from '../helpers/storage-env';
import { useFilesApp } from '../helpers/files-app';
import type { TestApp } from '../helpers/test-app';
import { until } from '../helpers/until';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each<DriverName>(['local', 's3'])('file uploads on the %s driver', (driver) => {
  let t: TestApp;
  const files = useFilesApp(driver);
  const { stored, rowCount, upload } = files;
  beforeAll(() => (t = files.t));

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
    const service = t.app.get(FilesService);
    const storing: Promise<string>[] = [];
    const storeUpload = service.upload.bind(service);
    const spy = jest
      .spyOn(service, 'upload')
      .mockImplementation((...args) => (storing.push(storeUpload(...args)), storing[storing.length - 1]));
    try {
      if (!t.server.listening) await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
      const { port } = t.server.address() as AddressInfo;
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
      req.on('error', () => undefined);
      req.write(
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="gone.bin"\r\nContent-Type: application/octet-stream\r\n\r\n',
      );
      req.write(Buffer.alloc(64 * 1024, 9));
      await until(() => storing.length === 1, 'the server stores the part');
      req.destroy();
      // The server notices the closed connection asynchronously: its clean-up is done once the upload ends.
      await Promise.allSettled(storing);
    } finally {
      spy.mockRestore();
    }
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
});
