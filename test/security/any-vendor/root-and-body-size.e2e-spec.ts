import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expectError } from '../../helpers/expect-error';
import { rawClient } from '../../helpers/raw-http';
import { createTestApp, TestApp } from '../../helpers/test-app';

const OVER_DEFAULT_LIMIT = 2 * 1024 * 1024;

/** POSTs `body` in chunks without Content-Length, so only the bytes read tell the server its size. */
async function postChunked(t: TestApp, path: string, body: Buffer): Promise<{ status: number; body: any }> {
  if (!t.server.listening) await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
  const { port } = t.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    req.on('error', reject);
    for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
    req.end();
  });
}

describe('GET /', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/', '/?utm=x'])(
    'sends %s to the Studio with a 302, as the reference (ROOT_REDIRECT ./admin)',
    async (path) => {
      const res = await t.as('anonymous').get(path);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('./admin');
      expect((await t.as('anonymous').head('/')).status).toBe(302);
    },
  );

  it('stays out of the way of everything else', async () => {
    await expectError(t.as('admin').post('/').send({}), 404, 'ROUTE_NOT_FOUND');
    expect((await t.as('anonymous').get('/server/ping')).text).toBe('pong');
  });

  describe.each([
    ['false', null],
    ['/admin/content', '/admin/content'],
  ])('with ROOT_REDIRECT=%s', (setting, location) => {
    let other: TestApp;
    beforeAll(async () => {
      other = await createTestApp({ env: { ROOT_REDIRECT: setting } });
    });
    afterAll(() => other.close());

    it(location ? `redirects to ${location}` : 'does not redirect', async () => {
      if (location === null) return void (await expectError(other.as('anonymous').get('/'), 404, 'ROUTE_NOT_FOUND'));
      const res = await other.as('anonymous').get('/');
      expect({ status: res.status, location: res.headers.location }).toEqual({ status: 302, location });
    });
  });
});

describe('a JSON body over MAX_PAYLOAD_SIZE (1 MB by default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const big = () => Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(OVER_DEFAULT_LIMIT) }));

  it('is 413 CONTENT_TOO_LARGE with the standard error body, announced by Content-Length', () =>
    expectError(
      t.as('anonymous').post('/auth/login').set('Content-Type', 'application/json').send(big().toString()),
      413,
      'CONTENT_TOO_LARGE',
    ));

  it('is 413 when sent in chunks without a length', async () => {
    await expectError(postChunked(t, '/auth/login', big()), 413, 'CONTENT_TOO_LARGE');
  });

  it('is 413 when it only grows past the limit once decompressed', async () => {
    const http = await rawClient(t.server);
    try {
      const headers = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' };
      await expectError(
        http.send({ method: 'POST', path: '/auth/login', headers, body: gzipSync(big()) }),
        413,
        'CONTENT_TOO_LARGE',
      );
    } finally {
      http.close();
    }
  });

  it('is read as usual under the limit', () =>
    expectError(
      t
        .as('anonymous')
        .post('/auth/login')
        .send({ email: 'a@example.com', password: 'x'.repeat(512 * 1024) }),
      401,
      'INVALID_CREDENTIALS',
    ));
});
