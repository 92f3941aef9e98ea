import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { FileEntity } from '../../src/modules/files/entities/file.entity';
import { createCollection, createRelation } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { makeImage } from '../helpers/images';
import { StorageEnv, storageEnv } from '../helpers/storage-env';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

const INJECTED_TYPE = 'text/html\r\nX-Injected: yes';
const INJECTED_NAME = 'report\r\nX-Injected: yes.txt';

/** A 400 INVALID_PAYLOAD whose message names the member and the rule it broke. */
async function expectRefused(
  response: PromiseLike<{ status: number; body: any }>,
  field: 'type' | 'filename_download',
): Promise<void> {
  const res = await expectError(response, 400, 'INVALID_PAYLOAD');
  const message: string = res.body.errors[0].message;
  expect(message).toContain(`"${field}"`);
  expect(message).toMatch(field === 'type' ? /media type/ : /control characters/);
}

/**
 * Values that end up in response headers (a file's `type` and download name): refused when written on
 * every path, and an existing bad row (written outside Vellum) still served, never a 500.
 */
describe('file values that become headers', () => {
  let t: TestApp;
  let storage: StorageEnv;
  let origin: Server;
  let base: string;
  const rows = () => t.app.get(DataSource).getRepository(FileEntity);

  beforeAll(async () => {
    origin = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': req.url === '/typeless.bin' ? 'not a media type' : 'text/plain' });
      res.end('remote words');
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    storage = await storageEnv('local');
    t = await createTestApp({ env: { ...storage.env, IMPORT_IP_DENY_LIST: '169.254.169.254' } });
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
    await new Promise((resolve) => origin.close(resolve));
  });

  async function uploadText(name = 'notes.txt'): Promise<string> {
    const res = await t
      .as('admin')
      .post('/files')
      .attach('file', Buffer.from('some words'), { filename: name, contentType: 'text/plain' });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }

  describe('refused when written', () => {
    it('PATCH /files/:id: a type with CR/LF, a type without a subtype, a download name with control characters', async () => {
      const id = await uploadText();
      await expectRefused(t.as('admin').patch(`/files/${id}`).send({ type: INJECTED_TYPE, storage: 'files' }), 'type');
      await expectRefused(t.as('admin').patch(`/files/${id}`).send({ type: 'texthtml' }), 'type');
      await expectRefused(t.as('admin').patch(`/files/${id}`).send({ type: 'text/html extra' }), 'type');
      await expectRefused(
        t.as('admin').patch(`/files/${id}`).send({ filename_download: INJECTED_NAME }),
        'filename_download',
      );
      await expectRefused(
        t.as('admin').patch(`/files/${id}`).send({ filename_download: 'tab\there.txt' }),
        'filename_download',
      );
      await expectRefused(
        t
          .as('admin')
          .patch('/files')
          .send({ keys: [id], data: { type: INJECTED_TYPE } }),
        'type',
      );
      await expectRefused(
        t
          .as('admin')
          .patch('/files')
          .send([{ id, filename_download: INJECTED_NAME }]),
        'filename_download',
      );
      expect(await rows().findOneByOrFail({ id })).toMatchObject({
        type: 'text/plain',
        filename_download: 'notes.txt',
      });
      const res = await t.as('admin').get(`/assets/${id}`);
      expect([res.status, res.headers['content-type'], res.headers['x-injected']]).toEqual([
        200,
        'text/plain',
        undefined,
      ]);
    });

    it('accepts media types with parameters and any download name without control characters', async () => {
      const id = await uploadText();
      const res = await t
        .as('admin')
        .patch(`/files/${id}`)
        .send({ type: 'Text/Plain; charset="utf-8"', filename_download: 'Rapport d’été "final".txt' });
      expect(res.status).toBe(200);
      const asset = await t.as('admin').get(`/assets/${id}`);
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toBe('Text/Plain; charset="utf-8"');
      expect(asset.headers['content-disposition']).toBe(
        `inline; filename="Rapport d__t_ _final_.txt"; filename*=UTF-8''Rapport%20d%E2%80%99%C3%A9t%C3%A9%20%22final%22.txt`,
      );
    });

    it('POST /files as JSON, one or several records; a name derived from the title is cleaned', async () => {
      const titled = await t
        .as('admin')
        .post('/files')
        .send({ type: 'text/plain', storage: 'files', title: 'Two\nlines' });
      expect([titled.status, titled.body.data?.filename_download, titled.body.data?.title]).toEqual([
        200,
        'Two_lines',
        'Two\nlines',
      ]);
      const before = await rows().count();
      await expectRefused(t.as('admin').post('/files').send({ type: INJECTED_TYPE, storage: 'files' }), 'type');
      await expectRefused(
        t.as('admin').post('/files').send({ type: 'text/plain', storage: 'files', filename_download: INJECTED_NAME }),
        'filename_download',
      );
      await expectRefused(
        t
          .as('admin')
          .post('/files')
          .send([
            { type: 'text/plain', storage: 'files' },
            { type: 'image/', storage: 'files' },
          ]),
        'type',
      );
      expect(await rows().count()).toBe(before);
    });

    it('multipart uploads: the text fields are refused and nothing is stored; a part name with control characters is cleaned', async () => {
      const before = await rows().count();
      const upload = () => t.as('admin').post('/files');
      await expectRefused(
        upload()
          .field('type', INJECTED_TYPE)
          .attach('file', Buffer.from('x'), { filename: 'a.txt', contentType: 'text/plain' }),
        'type',
      );
      await expectRefused(
        upload()
          .field('filename_download', INJECTED_NAME)
          .attach('file', Buffer.from('x'), { filename: 'a.txt', contentType: 'text/plain' }),
        'filename_download',
      );
      const boundary = 'vellum-boundary';
      const raw = [
        `--${boundary}`,
        `Content-Disposition: form-data; name="file"; filename*=UTF-8''bad%0D%0AX-Injected%3A%20yes.txt`,
        'Content-Type: text/plain',
        '',
        'words',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const id = await uploadText();
      await expectRefused(
        t
          .as('admin')
          .patch(`/files/${id}`)
          .field('type', INJECTED_TYPE)
          .attach('file', Buffer.from('y'), { filename: 'b.txt', contentType: 'text/plain' }),
        'type',
      );
      expect(await rows().count()).toBe(before + 1);
      const named = await upload().set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(raw);
      expect([named.status, named.body.data?.filename_download]).toEqual([200, 'bad__X-Injected: yes.txt']);
    });

    it('imports: the given fields are refused; a name from the URL is cleaned, a remote type that is no media type stored as application/octet-stream', async () => {
      await expectRefused(
        t
          .as('admin')
          .post('/files/import')
          .send({ url: `${base}/a.txt`, data: { type: INJECTED_TYPE } }),
        'type',
      );
      await expectRefused(
        t
          .as('admin')
          .post('/files/import')
          .send({ url: `${base}/a.txt`, data: { filename_download: INJECTED_NAME } }),
        'filename_download',
      );
      const named = await t
        .as('admin')
        .post('/files/import')
        .send({ url: `${base}/bad%0D%0Aname.txt` });
      expect([named.status, named.body.data?.filename_download]).toEqual([200, 'bad__name.txt']);
      const res = await t
        .as('admin')
        .post('/files/import')
        .send({ url: `${base}/typeless.bin` });
      expect([res.status, res.body.data?.type]).toEqual([200, 'application/octet-stream']);
    });

    it('nested writes through a relation to files', async () => {
      const letters = await createCollection(t, uniq('letters'), [{ field: 'attachment', type: 'uuid' }]);
      await createRelation(t, letters, 'attachment', 'svc_files');
      const id = await uploadText();
      const before = await rows().count();
      await expectRefused(
        t
          .as('admin')
          .post(`/items/${letters}`)
          .send({ attachment: { id, type: INJECTED_TYPE } }),
        'type',
      );
      await expectRefused(
        t
          .as('admin')
          .post(`/items/${letters}`)
          .send({ attachment: { storage: 'files', type: 'text/plain', filename_download: INJECTED_NAME } }),
        'filename_download',
      );
      expect((await rows().findOneByOrFail({ id })).type).toBe('text/plain');
      expect(await rows().count()).toBe(before);
    });

    it('imports of records into svc_files', async () => {
      const before = await rows().count();
      const records = JSON.stringify([
        { storage: 'files', type: 'text/plain', filename_download: 'fine.txt' },
        { storage: 'files', type: INJECTED_TYPE, filename_download: 'x.txt' },
      ]);
      const res = await t
        .as('admin')
        .post('/utils/import/svc_files')
        .attach('file', Buffer.from(records), { filename: 'files.json', contentType: 'application/json' });
      await expectRefused(Promise.resolve(res), 'type');
      expect(await rows().count()).toBe(before);
    });
  });

  describe('served safely from an existing bad row', () => {
    /** A file whose row is then changed in the database itself, as data from before this rule or another tool would be. */
    async function badRow(values: Partial<Pick<FileEntity, 'type' | 'filename_download'>>): Promise<string> {
      const id = await uploadText();
      await rows().update({ id }, values);
      return id;
    }

    it.each<[string, Partial<Pick<FileEntity, 'type' | 'filename_download'>>, string]>([
      ['a type with CR/LF', { type: INJECTED_TYPE }, 'application/octet-stream'],
      ['a type that is no media type', { type: 'nonsense' }, 'application/octet-stream'],
      ['a type naming an object member', { type: 'toString' }, 'application/octet-stream'],
      ['no type', { type: null }, 'application/octet-stream'],
      ['a download name with CR/LF', { filename_download: INJECTED_NAME }, 'text/plain'],
    ])('%s', async (_, values, contentType) => {
      const id = await badRow(values);
      for (const url of [`/assets/${id}`, `/assets/${id}?download`, `/assets/${id}?width=10`]) {
        const res = await t.as('admin').get(url);
        expect([url, res.status, res.headers['content-type'], res.headers['x-injected']]).toEqual([
          url,
          200,
          contentType,
          undefined,
        ]);
        expect(res.headers['content-disposition']).toMatch(
          /^(inline|attachment); filename="[\x20-\x7e]*"(; filename\*=UTF-8''[\x21-\x7e]+)?$/,
        );
      }
    });

    it('a download name in the URL with CR/LF', async () => {
      const id = await uploadText();
      const res = await t.as('admin').get(`/assets/${id}/bad%0D%0AX-Injected%3A%20yes.txt`);
      expect([res.status, res.headers['x-injected']]).toEqual([200, undefined]);
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="bad__X-Injected: yes.txt"; filename*=UTF-8''bad%0D%0AX-Injected%3A%20yes.txt`,
      );
    });

    it('an image row whose type was made unreadable keeps its bytes and refuses no transformation with a 500', async () => {
      const image = await makeImage(20, 10, 'png');
      const res = await t
        .as('admin')
        .post('/files')
        .attach('file', image, { filename: 'dot.png', contentType: 'image/png' });
      await rows().update({ id: res.body.data.id }, { type: 'image/png\r\nX-Injected: yes' });
      const asset = await t.as('admin').get(`/assets/${res.body.data.id}?width=5`);
      expect([asset.status, asset.headers['content-type'], asset.headers['x-injected']]).toEqual([
        200,
        'application/octet-stream',
        undefined,
      ]);
    });
  });
});
