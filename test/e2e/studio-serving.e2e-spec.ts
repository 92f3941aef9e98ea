import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { STUDIO_DIST } from '../../src/modules/studio/studio.middleware';
import { createTestApp, TestApp } from '../helpers/test-app';

/** How Vellum serves the built Studio: the app for every page address, hashed assets cached for good. */
describe('Vellum Studio served at /admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(join(STUDIO_DIST, 'index.html'))) throw new Error('admin/dist is missing: run npm run build first');
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/admin', '/admin/', '/admin/index.html', '/admin/content/articles', '/admin/reset-password?token=x'])(
    'answers %s with the app page, never cached without revalidation',
    async (path) => {
      const res = await t.as('anonymous').get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toMatch(/src="\/admin\/assets\/index-[\w-]+\.js"/);
    },
  );

  it('serves the hashed assets with a year-long immutable cache', async () => {
    const page = await t.as('anonymous').get('/admin/');
    const script = /src="(\/admin\/assets\/index-[\w-]+\.js)"/.exec(page.text)![1];
    const res = await t.as('anonymous').get(script);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset and a write with the standard error body, not the app page', async () => {
    const missing = await t.as('anonymous').get('/admin/assets/index-gone.js');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].extensions.code).toEqual(expect.any(String));
    const post = await t.as('anonymous').post('/admin/content').send({});
    expect(post.status).toBe(404);
    expect(post.body.errors[0].message).toEqual(expect.any(String));
  });
});
