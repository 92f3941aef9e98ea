import { request as httpRequest, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCollection } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { waitForJob } from '../helpers/export-job';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';
import { until } from '../helpers/until';
import { DataImportService } from '../../src/modules/utils/data-import.service';

const BOUNDARY = 'vellum-test-boundary';

/** API.md 2.2: IMPORT_MAX_CONCURRENCY imports at once per instance (LIMIT_EXCEEDED beyond), IMPORT_TIMEOUT (OUT_OF_TIME). */
describe('/utils/import limits', () => {
  let t: TestApp;
  let notes: string;
  let url: URL;

  /** An import whose upload sends its first rows and then stalls until `finish` is called. */
  function stalledImport(collection: string) {
    const req = httpRequest(new URL(`/utils/import/${collection}`, url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.adminToken}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    const response = new Promise<{ status: number; body: { errors?: { extensions: { code: string } }[] } }>(
      (resolve, reject) => {
        req.on('response', (res: IncomingMessage) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
        });
        req.on('error', reject);
      },
    );
    req.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\ntitle\nfirst\n`,
    );
    return { response, finish: () => req.end(`second\r\n--${BOUNDARY}--\r\n`) };
  }

  function importCsv(csv: string) {
    return t
      .as('admin')
      .post(`/utils/import/${notes}`)
      .attach('file', Buffer.from(csv), { filename: 'rows.csv', contentType: 'text/csv' });
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { IMPORT_MAX_CONCURRENCY: '1', IMPORT_TIMEOUT: '1500ms' } });
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(t.server.address() as AddressInfo).port}`);
    notes = await createCollection(t, uniq('notes'), [{ field: 'title', type: 'string' }]);
  });
  afterAll(() => t.close());

  it('refuses an import beyond IMPORT_MAX_CONCURRENCY with LIMIT_EXCEEDED, and takes one again when a slot is free', async () => {
    const held = stalledImport(notes);
    // Not asked through the API: on SQLite the stalled import's transaction holds the one connection.
    const imports = t.app.get(DataImportService);
    await until(() => imports['running'] === 1, 'the stalled import holds its slot');
    await expectError(importCsv('title\nother\n'), 403, 'LIMIT_EXCEEDED');
    held.finish();
    expect((await held.response).status).toBe(200);
    await importCsv('title\nthird\n').expect(200);
    const titles = (await t.as('admin').get(`/items/${notes}?sort=id`)).body.data.map(
      (i: { title: string }) => i.title,
    );
    expect(titles).toEqual(['first', 'second', 'third']);
  });

  it('frees the slot of a background import once it has run', async () => {
    const started = await t
      .as('admin')
      .post(`/utils/import/${notes}?background=true`)
      .attach('file', Buffer.from('title\nlater\n'), { filename: 'rows.csv', contentType: 'text/csv' });
    expect(started.status).toBe(200);
    await waitForJob(t, started.body.data.id);
    await importCsv('title\nafter the background one\n').expect(200);
  });

  it('abandons an import that outlasts IMPORT_TIMEOUT with OUT_OF_TIME, writes nothing, and frees its slot', async () => {
    const target = await createCollection(t, uniq('target'), [{ field: 'title', type: 'string' }]);
    const stalled = stalledImport(target);
    const res = await stalled.response;
    expect(res.status).toBe(408);
    expect(res.body.errors?.[0].extensions.code).toBe('OUT_OF_TIME');
    stalled.finish();
    expect((await t.as('admin').get(`/items/${target}`)).body.data).toEqual([]);
    await importCsv('title\nafter\n').expect(200);
  });
});
