import type { Dialog, Page } from 'playwright-core';
import { createCollection } from '../factories/collection.factory';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

/** Answers the next confirmation dialog and resolves with its text. */
function nextDialog(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) =>
    page.once(
      'dialog',
      (dialog: Dialog) => void (accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(dialog.message())),
    ),
  );
}

describe('Vellum Studio: the data model in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  const admin = () => t.as('admin');
  beforeAll(async () => {
    t = await createTestApp();
    await createCollection(t, 'authors', [{ field: 'name', type: 'string' }]);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  it('creates a collection with a UUID key and content versions on', async () => {
    const page = studio.page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Data model' }).click();
    await page.getByRole('heading', { name: 'Data model' }).waitFor();
    const form = page.getByRole('form', { name: 'Create a collection' });
    await form.getByLabel('Name').fill('books');
    await form.getByLabel('Primary key').selectOption('uuid');
    await form.getByLabel('Content versions').check();
    await form.getByRole('button', { name: 'Create collection' }).click();
    await page.getByRole('heading', { name: 'books' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await admin().get('/collections/books').expect(200)).body.data.meta).toMatchObject({
      versioning: true,
      singleton: false,
    });
    const id = (await admin().get('/fields/books/id').expect(200)).body.data;
    expect(id).toMatchObject({ type: 'uuid', schema: expect.objectContaining({ is_primary_key: true }) });
  });

  it('adds fields with required, length, default and choices, refuses a bad default, and edits a field', async () => {
    const page = studio.page;
    const add = page.getByRole('form', { name: 'Add a field' });
    await add.getByLabel('Field name').fill('title');
    await add.getByLabel('Maximum length').fill('100');
    await add.getByLabel('Required').check();
    await add.getByRole('button', { name: 'Add field' }).click();
    await page
      .getByRole('table', { name: 'Fields of books' })
      .getByRole('cell', { name: 'title', exact: true })
      .waitFor();
    await add.getByLabel('Field name').fill('status');
    await add.getByLabel('Default value').fill('draft');
    await add.getByLabel('Choices').fill('draft=Draft\npublished=Published');
    await add.getByRole('button', { name: 'Add field' }).click();
    await page
      .getByRole('table', { name: 'Fields of books' })
      .getByRole('cell', { name: 'status', exact: true })
      .waitFor();
    await add.getByLabel('Field name').fill('pages');
    await add.getByLabel('Type').selectOption('integer');
    await add.getByLabel('Default value').fill('many');
    await add.getByRole('button', { name: 'Add field' }).click();
    await add.getByRole('alert').filter({ hasText: 'must be a number' }).waitFor();

    expect((await admin().get('/fields/books/title')).body.data).toMatchObject({
      type: 'string',
      meta: { required: true },
      schema: { max_length: 100 },
    });
    const status = (await admin().get('/fields/books/status')).body.data;
    expect(status.schema.default_value).toBe('draft');
    expect(status.meta.options.choices).toEqual([
      { value: 'draft', text: 'Draft' },
      { value: 'published', text: 'Published' },
    ]);
    expect((await admin().get('/fields/books/pages')).status).toBe(403);

    await page.getByRole('button', { name: 'Edit title' }).click();
    const edit = page.getByRole('form', { name: 'Edit the field title' });
    await edit.getByLabel('Note').fill('Shown on the cover');
    await edit.getByRole('button', { name: 'Save field' }).click();
    await page.getByRole('form', { name: 'Add a field' }).waitFor();
    expect((await admin().get('/fields/books/title')).body.data.meta.note).toBe('Shown on the cover');
  });

  it('adds a many-to-one with its one-to-many list field, and removes it', async () => {
    const page = studio.page;
    const form = page.getByRole('form', { name: 'Add a relation' });
    await form.getByLabel('New field here').fill('author');
    await form.getByLabel('Related collection').selectOption('authors');
    await form.getByLabel('List field on the other side').fill('books');
    await form.getByLabel('When the related item is deleted').selectOption('CASCADE');
    await form.getByRole('button', { name: 'Add relation' }).click();
    await page.getByRole('table', { name: 'Relations of books' }).getByText('author → authors').waitFor();
    expect((await admin().get('/relations/books/author').expect(200)).body.data).toMatchObject({
      related_collection: 'authors',
      meta: expect.objectContaining({ one_field: 'books' }),
      schema: expect.objectContaining({ on_delete: 'CASCADE' }),
    });
    expect((await admin().get('/fields/authors/books').expect(200)).body.data.type).toBe('alias');

    const message = nextDialog(page, true);
    await page.getByRole('button', { name: 'Remove books.author' }).click();
    expect(await message).toContain('the list field authors.books goes');
    await page
      .getByRole('table', { name: 'Relations of books' })
      .getByText('author → authors')
      .waitFor({ state: 'detached' });
    expect((await admin().get('/relations/books/author')).status).toBe(403);
  });

  it('deletes a field and the collection only after a confirmation naming the items lost', async () => {
    const page = studio.page;
    const created = await admin()
      .post('/items/books')
      .send([{ title: 'One' }, { title: 'Two' }]);
    expect([created.status, created.body.errors]).toEqual([200, undefined]);
    const fieldMessage = nextDialog(page, true);
    await page.getByRole('button', { name: 'Delete status' }).click();
    expect(await fieldMessage).toBe('Delete the field "status" and its values in 2 item(s)? This cannot be undone.');
    await page
      .getByRole('table', { name: 'Fields of books' })
      .getByRole('cell', { name: 'status', exact: true })
      .waitFor({ state: 'detached' });
    expect((await admin().get('/fields/books/status')).status).toBe(403);

    const declined = nextDialog(page, false);
    await page.getByRole('button', { name: 'Delete collection books' }).click();
    expect(await declined).toContain('with its 2 item(s)');
    expect((await admin().get('/collections/books')).status).toBe(200);
    const accepted = nextDialog(page, true);
    await page.getByRole('button', { name: 'Delete collection books' }).click();
    await accepted;
    await page.getByRole('heading', { name: 'Data model' }).waitFor();
    expect((await admin().get('/collections/books')).status).toBe(403);
  });
});
