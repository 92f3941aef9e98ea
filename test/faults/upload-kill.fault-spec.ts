import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Api, expectStatus, sleep, waitFor } from './lib/api';
import { Fleet } from './lib/fleet';

/**
 * A multipart upload to POST /files sent slowly, chunk after chunk, that never ends by itself: the
 * server is killed while it is writing the bytes. Resolves when the request is over (it fails then).
 */
function slowUpload(url: string, token: string, stop: () => boolean): Promise<void> {
  const boundary = 'fault-suite-boundary';
  const target = new URL('/files', url);
  const req = request(target, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  });
  const over = new Promise<void>((resolve) => {
    req.on('error', () => resolve());
    req.on('response', (res) => res.resume().on('end', resolve).on('error', resolve));
  });
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  void (async () => {
    const chunk = Buffer.alloc(64 * 1024, 7);
    for (let i = 0; i < 2_000 && !stop() && !req.destroyed; i++) {
      req.write(chunk);
      await sleep(20);
    }
    req.destroy();
  })();
  return over;
}

/** Issue 18: a Vellum killed (kill -9) in the middle of a file upload leaves neither bytes without a row nor a row without bytes. */
describe('fault: kill -9 during a file upload', () => {
  let fleet: Fleet;
  let storage: string;
  beforeAll(async () => {
    fleet = await Fleet.start();
    storage = join(fleet.dir, 'storage');
    mkdirSync(storage);
  }, 60_000);
  afterAll(() => fleet?.close(), 60_000);

  const stored = () => readdirSync(storage).sort();
  const temporary = () => stored().filter((name) => name.startsWith('temp_'));

  it('sweeps the partial bytes at the next start and keeps each row with its bytes', async () => {
    const env = { STORAGE_LOCATIONS: 'local', STORAGE_LOCAL_ROOT: storage };
    const first = await fleet.vellum(env);
    const admin = await new Api(first.url).asAdmin();
    const done = expectStatus(
      await admin.upload('/files', 'complete bytes', 'text/plain', 'done.txt'),
      200,
      'complete upload',
    ).body.data;

    const token = expectStatus(await new Api(first.url).login(), 200, 'login').body.data.access_token;
    let stopping = false;
    const upload = slowUpload(first.url, token, () => stopping);
    // The kill lands while the bytes are being written under their temporary key.
    expect(
      await waitFor(() => temporary().some((name) => statSync(join(storage, name)).size > 256 * 1024), 20_000, 50),
    ).toBe(true);
    await first.kill();
    stopping = true;
    await upload;
    expect(temporary()).toHaveLength(1);

    const second = await fleet.vellum(env);
    const again = await new Api(second.url).asAdmin();
    // The sweep runs in the background of the start: bounded wait until it has passed.
    expect(await waitFor(() => temporary().length === 0, 10_000, 50)).toBe(true);
    const rows = expectStatus(await again.get('/files?fields=id,filename_disk,filesize&limit=-1'), 200, 'list files')
      .body.data;
    expect(rows).toEqual([{ id: done.id, filename_disk: done.filename_disk, filesize: 14 }]);
    // Storage holds exactly the bytes of the rows, and they are whole.
    expect(stored()).toEqual([done.filename_disk]);
    expect(statSync(join(storage, done.filename_disk)).size).toBe(14);
  });
});
