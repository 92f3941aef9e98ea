import { seriousViolations, startStudioBrowser, StudioBrowser } from '../helpers/studio-browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';

/** Whether the element has the focus (run in the page). */
const isFocused = (el: unknown) =>
  el === (el as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement;

describe('Vellum Studio: content table and item form in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    await t
      .as('admin')
      .post('/collections')
      .send({
        collection: 'articles',
        fields: [
          { field: 'title', type: 'string', meta: { required: true } },
          { field: 'views', type: 'integer' },
          { field: 'published', type: 'boolean' },
        ],
      })
      .expect(200);
    const rows = Array.from({ length: 30 }, (_, i) => ({
      title: `Article ${String(i + 1).padStart(2, '0')}`,
      views: i,
      published: i % 2 === 0,
    }));
    await t.as('admin').post('/items/articles').send(rows).expect(200);
    studio = await startStudioBrowser(t);
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await studio.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByText(ADMIN_EMAIL).waitFor();
  });
  afterEach(async () => {
    await studio.screenshot(expect.getState().currentTestName ?? 'test');
  });
  afterAll(async () => {
    await studio?.close();
    await t.close();
  });

  it('lists the collection with its total, pages, sorts by a header and searches', async () => {
    const page = studio.page;
    const nav = page.getByRole('navigation', { name: 'Collections' });
    await nav.getByRole('link', { name: 'articles' }).click();
    await page.getByRole('status').filter({ hasText: '30 items' }).waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Articles']);
    expect(await page.locator('tbody tr').count()).toBe(25);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('link', { name: '26' }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(5);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByRole('button', { name: 'views' }).click();
    await page.getByRole('button', { name: 'views' }).click();
    await page.locator('tbody tr').first().getByText('Article 30').waitFor();
    await page.getByLabel('Search').fill('Article 07');
    await page
      .getByRole('status')
      .filter({ hasText: /^1 item$/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('creates an item, shows the API validation error beside its field, saves an edit read back through the API', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/articles`);
    await page.getByRole('link', { name: 'Create item' }).click();
    // The table's column controls are named after the fields too: fill the form once the new item's page is there.
    await page.waitForURL(/\/admin\/content\/articles\/\+$/);
    await page.getByRole('button', { name: 'Create', exact: true }).waitFor();
    await page.getByLabel('views').fill('5');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('#field-title-error').waitFor();
    await page.getByLabel('title').fill('Fresh article');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/content\/articles\/31$/);
    await page.getByLabel('title').fill('Fresh article, edited');
    await page.getByLabel('published').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const item = (await t.as('admin').get('/items/articles/31')).body.data;
    expect(item).toMatchObject({ title: 'Fresh article, edited', views: 5, published: true });
  });

  it('guards unsaved changes, deletes with confirmation, and bulk-deletes the selection', async () => {
    const page = studio.page;
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${studio.baseUrl}/admin/content/articles/1`);
    await page.getByLabel('title').fill('Never saved');
    await page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: 'articles' }).click();
    await page.getByRole('alertdialog', { name: 'Unsaved changes' }).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/admin\/content\/articles$/);
    expect((await t.as('admin').get('/items/articles/1')).status).toBe(403);
    await page.getByRole('checkbox', { name: 'Select item 2', exact: true }).check();
    // Keyboard only from here: past row 2's link to row 3's checkbox.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Delete 2 selected' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^28 items$/ })
      .waitFor();
    expect((await t.as('admin').get('/items/articles?filter[id][_in]=1,2,3')).body.data).toEqual([]);
  });

  it('starts afresh in another collection: no selection, search or page carried over', async () => {
    const page = studio.page;
    await t
      .as('admin')
      .post('/collections')
      .send({ collection: 'notes', fields: [{ field: 'body', type: 'string' }] })
      .expect(200);
    await t
      .as('admin')
      .post('/items/notes')
      .send([{ body: 'First note' }, { body: 'Second note' }])
      .expect(200);
    await page.goto(`${studio.baseUrl}/admin/content/articles`);
    await page.getByRole('checkbox', { name: 'Select item 4', exact: true }).check();
    await page.getByLabel('Search').fill('Article');
    await page.getByRole('button', { name: 'Delete 1 selected' }).waitFor();
    await page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: 'notes' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^2 items$/ })
      .waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: /^Delete \d+ selected$/ }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: 'articles' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^28 items$/ })
      .waitFor();
    expect(await page.getByRole('checkbox', { name: 'Select item 4', exact: true }).isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: /^Delete \d+ selected$/ }).count()).toBe(0);
    expect((await t.as('admin').get('/items/notes')).body.data).toHaveLength(2);
  });

  it('bulk delete asks first, and keeps the selection and says so when the API refuses', async () => {
    const page = studio.page;
    // The test above accepts every dialog; this one answers each itself.
    page.removeAllListeners('dialog');
    await page.goto(`${studio.baseUrl}/admin/content/articles`);
    await page.getByRole('checkbox', { name: 'Select item 4', exact: true }).check();
    const asked = page.waitForEvent('dialog').then(async (dialog) => (await dialog.dismiss(), dialog.message()));
    await page.getByRole('button', { name: 'Delete 1 selected' }).click();
    expect(await asked).toContain('from articles');
    expect((await t.as('admin').get('/items/articles/4')).status).toBe(200);
    // A refusal as the API words it (a rule the editor cannot see, say), answered in place of the real call.
    await page.route('**/items/articles', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              errors: [{ message: 'You do not have permission to access this.', extensions: { code: 'FORBIDDEN' } }],
            }),
          })
        : route.continue(),
    );
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete 1 selected' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The selected items were not deleted: You do not have permission to access this.' })
      .waitFor();
    expect(await page.getByRole('checkbox', { name: 'Select item 4', exact: true }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute('**/items/articles');
    expect((await t.as('admin').get('/items/articles/4')).status).toBe(200);
  });

  it('saves with Ctrl+S while typing, closes the unsaved-changes dialog with Esc, and focuses the search with /', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/articles/5`);
    await page.getByLabel('title').fill('Saved from the keyboard');
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await t.as('admin').get('/items/articles/5')).body.data.title).toBe('Saved from the keyboard');
    await page.getByLabel('views').fill('77');
    await page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: 'notes' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Stay' }).evaluate(isFocused)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await dialog.getByRole('button', { name: 'Leave' }).evaluate(isFocused)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.getByRole('button', { name: 'Stay' }).evaluate(isFocused)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/admin\/content\/articles\/5$/);
    expect(await page.getByLabel('views').inputValue()).toBe('77');
    const patched = page.waitForResponse(
      (res) => res.request().method() === 'PATCH' && res.url().endsWith('/items/articles/5'),
    );
    await page.keyboard.press('Control+s');
    expect((await patched).status()).toBe(200);
    expect((await t.as('admin').get('/items/articles/5')).body.data.views).toBe(77);
    await page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: 'articles' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^28 items$/ })
      .waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    expect(await page.getByLabel('Search').evaluate(isFocused)).toBe(true);
    await page.keyboard.type('Article 09');
    await page
      .getByRole('status')
      .filter({ hasText: /^1 item$/ })
      .waitFor();
  });
});
