import sharp from 'sharp';
import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('Vellum Studio: columns, filters, relations, files and permissions in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  let ada: number;
  let alan: number;
  beforeAll(async () => {
    t = await createTestApp();
    await createCollection(t, 'authors', [{ field: 'name', type: 'string' }]);
    await createCollection(t, 'posts', [
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
      { field: 'views', type: 'integer' },
      { field: 'author', type: 'integer' },
      { field: 'cover', type: 'uuid' },
    ]);
    await t
      .as('admin')
      .post('/relations')
      .send({ collection: 'posts', field: 'author', related_collection: 'authors', meta: { one_field: 'posts' } })
      .expect(200);
    await t
      .as('admin')
      .post('/relations')
      .send({ collection: 'posts', field: 'cover', related_collection: 'svc_files' })
      .expect(200);
    [ada, alan] = (
      await t
        .as('admin')
        .post('/items/authors')
        .send([{ name: 'Ada Lovelace' }, { name: 'Alan Turing' }])
        .expect(200)
    ).body.data.map((a: { id: number }) => a.id);
    await t
      .as('admin')
      .post('/items/posts')
      .send([
        { title: 'First post', body: 'one', views: 5, author: alan },
        { title: 'Second post', body: 'two', views: 50 },
        { title: 'Third post', body: 'three', views: 500 },
      ])
      .expect(200);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  it('shows the columns the user chooses, kept after a reload, and filters with the operators of each type', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/posts`);
    await page.getByRole('status').filter({ hasText: '3 items' }).waitFor();
    await page.getByText('Columns', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'body' }).uncheck();
    await page.getByRole('columnheader', { name: 'body' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('status').filter({ hasText: '3 items' }).waitFor();
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual([
      'Select',
      'Title',
      'Views',
      'Author',
      'Cover',
    ]);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Field 1').selectOption('views');
    expect(await page.getByLabel('Operator 1').locator('option').allInnerTexts()).toContain('is greater than');
    expect(await page.getByLabel('Operator 1').locator('option').allInnerTexts()).not.toContain('contains');
    await page.getByLabel('Operator 1').selectOption('_gt');
    await page.getByLabel('Value 1').fill('10');
    await page.getByRole('status').filter({ hasText: '2 items' }).waitFor();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Field 2').selectOption('title');
    await page.getByLabel('Operator 2').selectOption('_contains');
    await page.getByLabel('Value 2').fill('Third');
    await page
      .getByRole('status')
      .filter({ hasText: /^1 item$/ })
      .waitFor();
    await page.getByRole('link', { name: 'Third post' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('picks a many-to-one item by search and lists the one-to-many side, read back through the API', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/posts/2`);
    await page.getByText('Selected: None').waitFor();
    await page.getByRole('button', { name: 'Choose from authors' }).click();
    await page.getByRole('dialog').getByLabel('Search authors').fill('Ada');
    await page.getByRole('button', { name: 'Choose Ada Lovelace' }).click();
    await page.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await t.as('admin').get('/items/posts/2')).body.data.author).toBe(ada);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${studio.baseUrl}/admin/content/authors/${alan}`);
    const related = page.getByRole('region', { name: 'posts' });
    await related.getByRole('link', { name: 'First post' }).click();
    await page.waitForURL(/\/admin\/content\/posts\/1$/);
  });

  it('uploads a file into a file field, previews it as a thumbnail and saves it', async () => {
    const page = studio.page;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    await page.goto(`${studio.baseUrl}/admin/content/posts/3`);
    await page.getByText('No file.').waitFor();
    await page
      .getByLabel('Upload a file for cover')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: /cover/i });
    await preview.waitFor();
    // The thumbnail really loaded: the browser decoded a 160-pixel-wide image from /assets.
    await page.waitForFunction(
      (img) => (img as unknown as { naturalWidth: number }).naturalWidth === 160,
      await preview.elementHandle(),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const cover = (await t.as('admin').get('/items/posts/3')).body.data.cover;
    const bytes = await t.as('admin').get(`/assets/${cover}`).buffer(true);
    expect(Buffer.compare(bytes.body as Buffer, png)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('offers a limited user only their collections and actions, with fields they may not update read-only', async () => {
    const role = await createRole(t);
    const user = await createUser(t, role);
    await grant(t, role, 'posts', 'read', { fields: ['id', 'title', 'body'] });
    await grant(t, role, 'posts', 'update', { fields: ['title'] });
    const page = await studio.newPage();
    await page.goto(`${studio.baseUrl}/admin/signin`);
    await studio.signIn(user.email, user.password);
    await page.getByText(user.email).waitFor();
    expect(await page.getByRole('navigation', { name: 'Collections' }).getByRole('link').allInnerTexts()).toEqual([
      'Posts',
    ]);
    await page.getByRole('link', { name: 'posts' }).click();
    await page.getByRole('status').filter({ hasText: '3 items' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create item' }).count()).toBe(0);
    await page.getByRole('link', { name: 'First post' }).click();
    // The table's column controls are named after the fields too: read the form once the item page is there.
    await page.waitForURL(/\/admin\/content\/posts\/1$/);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await page.getByLabel('title').waitFor();
    expect(await page.getByLabel('body').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.getByLabel('title').fill('First post, retitled');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await t.as('admin').get('/items/posts/1')).body.data).toMatchObject({
      title: 'First post, retitled',
      body: 'one',
    });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('names collections and fields by their translations and related items by their display template', async () => {
    await t
      .as('admin')
      .patch('/collections/authors')
      .send({ meta: { display_template: '{{name}} (#{{id}})' } })
      .expect(200);
    await t
      .as('admin')
      .patch('/collections/posts')
      .send({
        meta: {
          translations: [
            { language: 'en-US', translation: 'Blog entries' },
            { language: 'de-DE', translation: 'Blogeinträge' },
          ],
        },
      })
      .expect(200);
    await t
      .as('admin')
      .patch('/fields/posts/title')
      .send({ meta: { translations: [{ language: 'en-US', translation: 'Headline' }] } })
      .expect(200);
    const page = await studio.newPage();
    await signInAsAdmin(studio);
    const nav = page.getByRole('navigation', { name: 'Collections' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Authors', 'Blog entries']);
    await nav.getByRole('link', { name: 'Blog entries' }).click();
    await page.getByRole('heading', { name: 'Blog entries' }).waitFor();
    await page.getByRole('columnheader', { name: 'Headline' }).waitFor();
    const first = page.getByRole('row').filter({ hasText: 'First post, retitled' });
    // The columns chosen in the first test are the user's preset (kept by the server, so in this new browser too).
    const author = (await page.getByRole('columnheader').allInnerTexts()).indexOf('Author');
    expect(author).toBeGreaterThan(0);
    expect(await first.getByRole('cell').nth(author).innerText()).toBe(`Alan Turing (#${alan})`);
    expect(
      await page.getByRole('row').filter({ hasText: 'Third post' }).getByRole('cell').nth(author).innerText(),
    ).toBe('');
    await first.getByRole('link').click();
    await page.waitForURL(/\/admin\/content\/posts\/1$/);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await page.getByLabel('Headline').waitFor();
    await page.getByRole('link', { name: `Alan Turing (#${alan})` }).waitFor();
    await page.getByRole('button', { name: 'Choose from Authors' }).click();
    await page.getByRole('dialog').getByLabel('Search Authors').fill('Ada');
    await page.getByRole('button', { name: `Choose Ada Lovelace (#${ada})` }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await crumbs.getByRole('link').allInnerTexts()).toEqual(['Content', 'Blog entries']);
    expect(await seriousViolations(page)).toEqual([]);
    // The user's own language wins over the browser's.
    await t.as('admin').patch('/users/me').send({ language: 'de-DE' }).expect(200);
    await page.reload();
    // The whole interface follows the user's language now, the navigation's own name included.
    await page.getByRole('navigation', { name: 'Sammlungen' }).getByRole('link', { name: 'Blogeinträge' }).waitFor();
    await t.as('admin').patch('/users/me').send({ language: null }).expect(200);
  });
});
