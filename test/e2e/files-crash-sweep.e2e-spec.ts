import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { INSTANCE_OWNER, ownerKeyTag } from '../../src/common/instance-owner';
import { createTestApp, TestApp } from '../helpers/test-app';
import { until } from '../helpers/until';

/** The tag of a writer that ran on this host and runs no more, as a process killed mid-write leaves it. */
function deadWriter(): string {
  const pid = Number(spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim());
  return ownerKeyTag(INSTANCE_OWNER.replace(/:\d+:/, `:${pid}:`));
}

/**
 * What a process killed during an upload leaves behind, and what the next start does with it. The
 * states are made by hand in the storage folder (a kill -9 at the exact step cannot be timed from here):
 * bytes of a committed upload never moved into place, bytes of an upload whose row never committed, a
 * replacement's leftover, and a temporary object of an upload that may still be running elsewhere.
 */
describe('files: temporary upload objects after a crash', () => {
  let root: string;
  let t: TestApp;
  const env = () => ({ STORAGE_LOCATIONS: 'local', STORAGE_LOCAL_ROOT: root });
  const hourAgo = new Date(Date.now() - 3_600_000);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'vellum-sweep-'));
    t = await createTestApp({ env: env() });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('writes an upload under a temporary key and leaves only its object in place', async () => {
    const res = await t
      .as('admin')
      .post('/files')
      .attach('file', Buffer.from('hello'), { filename: 'hello.txt', contentType: 'text/plain' })
      .expect(200);
    expect(await readdir(root)).toEqual([res.body.data.filename_disk]);
  });

  it('writes a transformed variant in one piece: nothing temporary stays beside it', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const file = (
      await t
        .as('admin')
        .post('/files')
        .attach('file', png, { filename: 'p.png', contentType: 'image/png' })
        .expect(200)
    ).body.data;
    await t.as('admin').get(`/assets/${file.id}?width=20`).expect(200);
    const names = await readdir(root, { recursive: true });
    expect(names.filter((name) => String(name).includes('temp_'))).toEqual([]);
    expect(names.length).toBeGreaterThan(2);
  });

  it('removes at once what a writer known to be gone left, however recent', async () => {
    const put = join(root, `temp_put_${randomUUID()}_${deadWriter()}`);
    const replacement = join(root, `temp_replace_${randomUUID()}_${deadWriter()}.png`);
    const live = join(root, `temp_put_${randomUUID()}_${ownerKeyTag()}`);
    for (const path of [put, replacement, live]) await writeFile(path, 'partial');
    const restarted = await createTestApp({ env: env(), database: t.database });
    await until(() => !existsSync(put) && !existsSync(replacement), "the dead writers' leftovers removed", 5_000);
    expect({ put: existsSync(put), replacement: existsSync(replacement), live: existsSync(live) }).toEqual({
      put: false,
      replacement: false,
      live: true,
    });
    await restarted.close();
    await rm(live);
  });

  it('completes, removes or keeps each leftover at the next start', async () => {
    const committed = (
      await t
        .as('admin')
        .post('/files')
        .attach('file', Buffer.from('committed bytes'), { filename: 'c.txt', contentType: 'text/plain' })
        .expect(200)
    ).body.data;
    const stranded = join(root, `temp_upload_${committed.id}`);
    await rename(join(root, committed.filename_disk), stranded);
    const orphan = join(root, `temp_upload_${randomUUID()}`);
    const replacement = join(root, 'temp_4c1d.txt');
    const running = join(root, `temp_upload_${randomUUID()}`);
    for (const path of [orphan, replacement, running]) await writeFile(path, 'partial');
    for (const path of [stranded, orphan, replacement]) await utimes(path, hourAgo, hourAgo);

    // Another instance starting on the same database and storage sweeps at its start.
    const restarted = await createTestApp({ env: env(), database: t.database });
    // The sweep runs in the background of the start: wait (bounded) until it has passed every leftover.
    const swept = () => [stranded, orphan, replacement].every((path) => !existsSync(path));
    await until(swept, 'every leftover swept', 5_000);
    expect({
      stranded: existsSync(stranded),
      orphan: existsSync(orphan),
      replacement: existsSync(replacement),
      running: existsSync(running),
    }).toEqual({
      stranded: false,
      orphan: false,
      replacement: false,
      running: true,
    });
    const bytes = await restarted.as('admin').get(`/assets/${committed.id}`).buffer(true).expect(200);
    expect(bytes.text).toBe('committed bytes');
    await restarted.close();
  });
});
