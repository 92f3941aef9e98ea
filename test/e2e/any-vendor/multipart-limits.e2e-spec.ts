import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { FileEntity } from '../../../src/modules/files/entities/file.entity';
import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';

/** multer's limits on every multipart route answer the standard error body and leave nothing behind. */
describe('multipart limits', () => {
  let t: TestApp;
  const root = mkdtempSync(join(tmpdir(), 'vellum-multipart-'));
  const rowCount = () => t.app.get(DataSource).getRepository(FileEntity).count();
  const stored = () => readdirSync(root);

  beforeAll(async () => {
    t = await createTestApp({
      env: { STORAGE_LOCATIONS: 'local', STORAGE_LOCAL_ROOT: root, FILES_MAX_UPLOAD_SIZE: '100kb' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses more than 1,000 text fields with 400 INVALID_PAYLOAD, storing nothing', async () => {
    const rows = await rowCount();
    const req = t.as('admin').post('/files');
    for (let i = 0; i < 1001; i++) req.field(`f${i}`, 'x');
    await expectError(
      req.attach('file', Buffer.from('hello'), { filename: 'a.txt', contentType: 'text/plain' }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(await rowCount()).toBe(rows);
    expect(stored()).toEqual([]);
  });

  it('refuses a text field over 1 MB with 400 INVALID_PAYLOAD', async () => {
    const res = await expectError(
      t
        .as('admin')
        .post('/files')
        .field('description', 'd'.repeat(1024 * 1024 + 1))
        .attach('file', Buffer.from('x'), { filename: 'a.txt', contentType: 'text/plain' }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(res.body.errors[0].message).toMatch(/too long/i);
  });

  it('answers 413 CONTENT_TOO_LARGE for a replacement over FILES_MAX_UPLOAD_SIZE and keeps the file as it was', async () => {
    const created = await t
      .as('admin')
      .post('/files')
      .attach('file', Buffer.from('original'), { filename: 'keep.txt', contentType: 'text/plain' })
      .expect(200);
    const id = created.body.data.id as string;
    await expectError(
      t
        .as('admin')
        .patch(`/files/${id}`)
        .attach('file', Buffer.alloc(150 * 1024, 1), { filename: 'big.bin', contentType: 'application/octet-stream' }),
      413,
      'CONTENT_TOO_LARGE',
    );
    const after = await t.as('admin').get(`/files/${id}`).expect(200);
    expect({ filesize: Number(after.body.data.filesize), type: after.body.data.type }).toEqual({
      filesize: 8,
      type: 'text/plain',
    });
    expect(stored()).toHaveLength(1);
  });

  it('imports the first file part of an import and ignores a second one', async () => {
    const collection = `mp_${Date.now()}`;
    await t
      .as('admin')
      .post('/collections')
      .send({
        collection,
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'title', type: 'string' },
        ],
      })
      .expect(200);
    await t
      .as('admin')
      .post(`/utils/import/${collection}`)
      .attach('file', Buffer.from('title\nfirst\n'), { filename: 'a.csv', contentType: 'text/csv' })
      .attach('file', Buffer.from('title\nsecond\n'), { filename: 'b.csv', contentType: 'text/csv' })
      .expect((res) => expect(res.status).toBeLessThan(300));
    const items = await t.as('admin').get(`/items/${collection}`).expect(200);
    expect(items.body.data.map((item: { title: string }) => item.title)).toEqual(['first']);
  });
});
