import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { StorageService } from '../../../src/modules/files/storage/storage.service';
import { expectError } from '../../helpers/expect-error';
import { makeImage } from '../../helpers/images';
import { StorageEnv, storageEnv } from '../../helpers/storage-env';
import { createTestApp, TestApp } from '../../helpers/test-app';

describe('POST /files/import', () => {
  let image: Buffer;
  let origin: Server;
  let base: string;
  let storage: StorageEnv;

  beforeAll(async () => {
    image = await makeImage(30, 20, 'png');
    origin = createServer((req, res) => {
      if (req.url === '/images/sunny%20day.png' || req.url === '/remote/acc-remote-image.png') {
        res.writeHead(200, { 'Content-Type': 'image/png; charset=binary' });
        return void res.end(image);
      }
      if (req.url === '/gzipped/notes.txt') {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' });
        return void res.end(gzipSync(Buffer.from('compressed words')));
      }
      if (req.url === '/redirect') {
        res.writeHead(302, { Location: '/images/sunny%20day.png' });
        return void res.end();
      }
      if (req.url === '/to-metadata') {
        res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
        return void res.end();
      }
      if (req.url === '/huge') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        return void res.end(Buffer.alloc(300 * 1024));
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    storage = await storageEnv('local');
  });
  afterAll(async () => {
    await new Promise((resolve) => origin.close(resolve));
    await storage.close();
  });

  describe('with the test server allowed', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: { ...storage.env, IMPORT_IP_DENY_LIST: '169.254.169.254', FILES_MAX_UPLOAD_SIZE: '200kb' },
      });
    });
    afterAll(() => t.close());

    it('downloads the file: name and type from the response, data fields win', async () => {
      const res = await t
        .as('admin')
        .post('/files/import')
        .send({ url: `${base}/images/sunny%20day.png`, data: { description: 'imported' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        filename_download: 'sunny day.png',
        title: 'Sunny Day.png',
        type: 'image/png',
        filesize: image.length,
        width: 30,
        height: 20,
        description: 'imported',
      });
      const asset = await t.as('admin').get(`/assets/${res.body.data.id}`).buffer(true);
      expect(Buffer.compare(asset.body as Buffer, image)).toBe(0);
    });

    it('titles the file from its URL file name with the extension kept, as the reference platform does', async () => {
      const res = await t
        .as('admin')
        .post('/files/import')
        .send({ url: `${base}/remote/acc-remote-image.png` });
      expect(res.body.data).toMatchObject({ filename_download: 'acc-remote-image.png', title: 'Acc Remote Image.png' });
      const upload = await t.as('admin').post('/files').attach('file', image, 'acc-remote-image.png');
      expect(upload.body.data.title).toBe('Acc Remote Image');
    });

    it('follows redirects and decodes gzip', async () => {
      const redirected = await t
        .as('admin')
        .post('/files/import')
        .send({ url: `${base}/redirect`, data: { title: 'Custom' } });
      expect(redirected.body.data).toMatchObject({ filename_download: 'sunny day.png', title: 'Custom' });
      const gzipped = await t
        .as('admin')
        .post('/files/import')
        .send({ url: `${base}/gzipped/notes.txt` });
      expect(gzipped.body.data).toMatchObject({ type: 'text/plain', filesize: 16 });
    });

    it('checks every redirect against the deny list', async () => {
      await expectError(
        t
          .as('admin')
          .post('/files/import')
          .send({ url: `${base}/to-metadata` }),
        503,
        'SERVICE_UNAVAILABLE',
      );
    });

    it('enforces FILES_MAX_UPLOAD_SIZE without leaving bytes behind', async () => {
      const before = await t.app.get(StorageService).location('files').list('');
      await expectError(
        t
          .as('admin')
          .post('/files/import')
          .send({ url: `${base}/huge` }),
        413,
        'CONTENT_TOO_LARGE',
      );
      expect(await t.app.get(StorageService).location('files').list('')).toEqual(before);
    });

    it('answers 503 when the remote answers an error, 400 for a bad body, 403 for anonymous callers', async () => {
      await expectError(
        t
          .as('admin')
          .post('/files/import')
          .send({ url: `${base}/missing` }),
        503,
        'SERVICE_UNAVAILABLE',
      );
      await expectError(t.as('admin').post('/files/import').send({ url: 'not a url' }), 400, 'INVALID_PAYLOAD');
      await expectError(
        t.as('admin').post('/files/import').send({ url: 'file:///etc/passwd' }),
        400,
        'INVALID_PAYLOAD',
      );
      await expectError(
        t
          .as('anonymous')
          .post('/files/import')
          .send({ url: `${base}/images/sunny%20day.png` }),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('with the default deny list', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: storage.env });
    });
    afterAll(() => t.close());

    it.each([
      ['the test server on 127.0.0.1', () => `${base}/images/sunny%20day.png`],
      ['localhost', () => base.replace('127.0.0.1', 'localhost') + '/images/sunny%20day.png'],
      ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
      ['an IPv6 loopback', () => 'http://[::1]:9/'],
      ['a private address', () => 'http://10.0.0.1/x.png'],
    ])('refuses %s', async (_name, url) => {
      const before = await t.app.get(StorageService).location('files').list('');
      await expectError(t.as('admin').post('/files/import').send({ url: url() }), 503, 'SERVICE_UNAVAILABLE');
      expect(await t.app.get(StorageService).location('files').list('')).toEqual(before);
    });
  });
});
