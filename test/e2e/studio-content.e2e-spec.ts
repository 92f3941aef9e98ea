import type { Page } from 'playwright-core';
import { createCollection } from '../factories/collection.factory';
import { endTestPage, launchStudioBrowser, listenOnLoopback, seriousA11yViolations, signInThroughStudio, StudioBrowser } from '../helpers/studio-browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('Vellum Studio: browsing and editing content in a real browser', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  let page: Page;
  let base: string;
  let articles: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await listenOnLoopback(t.server);
    articles = await createCollection(t, uniq('articles'), [
      { field: 'title', type: 'string', schema: { max_length: 20 } },
      { field: 'body', type: 'text' },
      { field: 'views', type: 'integer' },
      { field: 'published', type: 'boolean', schema: { default_value: false } },
      { field: 'tags', type: 'json' },
    ]);
    const seeded = Array.from({ length: 30 }, (_, i) => ({ title: `Article ${String(i + 1).padStart(2, '0')}`, views: i + 1 }));
    const res = await t.as('admin').post(`/items/${articles}`).send([...seeded, { title: 'Needle story', views: 100 }]);
    expect(res.status).toBe(200);
    studio = await launchStudioBrowser();
  });
  beforeEach(async () => {
    page = await studio.newPage();
    await signInThroughStudio(page, base, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterEach(() => endTestPage(page, 'studio-content'));
  afterAll(async () => {
    await studio?.close();
    await t?.close();
  });

  const rows = () => page.locator('tbody tr');
  const pager = () => page.getByRole('navigation', { name: 'Pages' });

  it('lists the readable collections, pages items with the total count, sorts by a header and searches', async () => {
    const nav = page.getByRole('navigation', { name: 'Collections' });
    await nav.getByRole('link', { name: articles }).waitFor();
    expect(await nav.innerText()).not.toContain('svc_');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await nav.getByRole('link', { name: articles }).click();
    await expect(pager().getByText('Page 1 of 2 · 31 items').waitFor()).resolves.toBeUndefined();
    expect(await rows().count()).toBe(25);
    await pager().getByRole('button', { name: 'Next' }).click();
    await pager().getByText('Page 2 of 2 · 31 items').waitFor();
    expect(await rows().count()).toBe(6);

    await page.getByRole('button', { name: /^views/ }).click();
    await page.locator('th[aria-sort=ascending]', { hasText: 'views' }).waitFor();
    await pager().getByText('Page 1 of 2').waitFor();
    await rows().first().getByRole('cell', { name: 'Article 01', exact: true }).waitFor();
    await page.getByRole('button', { name: /^views/ }).click();
    await page.locator('th[aria-sort=descending]', { hasText: 'views' }).waitFor();
    await rows().first().getByRole('cell', { name: 'Needle story', exact: true }).waitFor();

    await page.getByLabel('Search', { exact: true }).fill('Needle');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await pager().getByText('Page 1 of 1 · 1 items').waitFor();
    expect(await rows().count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('saves an edited item, shows a validation error beside its field on create, and deletes after confirming', async () => {
    const [first] = (await t.as('admin').get(`/items/${articles}?filter[title][_eq]=Article 01`)).body.data;
    await page.goto(`${base}/admin/content/${articles}/${first.id}`);
    await page.getByLabel(/^title/).fill('Article one');
    await page.getByLabel(/^published/).check();
    await page.getByLabel(/^tags/).fill('["news", "studio"]');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const saved = (await t.as('admin').get(`/items/${articles}/${first.id}`)).body.data;
    expect(saved).toMatchObject({ title: 'Article one', published: true, tags: ['news', 'studio'], views: 1 });

    await page.goto(`${base}/admin/content/${articles}`);
    await page.getByRole('link', { name: 'Create item' }).click();
    await page.getByLabel(/^title/).fill('A title far too long for the field');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.locator('#field-title-error').innerText()).resolves.toContain('title');
    await expect(page.getByLabel(/^title/).getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel(/^title/).fill('Fresh item');
    await page.getByLabel(/^views/).fill('7');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('button', { name: 'Delete' }).waitFor();
    const [created] = (await t.as('admin').get(`/items/${articles}?filter[title][_eq]=Fresh item`)).body.data;
    expect(created).toMatchObject({ title: 'Fresh item', views: 7 });
    expect(page.url()).toBe(`${base}/admin/content/${articles}/${created.id}`);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${base}/admin/content/${articles}`);
    expect((await t.as('admin').get(`/items/${articles}/${created.id}`)).status).toBe(403);
  });

  it('shows an API refusal as a readable message, not a blank page', async () => {
    await page.goto(`${base}/admin/content/no_such_collection`);
    await expect(page.getByRole('alert').innerText()).resolves.toContain("You don't have permission to access this.");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
