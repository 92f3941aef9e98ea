import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, CreatedUser } from '../factories/user.factory';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

/** The item page's sidebar (revisions with diff and revert, comments with mentions) and the header's notifications inbox. */
describe('Vellum Studio: item sidebar and notifications in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  let grace: CreatedUser;
  let revisions: { id: number; data: { title: string; views: number } }[];
  beforeAll(async () => {
    t = await createTestApp();
    const admin = t.as('admin');
    await createCollection(t, 'articles', [
      { field: 'title', type: 'string' },
      { field: 'views', type: 'integer' },
    ]);
    await admin.post('/items/articles').send({ title: 'First draft', views: 1 }).expect(200);
    await admin.patch('/items/articles/1').send({ title: 'Second draft', views: 2 }).expect(200);
    await admin.patch('/items/articles/1').send({ title: 'Final' }).expect(200);
    revisions = (
      await admin.get('/revisions?filter[collection][_eq]=articles&filter[item][_eq]=1&sort=id&fields=id,data')
    ).body.data;
    grace = await createUser(t, {
      role: await createRole(t, { admin: true }),
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  it('lists the revisions with who and what, compares one with the item and reverts to it after a confirmation', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/articles/1`);
    const sidebar = page.getByRole('complementary', { name: 'History and comments' });
    await sidebar.getByText('Created by Admin User').waitFor();
    expect(await sidebar.getByText(/^Updated by /).count()).toBe(2);
    const second = revisions[1].id;
    await sidebar.getByRole('button', { name: `Compare revision ${second}` }).click();
    const diff = sidebar.getByRole('table', { name: `Revision ${second} against the current item` });
    expect(await diff.getByRole('row').allInnerTexts()).toEqual([
      'Field\tIn the revision\tNow',
      'title\tSecond draft\tFinal',
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    await sidebar.getByRole('button', { name: `Revert to revision ${second}` }).click();
    const dialog = page.getByRole('dialog', { name: `Revert to revision ${second}?` });
    await dialog.waitFor();
    // The dialog holds the focus: tabbing past its last button comes back inside it.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    type Holder = { contains(node: unknown): boolean; ownerDocument: { activeElement: unknown } };
    expect(
      await dialog.evaluate((el) =>
        (el as unknown as Holder).contains((el as unknown as Holder).ownerDocument.activeElement),
      ),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await t.as('admin').get('/items/articles/1?fields=title')).body.data.title).toBe('Final');

    await sidebar.getByRole('button', { name: `Revert to revision ${second}` }).click();
    await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Item reverted.' }).waitFor();
    await page.getByLabel('title').and(page.locator('[value="Second draft"]')).waitFor();
    expect((await t.as('admin').get('/items/articles/1?fields=title,views')).body.data).toEqual({
      title: 'Second draft',
      views: 2,
    });
    expect(await sidebar.getByText(/^Updated by /).count()).toBe(3);
  });

  it('reports a refused revert in the dialog and changes nothing', async () => {
    const page = studio.page;
    await page.route('**/utils/revert/**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          errors: [{ message: "You don't have permission to access this.", extensions: { code: 'FORBIDDEN' } }],
        }),
      }),
    );
    const sidebar = page.getByRole('complementary', { name: 'History and comments' });
    await sidebar.getByRole('button', { name: `Revert to revision ${revisions[0].id}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: "You don't have permission" }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute('**/utils/revert/**');
    expect((await t.as('admin').get('/items/articles/1?fields=title')).body.data.title).toBe('Second draft');
  });

  it('posts a comment mentioning a user, who is notified and finds it in the inbox', async () => {
    const page = studio.page;
    const sidebar = page.getByRole('complementary', { name: 'History and comments' });
    const box = sidebar.getByLabel('Comment', { exact: true });
    await box.click();
    await page.keyboard.type('Please check this @Gra');
    await sidebar.getByRole('button', { name: 'Mention Grace Hopper' }).click();
    await page.keyboard.type('thanks');
    expect(await box.inputValue()).toBe(`Please check this @${grace.id} thanks`);
    await sidebar.getByRole('button', { name: 'Post comment' }).click();
    await sidebar.locator('.mention').filter({ hasText: '@Grace Hopper' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const notices = (
      await t
        .as('admin')
        .get(`/notifications?filter[recipient][_eq]=${grace.id}&fields=subject,message,collection,item,status`)
    ).body.data;
    expect(notices).toEqual([
      {
        subject: 'Admin User mentioned you on articles',
        message: expect.stringContaining('> Please check this @Grace Hopper thanks'),
        collection: 'articles',
        item: '1',
        status: 'inbox',
      },
    ]);

    await studio.newPage();
    await page.context().close();
    const inboxPage = studio.page;
    await inboxPage.goto(`${studio.baseUrl}/admin/signin`);
    await studio.signIn(grace.email, grace.password);
    const bell = inboxPage.getByRole('button', { name: /^Notifications\s*1 unread$/ });
    await bell.click();
    const drawer = inboxPage.getByRole('dialog', { name: 'Notifications' });
    await drawer.getByText('Admin User mentioned you on articles', { exact: true }).waitFor();
    expect(await seriousViolations(inboxPage)).toEqual([]);
    await drawer.getByRole('button', { name: 'Archive “Admin User mentioned you on articles”' }).click();
    await drawer.getByText('Nothing new.').waitFor();
    await inboxPage.keyboard.press('Escape');
    await inboxPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(
      (await t.as('admin').get(`/notifications?filter[recipient][_eq]=${grace.id}&fields=status`)).body.data,
    ).toEqual([{ status: 'archived' }]);
  });
});

describe('Vellum Studio: the sidebar in the system dark theme', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    await createCollection(t, 'notes', [{ field: 'body', type: 'string' }]);
    await t.as('admin').post('/items/notes').send({ body: 'One' }).expect(200);
    await t.as('admin').patch('/items/notes/1').send({ body: 'Two' }).expect(200);
    await t.as('admin').post('/comments').send({ collection: 'notes', item: '1', comment: 'Looks fine' }).expect(200);
    studio = await startStudioBrowser(t);
  });
  studioHooks(() => ({ studio, t }));

  it('follows a browser that prefers dark, and stays readable', async () => {
    const browser = studio.page.context().browser()!;
    await studio.page.context().close();
    studio.page = await (await browser.newContext({ colorScheme: 'dark' })).newPage();
    await signInAsAdmin(studio);
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/notes/1`);
    const sidebar = page.getByRole('complementary', { name: 'History and comments' });
    await sidebar.getByText('Looks fine').waitFor();
    await sidebar
      .getByRole('button', { name: /^Compare revision/ })
      .first()
      .click();
    expect(await page.evaluate<string>("document.documentElement.getAttribute('data-mantine-color-scheme')")).toBe(
      'dark',
    );
    expect(await page.evaluate<string>('getComputedStyle(document.body).backgroundColor')).toBe('rgb(36, 36, 36)');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
