import { gzipSync } from 'node:zlib';
import { createCollection } from '../factories/collection.factory';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

/** Whether the page scrolls sideways: its content wider than the window. */
const scrollsSideways = (studio: StudioBrowser) =>
  studio.page.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth');

describe('Vellum Studio: the app shell (navigation, breadcrumbs, themes, narrow screens) in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = t.as('admin');
    await admin
      .post('/collections')
      .send({ collection: 'blog', schema: null, meta: { sort: 1 } })
      .expect(200);
    await createCollection(
      t,
      'blog_posts',
      [
        { field: 'title', type: 'string' },
        { field: 'summary_text', type: 'text' },
        { field: 'view_count', type: 'integer' },
      ],
      { group: 'blog', sort: 2 },
    );
    await createCollection(t, 'tags', [{ field: 'label', type: 'string' }], { group: 'blog', sort: 1 });
    await createCollection(t, 'blog_posts_tags', [
      { field: 'post_id', type: 'integer' },
      { field: 'tag_id', type: 'integer' },
    ]);
    await admin
      .post('/relations')
      .send({
        collection: 'blog_posts_tags',
        field: 'post_id',
        related_collection: 'blog_posts',
        meta: { one_field: 'tags', junction_field: 'tag_id' },
      })
      .expect(200);
    await admin
      .post('/relations')
      .send({
        collection: 'blog_posts_tags',
        field: 'tag_id',
        related_collection: 'tags',
        meta: { junction_field: 'post_id' },
      })
      .expect(200);
    await createCollection(t, 'secret_notes', [{ field: 'body', type: 'string' }], { hidden: true });
    await createCollection(t, 'pages', [{ field: 'heading', type: 'string' }], { sort: 2 });
    const long = 'A long title that a narrow screen has to wrap rather than widen the page for';
    await admin
      .post('/items/blog_posts')
      .send({ title: long, summary_text: long.repeat(3), view_count: 12 })
      .expect(200);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  it('lists collections grouped and ordered by their meta, without hidden ones and junctions, and shows where the page sits', async () => {
    const page = studio.page;
    const nav = page.getByRole('navigation', { name: 'Collections' });
    await nav.getByRole('link', { name: 'Pages' }).waitFor();
    expect(await nav.getByRole('button').allInnerTexts()).toEqual(['Blog']);
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Tags', 'Blog Posts', 'Pages']);
    await nav.getByRole('button', { name: 'Blog' }).click();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Pages']);
    await nav.getByRole('button', { name: 'Blog' }).click();
    await nav.getByRole('link', { name: 'Blog Posts' }).click();
    await page.getByRole('link', { name: /A long title/ }).click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await crumbs.getByText('1', { exact: true }).waitFor();
    expect(await crumbs.getByRole('link').allInnerTexts()).toEqual(['Content', 'Blog Posts']);
    await crumbs.getByRole('link', { name: 'Blog Posts' }).click();
    await page.waitForURL(/\/admin\/content\/blog_posts$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('serves a favicon', async () => {
    const page = studio.page;
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/admin/favicon.svg');
    const icon = await page.request.get(`${studio.baseUrl}${href}`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
  });

  it('follows the system dark theme, switches to light, and remembers the choice', async () => {
    const page = studio.page;
    const scheme = () =>
      page.evaluate<string | null>("document.documentElement.getAttribute('data-mantine-color-scheme')");
    const background = () => page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${studio.baseUrl}/admin/content/blog_posts`);
    await page
      .getByRole('status')
      .filter({ hasText: /^1 item$/ })
      .waitFor();
    expect(await scheme()).toBe('dark');
    expect(await background()).toBe('rgb(36, 36, 36)');
    expect(await seriousViolations(page)).toEqual([]);
    const theme = page.getByRole('group', { name: 'Theme' });
    await theme.getByText('Light', { exact: true }).click();
    expect(await scheme()).toBe('light');
    await page.reload();
    await page
      .getByRole('status')
      .filter({ hasText: /^1 item$/ })
      .waitFor();
    expect(await scheme()).toBe('light');
    expect(await background()).toBe('rgb(255, 255, 255)');
    await theme.getByText('System', { exact: true }).click();
    expect(await scheme()).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction("document.documentElement.getAttribute('data-mantine-color-scheme') === 'light'");
  });

  it('fits a 390 px wide screen without sideways scrolling, the navigation behind a button', async () => {
    const page = studio.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${studio.baseUrl}/admin/content/blog_posts`);
    await page
      .getByRole('status')
      .filter({ hasText: /^1 item$/ })
      .waitFor();
    expect(await scrollsSideways(studio)).toBe(false);
    const nav = page.getByRole('navigation', { name: 'Collections' });
    expect(await nav.getByRole('link', { name: 'Pages' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Navigation' }).click();
    await nav.getByRole('link', { name: 'Pages' }).click();
    await page.waitForURL(/\/admin\/content\/pages$/);
    await nav.getByRole('link', { name: 'Pages' }).waitFor({ state: 'hidden' });
    for (const path of ['content/blog_posts/1', 'roles', 'data-model/blog_posts', 'files', 'users']) {
      await page.goto(`${studio.baseUrl}/admin/${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect([path, await scrollsSideways(studio)]).toEqual([path, false]);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('loads at most 150 KB of gzipped JavaScript for the sign-in page', async () => {
    const page = await studio.newPage();
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body());
    });
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const gzipped = (await Promise.all(scripts)).reduce((sum, body) => sum + gzipSync(body).length, 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(150 * 1024);
  });
});
