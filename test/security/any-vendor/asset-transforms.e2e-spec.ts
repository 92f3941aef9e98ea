import { expectError } from '../../helpers/expect-error';
import { makeImage } from '../../helpers/images';
import { StorageEnv, storageEnv } from '../../helpers/storage-env';
import { createTestApp, TestApp } from '../../helpers/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const transforms = (list: unknown[]) => `transforms=${encodeURIComponent(JSON.stringify(list))}`;

describe('image transformations are bounded before and while they run', () => {
  let t: TestApp;
  let storage: StorageEnv;
  let small: string;

  const upload = async (image: Buffer): Promise<string> => {
    const res = await t.as('admin').post('/files').attach('file', image, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(200);
    return res.body.data.id;
  };

  beforeAll(async () => {
    storage = await storageEnv('local');
    t = await createTestApp({ env: { ...storage.env, ASSETS_TRANSFORM_TIMEOUT: '1000', ASSETS_TRANSFORM_MAX_RUNNING: '1' } });
    small = await upload(await makeImage(50, 50, 'jpeg'));
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it.each([
    ['an extend past the maximum dimension', [['extend', { left: 6000, right: 6000 }]]],
    ['an extend that sharp applies after the resize asked after it', [['extend', { left: 5950 }], ['resize', { width: 6000, height: 6000, fit: 'fill' }]]],
    ['a resize keeping the ratio past the maximum', [['extract', { left: 0, top: 0, width: 1, height: 50 }], ['resize', { width: 6000 }]]],
    ['a free rotation of the largest image', [['resize', { width: 6000, height: 6000, fit: 'fill' }], ['rotate', 45]]],
  ])('refuses %s with ILLEGAL_ASSET_TRANSFORMATION', (_name, list) =>
    expectError(t.as('admin').get(`/assets/${small}?${transforms(list)}`), 400, 'ILLEGAL_ASSET_TRANSFORMATION'),
  );

  it.each([
    ['a 41×41 convolve', [['convolve', { width: 41, height: 41, kernel: Array(41 * 41).fill(1) }]]],
    ['a median of 41', [['median', 41]]],
    ['a blur of sigma 500', [['blur', 500]]],
  ])('refuses %s with INVALID_QUERY before computing anything', (_name, list) =>
    expectError(t.as('admin').get(`/assets/${small}?${transforms(list)}`), 400, 'INVALID_QUERY'),
  );

  it('checks the image itself, not only the size its file row claims', async () => {
    const id = await upload(await makeImage(300, 300, 'jpeg'));
    // Anyone who may edit the row may change its width and height.
    await t.as('admin').patch(`/files/${id}`).send({ width: 10, height: 10 });
    await expectError(t.as('admin').get(`/assets/${id}?${transforms([['extend', { left: 5800 }]])}`), 400, 'ILLEGAL_ASSET_TRANSFORMATION');
  });

  it('stops the work of transformations that timed out, waiting ones never start', async () => {
    const id = await upload(await makeImage(100, 100, 'jpeg'));
    const started = Date.now();
    // Three distinct slow jobs (6000×6000 pixels, then a median): one runs, two wait for it.
    const answers = await Promise.all(
      [5, 6, 7].map((size) => t.as('admin').get(`/assets/${id}?width=6000&height=6000&fit=contain&${transforms([['median', size]])}`)),
    );
    for (const res of answers) await expectError(Promise.resolve(res), 503, 'SERVICE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(4000);

    // sharp stops within a second of the deadline; from then on the process must be idle.
    await sleep(1500);
    const before = process.cpuUsage();
    await sleep(2000);
    const used = process.cpuUsage(before);
    expect(Math.round((used.user + used.system) / 1000)).toBeLessThan(400);
  });
});
