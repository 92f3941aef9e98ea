import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source';
import { createRole, createUser, grant } from '../factories/user.factory';
import { dropRedisNamespace, TEST_REDIS } from '../helpers/redis-namespace';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** Long enough for a test to look twice within it, short enough to wait out once. */
/** Long, as in production: the test moves the apps' clock past it instead of waiting. */
const CACHE_TTL_MS = 5 * 60_000;
const TEXT = Buffer.from('plain text content');

async function outsideVellum(config: AppConfig, sql: string, params: unknown[]): Promise<void> {
  const other = await new DataSource(dataSourceOptions(config)).initialize();
  await other.query(sql, params);
  await other.destroy();
}

/**
 * issue 19: `/assets` answers from file rows and settings kept in memory; no write through Vellum, on
 * either of two instances sharing the database and Redis, is answered stale.
 */
describe('assets from cached file rows and settings', () => {
  let a: TestApp;
  let b: TestApp;
  const namespace = uniq('vellum_assets');
  let root: string;

  const upload = async (filename: string, t = a) =>
    (await t.as('admin').post('/files').attach('file', TEXT, { filename, contentType: 'text/plain' }).expect(200)).body
      .data.id as string;
  const disposition = async (id: string, who = 'admin', t = a) =>
    (await t.as(who).get(`/assets/${id}`).expect(200)).headers['content-disposition'];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'vellum-assets-cache-'));
    const storage = { STORAGE_LOCATIONS: 'files', STORAGE_FILES_DRIVER: 'local', STORAGE_FILES_ROOT: root };
    const env = { REDIS: TEST_REDIS, CACHE_NAMESPACE: namespace, CACHE_COUNT_TTL: `${CACHE_TTL_MS}ms`, ...storage };
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database, clock: a.clock });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropRedisNamespace(namespace);
    await rm(root, { recursive: true, force: true });
  });

  it('follows a file renamed and deleted, on this instance and the other', async () => {
    const id = await upload('first.txt');
    expect(await disposition(id)).toContain('first.txt');
    expect(await disposition(id, 'admin', b)).toContain('first.txt');
    await b.as('admin').patch(`/files/${id}`).send({ filename_download: 'second.txt' }).expect(200);
    expect(await disposition(id)).toContain('second.txt');
    await a.as('admin').delete(`/files/${id}`).expect(204);
    await a.as('admin').get(`/assets/${id}`).expect(403);
    await b.as('admin').get(`/assets/${id}`).expect(403);
  });

  it('follows a new file with an id asked for before it existed', async () => {
    const id = '6f1f3b9e-4c51-4a83-9b8e-2d0c5e7a1b42';
    await a.as('admin').get(`/assets/${id}`).expect(403);
    await a
      .as('admin')
      .post('/files')
      .field('id', id)
      .attach('file', TEXT, { filename: 'late.txt', contentType: 'text/plain' })
      .expect(200);
    expect(await disposition(id)).toContain('late.txt');
  });

  it('follows the project logo setting and the read permission of a user', async () => {
    const id = await upload('logo.txt');
    await a.as('anonymous').get(`/assets/${id}`).expect(403);
    await b.as('admin').patch('/settings').send({ project_logo: id }).expect(200);
    await a.as('anonymous').get(`/assets/${id}`).expect(200);
    await a.as('admin').patch('/settings').send({ project_logo: null }).expect(200);
    await b.as('anonymous').get(`/assets/${id}`).expect(403);

    const role = await createRole(a);
    const user = await createUser(a, role);
    await a.as(user.token).get(`/assets/${id}`).expect(403);
    const permission = await grant(a, role, 'svc_files', 'read');
    expect(await disposition(id, user.token)).toContain('logo.txt');
    await b.as('admin').delete(`/permissions/${permission}`).expect(204);
    await a.as(user.token).get(`/assets/${id}`).expect(403);
  });

  it('serves the file row from memory: a change made outside Vellum is seen after CACHE_COUNT_TTL', async () => {
    const id = await upload('before.txt');
    expect(await disposition(id)).toContain('before.txt');
    await outsideVellum(
      a.config,
      `UPDATE svc_files SET filename_download = ${a.config.db.client === 'postgres' ? '$1' : '?'} WHERE id = ${a.config.db.client === 'postgres' ? '$2' : '?'}`,
      ['after.txt', id],
    );
    expect(await disposition(id)).toContain('before.txt');
    a.clock.advance(CACHE_TTL_MS);
    expect(await disposition(id)).toContain('after.txt');
  });

  const content = async (id: string, t = a, headers: Record<string, string> = {}) => {
    const res = await t
      .as('admin')
      .get(`/assets/${id}`)
      .set(headers)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    return {
      status: res.status,
      body: (res.body as Buffer).toString(),
      length: res.headers['content-length'],
    };
  };

  it('answers the bytes of a file replaced through either instance, whole and by range', async () => {
    const id = await upload('notes.txt');
    expect(await content(id)).toEqual({ status: 200, body: 'plain text content', length: '18' });
    expect(await content(id, a, { Range: 'bytes=6-9' })).toEqual({ status: 206, body: 'text', length: '4' });
    await b
      .as('admin')
      .patch(`/files/${id}`)
      .attach('file', Buffer.from('replaced, longer content'), { filename: 'notes.txt', contentType: 'text/plain' })
      .expect(200);
    expect(await content(id)).toEqual({ status: 200, body: 'replaced, longer content', length: '24' });
    expect(await content(id, a, { Range: 'bytes=10-15' })).toEqual({ status: 206, body: 'longer', length: '6' });
    expect(await content(id, b)).toEqual({ status: 200, body: 'replaced, longer content', length: '24' });
  });

  it('keeps small bodies in memory: a stored object changed outside Vellum is answered after CACHE_COUNT_TTL', async () => {
    const id = await upload('disk.txt');
    expect((await content(id)).body).toBe('plain text content');
    const [row] = (await a.as('admin').get(`/files?filter[id][_eq]=${id}&fields=filename_disk`)).body.data;
    await writeFile(join(root, row.filename_disk), 'PLAIN TEXT CONTENT');
    expect((await content(id)).body).toBe('plain text content');
    a.clock.advance(CACHE_TTL_MS);
    expect((await content(id)).body).toBe('PLAIN TEXT CONTENT');
  });
});
