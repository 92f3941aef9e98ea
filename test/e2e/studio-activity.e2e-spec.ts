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

describe('Vellum Studio: the activity log in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  let editor: { email: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    await createCollection(t, 'notes', [{ field: 'text', type: 'string' }]);
    await createCollection(t, 'tags', [{ field: 'name', type: 'string' }]);
    const role = await createRole(t);
    editor = await createUser(t, role);
    await grant(t, role, 'notes', 'create', { fields: ['*'] });
    await grant(t, role, 'notes', 'read', { fields: ['*'] });
    await t.as(editor.token).post('/items/notes').send({ text: 'by the editor' }).expect(200);
    await t.as('admin').post('/items/tags').send({ name: 'by the admin' }).expect(200);
    await t.as('admin').patch('/items/tags/1').send({ name: 'renamed' }).expect(200);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  it('lists who did what, filters by user, collection and action, and links to the item', async () => {
    const page = studio.page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    const table = page.getByRole('table', { name: 'Activity' });
    await table.getByRole('cell', { name: editor.email }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The editor signed in, then created a note.
    await page.getByLabel('User email contains').fill(editor.email.slice(0, 12));
    await page
      .getByRole('status')
      .filter({ hasText: /^2 entries$/ })
      .waitFor();
    expect((await table.locator('tbody tr td:nth-child(3)').allInnerTexts()).sort()).toEqual(['create', 'login']);
    await page.getByLabel('Action').selectOption('create');
    await page
      .getByRole('status')
      .filter({ hasText: /^1 entry$/ })
      .waitFor();
    expect(await table.locator('tbody tr td:nth-child(4)').allInnerTexts()).toEqual(['notes']);
    await page.getByLabel('User email contains').fill('');

    await page.getByLabel('Collection', { exact: true }).fill('tags');
    await page.getByLabel('Action').selectOption('update');
    await page
      .getByRole('status')
      .filter({ hasText: /^1 entry$/ })
      .waitFor();
    const expected = (await t.as('admin').get('/activity?filter[collection][_eq]=tags&filter[action][_eq]=update')).body
      .data;
    expect(expected).toHaveLength(1);
    await table.getByRole('link', { name: '1' }).click();
    await page.waitForURL(/\/admin\/content\/tags\/1$/);
    expect(await page.getByLabel('name').inputValue()).toBe('renamed');
  });
});
