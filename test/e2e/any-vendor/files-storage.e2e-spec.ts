import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalDriver } from '../../../src/modules/files/storage/local.driver';
import { S3Driver } from '../../../src/modules/files/storage/s3.driver';
import { StorageDriver, UnsafeStorageKeyError } from '../../../src/modules/files/storage/storage-driver';
import { S3TestServer, startS3Server } from '../../helpers/s3-server';

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A stream of `size` bytes made chunk by chunk, so the drivers see a real stream and not one buffer. */
function generated(size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(64 * 1024, size - sent);
      this.push(Buffer.alloc(n, sent % 251));
      sent += n;
    },
  });
}

describe.each(['local', 's3'] as const)('StorageDriver: %s', (kind) => {
  let driver: StorageDriver;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'local') {
      const root = await mkdtemp(join(tmpdir(), 'vellum-driver-'));
      driver = new LocalDriver(root);
      cleanup = () => rm(root, { recursive: true, force: true });
    } else {
      const s3: S3TestServer = await startS3Server();
      const s3Driver = new S3Driver({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        key: 'S3RVER',
        secret: 'S3RVER',
        forcePathStyle: true,
      });
      driver = s3Driver;
      cleanup = async () => {
        s3Driver.destroy();
        await s3.close();
      };
    }
  });
  afterAll(() => cleanup());

  it('puts a stream and reads it back whole and by range', async () => {
    const body = Buffer.from('0123456789abcdef');
    await driver.put('a/b.txt', Readable.from([body.subarray(0, 5), body.subarray(5)]), 'text/plain');
    expect(await read(await driver.getStream('a/b.txt'))).toEqual(body);
    expect((await read(await driver.getStream('a/b.txt', { start: 3, end: 6 }))).toString()).toBe('3456');
    const stat = await driver.stat('a/b.txt');
    expect(stat?.size).toBe(16);
    expect(Math.abs(Date.now() - (stat?.modified.getTime() ?? 0))).toBeLessThan(60_000);
    expect(await driver.exists('a/b.txt')).toBe(true);
  });

  it('streams several megabytes without framing the bytes', async () => {
    const size = 6 * 1024 * 1024 + 123;
    await driver.put('big.bin', generated(size));
    expect((await driver.stat('big.bin'))?.size).toBe(size);
    const tail = await read(await driver.getStream('big.bin', { start: size - 10, end: size - 1 }));
    expect(tail).toHaveLength(10);
  });

  it('lists by prefix, moves and deletes (idempotently)', async () => {
    await driver.put('p1.jpg', Readable.from([Buffer.from('1')]));
    await driver.put('p1__x.webp', Readable.from([Buffer.from('2')]));
    await driver.put('p2.jpg', Readable.from([Buffer.from('3')]));
    expect((await driver.list('p1')).sort()).toEqual(['p1.jpg', 'p1__x.webp']);
    await driver.move('p2.jpg', 'moved/p2.jpg');
    expect(await driver.exists('p2.jpg')).toBe(false);
    expect((await read(await driver.getStream('moved/p2.jpg'))).toString()).toBe('3');
    await driver.delete('p1.jpg');
    await driver.delete('p1.jpg');
    expect(await driver.stat('p1.jpg')).toBeNull();
  });

  it('lists keys in folders by any prefix', async () => {
    await driver.put('tree/x.txt', Readable.from([Buffer.from('x')]));
    await driver.put('tree/deep/z.txt', Readable.from([Buffer.from('z')]));
    expect((await driver.list('tree/')).sort()).toEqual(['tree/deep/z.txt', 'tree/x.txt']);
    expect((await driver.list('tre')).sort()).toEqual(['tree/deep/z.txt', 'tree/x.txt']);
    expect(await driver.list('tree/d')).toEqual(['tree/deep/z.txt']);
    expect(await driver.list('nothing-here/')).toEqual([]);
  });

  it('leaves nothing behind when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(driver.put('broken.bin', failing)).rejects.toThrow();
    expect(await driver.exists('broken.bin')).toBe(false);
  });

  it.each(['../escape.txt', '/etc/passwd', 'a/../../b', 'a\\b'])('refuses the key %j', async (key) => {
    await expect(driver.put(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(UnsafeStorageKeyError);
    await expect(driver.stat(key)).rejects.toBeInstanceOf(UnsafeStorageKeyError);
  });
});
