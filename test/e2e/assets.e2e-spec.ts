import sharp from 'sharp';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { SettingsEntity } from '../../src/modules/settings/entities/settings.entity';
import { SettingsService } from '../../src/modules/settings/settings.service';
import { uploadTempKey } from '../../src/modules/files/lib/upload-temp';
import { StorageService } from '../../src/modules/files/storage/storage.service';
import { expectError } from '../helpers/expect-error';
import { makeImage, pixelBombPng } from '../helpers/images';
import { DriverName, StorageEnv, storageEnv } from '../helpers/storage-env';
import { createTestApp, TestApp } from '../helpers/test-app';

describe.each<DriverName>(['local', 's3'])('assets on the %s driver', (driver) => {
  let t: TestApp;
  let storage: StorageEnv;
  let image: Buffer;
  let id: string;
  const stored = () => t.app.get(StorageService).location('files').list('');
  const variants = async (fileId: string) => (await stored()).filter((key) => key.startsWith(`${fileId}__`));
  const setSettings = async (values: Partial<SettingsEntity>) => {
    const { id: settingsId } = await t.app.get(SettingsService).read();
    await t.app
      .get(DataSource)
      .getRepository(SettingsEntity)
      .update({ id: settingsId }, values as QueryDeepPartialEntity<SettingsEntity>);
  };
  const get = (url: string) =>
    t
      .as('admin')
      .get(url)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });

  async function upload(buffer: Buffer, filename: string, contentType: string): Promise<string> {
    const res = await t.as('admin').post('/files').attach('file', buffer, { filename, contentType });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }

  beforeAll(async () => {
    storage = await storageEnv(driver);
    t = await createTestApp({
      env: {
        ...storage.env,
        ASSETS_CACHE_TTL: '1h',
        ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION: '2000',
        ASSETS_TRANSFORM_MAX_OPERATIONS: '2',
      },
    });
    image = await makeImage(200, 100, 'jpeg');
    id = await upload(image, 'photo.jpg', 'image/jpeg');
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });
  afterEach(() => setSettings({ storage_asset_transform: 'all', storage_asset_presets: null }));

  it('serves the original with its headers', async () => {
    const res = await get(`/assets/${id}`);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body, image)).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-disposition': 'inline; filename="photo.jpg"',
      'accept-ranges': 'bytes',
      'content-length': String(image.length),
      'cache-control': 'private, max-age=3600',
      etag: expect.stringMatching(/^".+"$/),
    });
    expect(new Date(res.headers['last-modified']).getTime()).not.toBeNaN();
  });

  it('names the download after the path and sends attachment with ?download', async () => {
    expect((await get(`/assets/${id}/holiday.jpg?download`)).headers['content-disposition']).toBe(
      'attachment; filename="holiday.jpg"',
    );
    expect((await get(`/assets/${id}.jpg`)).status).toBe(200);
  });

  it('HEAD answers the headers without a body', async () => {
    const res = await t.as('admin').head(`/assets/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(image.length));
    expect(res.body).toEqual({});
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=10-', 10, null],
    ['bytes=-16', -16, null],
  ])('Range %s → 206 with exactly those bytes', async (range, start, end) => {
    const res = await get(`/assets/${id}`).set('Range', range);
    const size = image.length;
    const from = start < 0 ? size + start : start;
    const to = end ?? size - 1;
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${from}-${to}/${size}`);
    expect(Buffer.compare(res.body, image.subarray(from, to + 1))).toBe(0);
  });

  it('answers 416 for an impossible range', async () => {
    await expectError(
      t
        .as('admin')
        .get(`/assets/${id}`)
        .set('Range', `bytes=${image.length + 10}-`),
      416,
      'RANGE_NOT_SATISFIABLE',
    );
  });

  it('answers 304 when the ETag or date still matches', async () => {
    const first = await get(`/assets/${id}`);
    const again = await t.as('admin').get(`/assets/${id}`).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    const since = await t.as('admin').get(`/assets/${id}`).set('If-Modified-Since', first.headers['last-modified']);
    expect(since.status).toBe(304);
    expect((await get(`/assets/${id}`).set('If-None-Match', '"other"')).status).toBe(200);
  });

  it('revalidates an original and a stored variant from the file row, before storage is read', async () => {
    const fileId = await upload(await makeImage(120, 80, 'png'), 'revalidate.png', 'image/png');
    // Validators from HEAD: a GET would keep the small bodies in memory (ASSETS_MEMORY_CACHE_SIZE).
    const original = await t.as('admin').head(`/assets/${fileId}`);
    const variant = await t.as('admin').head(`/assets/${fileId}?width=40`);
    expect([original.status, variant.status]).toEqual([200, 200]);
    const location = t.app.get(StorageService).location('files');
    for (const key of await stored()) if (key.startsWith(fileId)) await location.delete(key);

    expect((await t.as('admin').get(`/assets/${fileId}`).set('If-None-Match', original.headers.etag)).status).toBe(304);
    expect(
      (await t.as('admin').get(`/assets/${fileId}?width=40`).set('If-None-Match', variant.headers.etag)).status,
    ).toBe(304);
    await expectError(t.as('admin').get(`/assets/${fileId}`), 403, 'FORBIDDEN');
  });

  it("answers a new file whose bytes are still under the upload's temporary key (its row committed first)", async () => {
    const fileId = await upload(await makeImage(30, 20, 'png'), 'moving.png', 'image/png');
    const location = t.app.get(StorageService).location('files');
    const [disk] = (await stored()).filter((key) => key.startsWith(fileId) && !key.includes('__'));
    await location.move(disk, uploadTempKey(fileId));
    const res = await t.as('admin').get(`/assets/${fileId}`);
    await location.move(uploadTempKey(fileId), disk);
    expect([res.status, res.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('answers FORBIDDEN for ids that are not UUIDs or do not exist', async () => {
    await expectError(t.as('admin').get('/assets/not-a-uuid'), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get('/assets/00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
  });

  it('resizes, stores the output once beside the original, and serves the stored copy next time', async () => {
    const fileId = await upload(image, 'resize.jpg', 'image/jpeg');
    const first = await get(`/assets/${fileId}?width=50&height=50&fit=contain`);
    expect(first.status).toBe(200);
    expect(await sharp(first.body).metadata()).toMatchObject({ width: 50, height: 50, format: 'jpeg' });
    const keys = await variants(fileId);
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^${fileId}__[0-9a-f]{40}\\.jpg$`))]);
    const second = await get(`/assets/${fileId}?fit=contain&height=50&width=50`);
    expect(Buffer.compare(second.body, first.body)).toBe(0);
    expect(await variants(fileId)).toEqual(keys);
  });

  it('converts formats, with auto following Accept', async () => {
    const webp = await get(`/assets/${id}?format=webp&quality=60`);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.body).metadata()).format).toBe('webp');
    const auto = await get(`/assets/${id}?format=auto&width=20`).set('Accept', 'image/avif,image/webp,*/*');
    expect(auto.headers['content-type']).toBe('image/avif');
    expect(auto.headers.vary).toContain('Accept');
    const plain = await get(`/assets/${id}?format=auto&width=20`).set('Accept', '*/*');
    expect(plain.headers['content-type']).toBe('image/jpeg');
  });

  it('keeps the size with withoutEnlargement and crops around the focal point', async () => {
    const big = await get(`/assets/${id}?width=800&withoutEnlargement=true`);
    expect((await sharp(big.body).metadata()).width).toBe(200);
    // The gradient's red channel grows left to right: a crop at the right edge is redder.
    const left = await get(`/assets/${id}?width=50&height=50&focal_point_x=0&focal_point_y=50&format=png`);
    const right = await get(`/assets/${id}?width=50&height=50&focal_point_x=199&focal_point_y=50&format=png`);
    const red = async (png: Buffer) => (await sharp(png).stats()).channels[0].mean;
    expect(await red(right.body)).toBeGreaterThan((await red(left.body)) + 100);
  });

  it('applies allow-listed transforms and refuses others', async () => {
    const flipped = await get(
      `/assets/${id}?transforms=${encodeURIComponent('[["flop"],["resize",{"width":40}]]')}&format=png`,
    );
    expect(flipped.status).toBe(200);
    expect((await sharp(flipped.body).metadata()).width).toBe(40);
    await expectError(
      t.as('admin').get(`/assets/${id}?transforms=${encodeURIComponent('[["composite",[]]]')}`),
      400,
      'INVALID_QUERY',
    );
    await expectError(
      t.as('admin').get(`/assets/${id}?transforms=${encodeURIComponent('[["flop"],["flip"],["blur"]]')}`),
      400,
      'INVALID_QUERY',
    );
    await expectError(t.as('admin').get(`/assets/${id}?transforms=nope`), 400, 'INVALID_QUERY');
    await expectError(t.as('admin').get(`/assets/${id}?width=abc`), 400, 'INVALID_QUERY');
    await expectError(
      t.as('admin').get(`/assets/${id}?transforms=${encodeURIComponent('[["blur","x"]]')}`),
      400,
      'ILLEGAL_ASSET_TRANSFORMATION',
    );
  });

  it('uses presets from settings and the system presets, within storage_asset_transform', async () => {
    await setSettings({ storage_asset_presets: [{ key: 'tiny', width: 16, height: 16, fit: 'cover', format: 'png' }] });
    const tiny = await get(`/assets/${id}?key=tiny`);
    expect(await sharp(tiny.body).metadata()).toMatchObject({ width: 16, height: 16, format: 'png' });
    const system = await get(`/assets/${id}?key=system-small-cover`);
    expect(await sharp(system.body).metadata()).toMatchObject({ width: 64, height: 64 });
    await expectError(t.as('admin').get(`/assets/${id}?key=missing`), 400, 'INVALID_QUERY');

    await setSettings({ storage_asset_transform: 'presets' });
    expect((await get(`/assets/${id}?key=tiny`)).status).toBe(200);
    await expectError(t.as('admin').get(`/assets/${id}?width=10`), 400, 'INVALID_QUERY');

    await setSettings({ storage_asset_transform: 'none' });
    expect((await get(`/assets/${id}?key=system-small-contain`)).status).toBe(200);
    await expectError(t.as('admin').get(`/assets/${id}?key=tiny`), 400, 'INVALID_QUERY');
    expect((await get(`/assets/${id}`)).status).toBe(200);
  });

  it.each([
    [{ storage_asset_presets: 'tiny' }],
    [{ storage_asset_presets: [{ width: 16 }] }],
    [{ storage_asset_presets: [{ key: 'tiny', width: -1 }] }],
    [{ storage_asset_transform: 'sometimes' }],
  ])('refuses settings %j that transformations could not use, and transformations keep working', async (settings) => {
    await expectError(t.as('admin').patch('/settings').send(settings), 400, 'INVALID_PAYLOAD');
    expect((await get(`/assets/${id}?key=system-small-cover`)).status).toBe(200);
    expect((await get(`/assets/${id}?width=10`)).status).toBe(200);
  });

  it('refuses sizes above ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION', async () => {
    await expectError(t.as('admin').get(`/assets/${id}?width=2001`), 400, 'ILLEGAL_ASSET_TRANSFORMATION');
  });

  it('refuses to decode a pixel bomb, even when its record claims a small size', async () => {
    const bomb = await upload(pixelBombPng(60000, 60000), 'bomb.png', 'image/png');
    const row = (await t.as('admin').get(`/files/${bomb}`)).body.data;
    expect(row).toMatchObject({ width: 60000, height: 60000 });
    await expectError(t.as('admin').get(`/assets/${bomb}?width=10`), 400, 'ILLEGAL_ASSET_TRANSFORMATION');
    await t.as('admin').patch(`/files/${bomb}`).send({ width: 100, height: 100 });
    await expectError(t.as('admin').get(`/assets/${bomb}?width=10`), 400, 'ILLEGAL_ASSET_TRANSFORMATION');
    expect(await variants(bomb)).toEqual([]);
  });

  it('refuses to transform a JPEG that is not one, and still serves its bytes', async () => {
    const fake = await upload(Buffer.from('not really a jpeg'), 'fake.jpg', 'image/jpeg');
    await expectError(t.as('admin').get(`/assets/${fake}?width=10`), 400, 'ILLEGAL_ASSET_TRANSFORMATION');
    expect((await get(`/assets/${fake}`)).body.toString()).toBe('not really a jpeg');
  });

  it('serves other types untransformed', async () => {
    const text = await upload(Buffer.from('plain words'), 'words.txt', 'text/plain');
    const res = await get(`/assets/${text}?width=10`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('plain words');
  });

  it('POST /files/:id/purge-transforms deletes the stored variants only (admin)', async () => {
    const fileId = await upload(image, 'purge.jpg', 'image/jpeg');
    await get(`/assets/${fileId}?width=30`);
    await get(`/assets/${fileId}?width=40`);
    expect(await variants(fileId)).toHaveLength(2);
    await expectError(t.as('anonymous').post(`/files/${fileId}/purge-transforms`), 403, 'FORBIDDEN');
    expect((await t.as('admin').post(`/files/${fileId}/purge-transforms`)).status).toBe(204);
    expect(await variants(fileId)).toEqual([]);
    expect((await get(`/assets/${fileId}`)).status).toBe(200);
  });
});

describe('assets transformation limits', () => {
  let t: TestApp;
  let storage: StorageEnv;
  beforeAll(async () => {
    storage = await storageEnv('local');
    t = await createTestApp({ env: { ...storage.env, ASSETS_TRANSFORM_MAX_CONCURRENT: '1' } });
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it('answers 503 past ASSETS_TRANSFORM_MAX_CONCURRENT and computes the same output only once', async () => {
    const big = await makeImage(1500, 1500, 'png');
    const id = (
      await t.as('admin').post('/files').attach('file', big, { filename: 'big.png', contentType: 'image/png' })
    ).body.data.id;
    const statuses = await Promise.all(
      [301, 302, 303, 304].map((w) =>
        t
          .as('admin')
          .get(`/assets/${id}?width=${w}&transforms=${encodeURIComponent('[["blur",20]]')}`)
          .then((r) => r.status),
      ),
    );
    expect(statuses).toContain(503);
    expect(statuses).toContain(200);
    const same = await Promise.all(
      [1, 2, 3].map(() =>
        t
          .as('admin')
          .get(`/assets/${id}?width=123`)
          .then((r) => r.status),
      ),
    );
    expect(same).toEqual([200, 200, 200]);
    const keys = (await t.app.get(StorageService).location('files').list('')).filter((k) => k.startsWith(`${id}__`));
    expect(keys.length).toBe(statuses.filter((s) => s === 200).length + 1);
  });
});

describe('assets transformation timeout', () => {
  let t: TestApp;
  let storage: StorageEnv;
  beforeAll(async () => {
    storage = await storageEnv('local');
    t = await createTestApp({ env: { ...storage.env, ASSETS_TRANSFORM_TIMEOUT: '1' } });
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it('answers 503 past ASSETS_TRANSFORM_TIMEOUT and stores nothing', async () => {
    const big = await makeImage(1500, 1500, 'png');
    const id = (
      await t.as('admin').post('/files').attach('file', big, { filename: 'slow.png', contentType: 'image/png' })
    ).body.data.id;
    await expectError(
      t.as('admin').get(`/assets/${id}?width=700&transforms=${encodeURIComponent('[["blur",30]]')}`),
      503,
      'SERVICE_UNAVAILABLE',
    );
    const keys = (await t.app.get(StorageService).location('files').list('')).filter((k) => k.startsWith(`${id}__`));
    expect(keys).toEqual([]);
  });
});
