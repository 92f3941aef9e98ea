import { setTimeout } from 'node:timers/promises';
import { TransformService } from '../../../src/modules/files/transform/transform.service';
import { createRole, createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { makeImage } from '../../helpers/images';
import { StorageEnv, storageEnv } from '../../helpers/storage-env';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { until } from '../../helpers/until';

const transforms = (list: unknown[]) => `transforms=${encodeURIComponent(JSON.stringify(list))}`;

/**
 * CPU time (ms) this process spends over the next `ms`: libvips and aom threads count too. The window's
 * length is the subject, an idle process uses little of it, so it is measured, not waited through.
 */
async function cpuOver(ms: number): Promise<number> {
  const before = process.cpuUsage();
  await setTimeout(ms);
  const used = process.cpuUsage(before);
  return Math.round((used.user + used.system) / 1000);
}

/** Transformations of `t` running or waiting for a slot; a running one holds its slot until sharp has stopped. */
function transformsAdmitted(t: TestApp): number {
  const limiter = t.app.get(TransformService)['queue']['limiter'];
  return limiter['running'] + limiter['waiting'].length;
}

describe('image transformations are bounded before and while they run', () => {
  let t: TestApp;
  let storage: StorageEnv;
  let small: string;

  const upload = async (image: Buffer): Promise<string> => {
    const res = await t
      .as('admin')
      .post('/files')
      .attach('file', image, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(200);
    return res.body.data.id;
  };

  beforeAll(async () => {
    storage = await storageEnv('local');
    t = await createTestApp({
      env: { ...storage.env, ASSETS_TRANSFORM_TIMEOUT: '1000', ASSETS_TRANSFORM_MAX_RUNNING: '1' },
    });
    small = await upload(await makeImage(50, 50, 'jpeg'));
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it.each([
    ['an extend past the maximum dimension', [['extend', { left: 6000, right: 6000 }]]],
    [
      'an extend that sharp applies after the resize asked after it',
      [
        ['extend', { left: 5950 }],
        ['resize', { width: 6000, height: 6000, fit: 'fill' }],
      ],
    ],
    [
      'a resize keeping the ratio past the maximum',
      [
        ['extract', { left: 0, top: 0, width: 1, height: 50 }],
        ['resize', { width: 6000 }],
      ],
    ],
    [
      'a free rotation of the largest image',
      [
        ['resize', { width: 6000, height: 6000, fit: 'fill' }],
        ['rotate', 45],
      ],
    ],
  ])('refuses %s with ILLEGAL_ASSET_TRANSFORMATION', (_name, list) =>
    expectError(t.as('admin').get(`/assets/${small}?${transforms(list)}`), 400, 'ILLEGAL_ASSET_TRANSFORMATION'),
  );

  it.each([
    ['a 41×41 convolve', [['convolve', { width: 41, height: 41, kernel: Array(41 * 41).fill(1) }]]],
    ['a median of 41', [['median', 41]]],
    ['a blur of sigma 500', [['blur', 500]]],
    [
      'a GIF output, whose encoder no timeout stops',
      [
        ['resize', { width: 3000, height: 3000 }],
        ['toFormat', 'gif'],
      ],
    ],
  ])('refuses %s with INVALID_QUERY before computing anything', (_name, list) =>
    expectError(t.as('admin').get(`/assets/${small}?${transforms(list)}`), 400, 'INVALID_QUERY'),
  );

  it('checks the image itself, not only the size its file row claims', async () => {
    const id = await upload(await makeImage(300, 300, 'jpeg'));
    // Anyone who may edit the row may change its width and height.
    await t.as('admin').patch(`/files/${id}`).send({ width: 10, height: 10 });
    await expectError(
      t.as('admin').get(`/assets/${id}?${transforms([['extend', { left: 5800 }]])}`),
      400,
      'ILLEGAL_ASSET_TRANSFORMATION',
    );
  });

  it('stops the work of transformations that timed out, waiting ones never start', async () => {
    const id = await upload(await makeImage(100, 100, 'jpeg'));
    const started = Date.now();
    // Three distinct slow jobs (6000×6000 pixels, then a median): one runs, two wait for it.
    const answers = await Promise.all(
      [5, 6, 7].map((size) =>
        t.as('admin').get(`/assets/${id}?width=6000&height=6000&fit=contain&${transforms([['median', size]])}`),
      ),
    );
    for (const res of answers) await expectError(Promise.resolve(res), 503, 'SERVICE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(4000);

    // sharp stops soon after the deadline; from then on the process must be idle.
    await until(() => transformsAdmitted(t) === 0, 'sharp stopped the timed-out work');
    expect(await cpuOver(2000)).toBeLessThan(400);
  });
});

describe('AVIF encodes, which no timeout interrupts, are bounded before they start', () => {
  let t: TestApp;
  let storage: StorageEnv;
  let png: string;

  beforeAll(async () => {
    storage = await storageEnv('local');
    t = await createTestApp({
      env: {
        ...storage.env,
        // Long enough for the answers expected in time (a 1500×1500 WebP) on a loaded machine; the six
        // thousand pixel medians still run past it.
        ASSETS_TRANSFORM_TIMEOUT: '3000',
        ASSETS_TRANSFORM_MAX_RUNNING: '2',
        ASSETS_TRANSFORM_SLOW_ENCODE_MAX_PIXELS: '250000',
      },
    });
    const res = await t
      .as('admin')
      .post('/files')
      .attach('file', await makeImage(100, 100, 'png'), { filename: 'photo.png', contentType: 'image/png' });
    png = res.body.data.id;
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it.each([
    ['an AVIF output', 'format=avif&quality=100'],
    ['a palette PNG output (a PNG with a quality)', 'format=png&quality=100'],
  ])(
    'refuses %s above ASSETS_TRANSFORM_SLOW_ENCODE_MAX_PIXELS at once, leaving the process idle',
    async (_name, format) => {
      const res = await expectError(
        t.as('admin').get(`/assets/${png}?width=1500&height=1499&fit=cover&${format}`),
        400,
        'ILLEGAL_ASSET_TRANSFORMATION',
      );
      expect(res.body.errors[0].message).toContain('250000');
      await until(() => transformsAdmitted(t) === 0, 'no transformation left');
      expect(await cpuOver(1000)).toBeLessThan(200);
    },
  );

  it('answers format=auto to an AVIF client in a faster format past the limit, in AVIF below it', async () => {
    const accept = 'image/avif,image/webp,*/*';
    const large = await t
      .as('admin')
      .get(`/assets/${png}?width=1500&height=1500&format=auto&quality=100`)
      .set('Accept', accept);
    expect([large.status, large.headers['content-type']]).toEqual([200, 'image/webp']);
    const small = await t
      .as('admin')
      .get(`/assets/${png}?width=400&height=400&format=auto&quality=100`)
      .set('Accept', accept);
    expect([small.status, small.headers['content-type']]).toEqual([200, 'image/avif']);
    const legacy = await t
      .as('admin')
      .get(`/assets/${png}?width=1500&height=1500&format=auto&quality=100`)
      .set('Accept', 'image/avif,*/*');
    expect([legacy.status, legacy.headers['content-type']]).toEqual([200, 'image/png']);
    await until(() => transformsAdmitted(t) === 0, 'no transformation left');
    expect(await cpuOver(1000)).toBeLessThan(200);
  });

  it("still runs another caller's small transformation while one caller's slow ones hold the slots", async () => {
    const other = await createUser(t, await createRole(t, { admin: true }));
    const heavy = [5, 7].map((size) =>
      t
        .as('admin')
        .get(`/assets/${png}?width=6000&height=6000&fit=contain&${transforms([['median', size]])}`)
        .then((res) => res.status),
    );
    await until(() => transformsAdmitted(t) === 2, "the admin's slow transformations hold their slots");
    const small = await t.as(other.token).get(`/assets/${png}?width=20&height=21`);
    expect([small.status, small.headers['content-type']]).toEqual([200, 'image/png']);
    expect(await Promise.all(heavy)).toEqual([503, 503]);
  });
});

describe('a transformation finished after its request gave up', () => {
  let t: TestApp;
  let storage: StorageEnv;

  beforeAll(async () => {
    storage = await storageEnv('local');
    t = await createTestApp({ env: { ...storage.env, ASSETS_TRANSFORM_TIMEOUT: '10' } });
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it('is not stored: asking again is computed again, not answered from a variant nobody was answered', async () => {
    const res = await t
      .as('admin')
      .post('/files')
      .attach('file', await makeImage(100, 100, 'png'), { filename: 'late.png', contentType: 'image/png' });
    // An 800×800 AVIF at the lowest effort takes tens to hundreds of milliseconds, on an idle machine too:
    // always past this app's deadline of 10 ms.
    const url = `/assets/${res.body.data.id}?width=800&height=800&quality=100&${transforms([['avif', { effort: 0 }]])}`;
    await expectError(t.as('admin').get(url), 503, 'SERVICE_UNAVAILABLE');
    // Its slot is held until the late result is dropped (or, were it stored, until it is).
    await until(() => transformsAdmitted(t) === 0, 'the late transformation ended');
    await expectError(t.as('admin').get(url), 503, 'SERVICE_UNAVAILABLE');
  });
});
