import { createCollection, createRelation } from '../factories/collection.factory';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('Vellum Studio: relational editing and relation kinds in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  let post: number;
  const admin = () => t.as('admin');
  const tagId = async (name: string): Promise<number> =>
    (
      await admin()
        .get('/items/tags')
        .query({ filter: JSON.stringify({ name: { _eq: name } }) })
    ).body.data[0].id;

  beforeAll(async () => {
    t = await createTestApp();
    await createCollection(t, 'writers', [{ field: 'name', type: 'string' }]);
    await createCollection(t, 'tags', [{ field: 'name', type: 'string' }]);
    await createCollection(t, 'posts', [
      { field: 'title', type: 'string' },
      { field: 'writer', type: 'integer' },
    ]);
    await createRelation(t, 'posts', 'writer', 'writers', 'posts');
    // posts.tags: a many-to-many through posts_tags, kept in a manual order.
    await admin()
      .post('/fields/posts')
      .send({ field: 'tags', type: 'alias', meta: { special: ['m2m'] } })
      .expect(200);
    await createCollection(
      t,
      'posts_tags',
      [
        { field: 'posts_id', type: 'integer' },
        { field: 'tags_id', type: 'integer' },
        { field: 'sort', type: 'integer' },
      ],
      { hidden: true },
    );
    await admin()
      .post('/relations')
      .send({
        collection: 'posts_tags',
        field: 'tags_id',
        related_collection: 'tags',
        meta: { junction_field: 'posts_id' },
      })
      .expect(200);
    await admin()
      .post('/relations')
      .send({
        collection: 'posts_tags',
        field: 'posts_id',
        related_collection: 'posts',
        meta: { one_field: 'tags', junction_field: 'tags_id', sort_field: 'sort', one_deselect_action: 'delete' },
      })
      .expect(200);
    // Twelve writers: more than one page of the picker (ten).
    await admin()
      .post('/items/writers')
      .send(Array.from({ length: 12 }, (_, i) => ({ name: `Writer ${String(i + 1).padStart(2, '0')}` })))
      .expect(200);
    await admin()
      .post('/items/tags')
      .send([{ name: 'Alpha' }, { name: 'Beta' }, { name: 'Gamma' }])
      .expect(200);
    const created = await admin()
      .post('/items/posts')
      .send({
        title: 'Hello',
        tags: [
          { tags_id: await tagId('Alpha'), sort: 1 },
          { tags_id: await tagId('Beta'), sort: 2 },
        ],
      })
      .expect(200);
    post = created.body.data.id;
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  it('chooses a many-to-one in a searchable, paged dialog that traps the focus and closes on Esc', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/posts/${post}`);
    await page.getByText('Selected: None').waitFor();
    await page.getByRole('button', { name: 'Choose from writers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose an item of writers' });
    await dialog.getByText('Page 1 of 2').waitFor();
    expect(await dialog.getByRole('button', { name: /^Choose Writer/ }).count()).toBe(10);
    expect(await seriousViolations(page)).toEqual([]);
    // Tab stays inside the dialog.
    for (let i = 0; i < 15; i++) await page.keyboard.press('Tab');
    expect(await dialog.locator(':focus').count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Choose from writers' }).click();
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await dialog.getByText('Page 2 of 2').waitFor();
    expect(await dialog.getByRole('button', { name: /^Choose Writer/ }).allInnerTexts()).toEqual([
      'Choose Writer 11',
      'Choose Writer 12',
    ]);
    await dialog.getByRole('button', { name: 'Choose Writer 12' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Writer 12' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const twelve = (
      await admin()
        .get('/items/writers')
        .query({ filter: JSON.stringify({ name: { _eq: 'Writer 12' } }) })
    ).body.data[0].id;
    expect((await admin().get(`/items/posts/${post}`)).body.data.writer).toBe(twelve);

    await page.getByRole('button', { name: 'Choose from writers' }).click();
    await dialog.getByLabel('Search writers').fill('Writer 03');
    await dialog.getByText('Page 1 of 1').waitFor();
    await dialog.getByRole('button', { name: 'Choose Writer 03' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).nth(1).waitFor();
    const three = (
      await admin()
        .get('/items/writers')
        .query({ filter: JSON.stringify({ name: { _eq: 'Writer 03' } }) })
    ).body.data[0].id;
    expect((await admin().get(`/items/posts/${post}`)).body.data.writer).toBe(three);
  });

  it('edits a many-to-many: adds an existing item, creates one, removes one and reorders, saved as one write', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/posts/${post}`);
    const tags = page.getByRole('region', { name: 'tags' });
    await tags.getByRole('link', { name: 'Beta' }).waitFor();
    expect(await tags.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Alpha'),
      expect.stringContaining('Beta'),
    ]);

    await tags.getByRole('button', { name: 'Add existing items to tags' }).click();
    const picker = page.getByRole('dialog', { name: 'Add items of tags' });
    // Tags already listed are not offered again.
    await picker.getByRole('checkbox', { name: 'Gamma' }).check();
    expect(await picker.getByRole('checkbox').count()).toBe(1);
    await picker.getByRole('button', { name: 'Add selected (1)' }).click();
    await picker.waitFor({ state: 'detached' });

    await tags.getByRole('button', { name: 'Add a new item to tags' }).click();
    const create = page.getByRole('dialog', { name: 'New item in tags' });
    await create.getByLabel('name').fill('Delta');
    expect(await seriousViolations(page)).toEqual([]);
    await create.getByRole('button', { name: 'Add to the list' }).click();
    await create.waitFor({ state: 'detached' });

    await tags.getByRole('button', { name: 'Remove Alpha' }).click();
    await tags.getByRole('button', { name: 'Move Delta up' }).click();
    expect(await tags.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Beta'),
      expect.stringContaining('Delta'),
      expect.stringContaining('Gamma'),
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    let writes = 0;
    page.on(
      'request',
      (request) => void (request.method() === 'PATCH' && request.url().includes('/items/') && writes++),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(writes).toBe(1);
    const rows = (
      await admin()
        .get('/items/posts_tags')
        .query({ fields: 'tags_id.name,sort', sort: 'sort', filter: JSON.stringify({ posts_id: { _eq: post } }) })
    ).body.data;
    expect(rows).toEqual([
      { tags_id: { name: 'Beta' }, sort: 1 },
      { tags_id: { name: 'Delta' }, sort: 2 },
      { tags_id: { name: 'Gamma' }, sort: 3 },
    ]);
    // The list shows what was stored, linked items as links.
    await tags.getByRole('link', { name: 'Delta' }).waitFor();
    expect(await tags.getByRole('link').allInnerTexts()).toEqual(['Beta', 'Delta', 'Gamma']);

    // Dragging an item onto another puts it in that place.
    await tags
      .getByRole('listitem')
      .filter({ hasText: 'Gamma' })
      .dragTo(tags.getByRole('listitem').filter({ hasText: 'Beta' }));
    expect(await tags.getByRole('link').allInnerTexts()).toEqual(['Gamma', 'Beta', 'Delta']);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/items/posts/${post}`),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    const sorted = (
      await admin()
        .get('/items/posts_tags')
        .query({ fields: 'tags_id.name', sort: 'sort', filter: JSON.stringify({ posts_id: { _eq: post } }) })
    ).body.data;
    expect(sorted.map((r: { tags_id: { name: string } }) => r.tags_id.name)).toEqual(['Gamma', 'Beta', 'Delta']);
  });

  it('links, creates and unlinks one-to-many items from the one side', async () => {
    const page = studio.page;
    await admin().post('/items/posts').send({ title: 'Second' }).expect(200);
    const one = (
      await admin()
        .get('/items/writers')
        .query({ filter: JSON.stringify({ name: { _eq: 'Writer 01' } }) })
    ).body.data[0].id;
    const titles = async () =>
      (
        await admin()
          .get('/items/posts')
          .query({ fields: 'title', sort: 'id', filter: JSON.stringify({ writer: { _eq: one } }) })
      ).body.data.map((p: { title: string }) => p.title);
    await page.goto(`${studio.baseUrl}/admin/content/writers/${one}`);
    const list = page.getByRole('region', { name: 'posts' });
    await list.getByText('No related items.').waitFor();
    await list.getByRole('button', { name: 'Add existing items to posts' }).click();
    const picker = page.getByRole('dialog', { name: 'Add items of posts' });
    await picker.getByRole('checkbox', { name: 'Second', exact: true }).check();
    await picker.getByRole('button', { name: 'Add selected (1)' }).click();
    await list.getByRole('button', { name: 'Add a new item to posts' }).click();
    const create = page.getByRole('dialog', { name: 'New item in posts' });
    // The key back to the writer is the nested write's to fill, not the form's.
    expect(await create.getByLabel('writer').count()).toBe(0);
    await create.getByLabel('title').fill('Third');
    await create.getByRole('button', { name: 'Add to the list' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await list.getByRole('link', { name: 'Third' }).waitFor();
    expect(await titles()).toEqual(['Second', 'Third']);

    await list.getByRole('button', { name: 'Remove Second' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await list.getByRole('link', { name: 'Second' }).waitFor({ state: 'detached' });
    expect(await titles()).toEqual(['Third']);
  });

  it('creates a many-to-many and a many-to-any in the data model, read back through /relations and /fields', async () => {
    await createCollection(t, 'books', [{ field: 'title', type: 'string' }]);
    await createCollection(t, 'genres', [{ field: 'label', type: 'string' }]);
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/data-model/books`);
    const form = page.getByRole('form', { name: 'Add a relation' });
    await form.getByLabel('Kind').selectOption('m2m');
    await form.getByLabel('New list field here').fill('genres');
    await form.getByLabel('Related collection').selectOption('genres');
    await form.getByRole('textbox', { name: 'Junction collection' }).fill('books_genres');
    await form.getByLabel('Keep a manual order').check();
    await form.getByRole('button', { name: 'Add relation' }).click();
    const table = page.getByRole('table', { name: 'Relations of books' });
    await table.getByRole('row').filter({ hasText: 'many-to-many' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const relations = (await admin().get('/relations/books_genres').expect(200)).body.data;
    expect(relations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'books_id',
          related_collection: 'books',
          meta: expect.objectContaining({ one_field: 'genres', junction_field: 'genres_id', sort_field: 'sort' }),
        }),
        expect.objectContaining({
          field: 'genres_id',
          related_collection: 'genres',
          meta: expect.objectContaining({ junction_field: 'books_id' }),
        }),
      ]),
    );
    expect((await admin().get('/fields/books/genres').expect(200)).body.data).toMatchObject({
      type: 'alias',
      meta: { special: ['m2m'] },
    });
    const junctionFields = (await admin().get('/fields/books_genres').expect(200)).body.data.map(
      (f: { field: string }) => f.field,
    );
    expect(junctionFields).toEqual(expect.arrayContaining(['id', 'books_id', 'genres_id', 'sort']));
    // The new field works: a nested write through it links a genre.
    const book = (
      await admin()
        .post('/items/books')
        .send({ title: 'B', genres: [{ genres_id: { label: 'Poetry' } }] })
        .expect(200)
    ).body.data.id;
    expect((await admin().get(`/items/books/${book}?fields=genres.genres_id.label`)).body.data.genres).toEqual([
      { genres_id: { label: 'Poetry' } },
    ]);

    await form.getByLabel('Kind').selectOption('m2a');
    await form.getByLabel('New list field here').fill('parts');
    await form.getByRole('checkbox', { name: 'genres', exact: true }).check();
    await form.getByRole('checkbox', { name: 'tags', exact: true }).check();
    await form.getByRole('textbox', { name: 'Junction collection' }).fill('books_parts');
    await form.getByRole('button', { name: 'Add relation' }).click();
    await table.getByRole('row').filter({ hasText: 'many-to-any' }).waitFor();
    const item = (await admin().get('/relations/books_parts/item').expect(200)).body.data;
    expect(item).toMatchObject({
      related_collection: null,
      meta: { one_collection_field: 'collection', junction_field: 'books_id' },
    });
    expect([...item.meta.one_allowed_collections].sort()).toEqual(['genres', 'tags']);
    expect((await admin().get('/fields/books/parts').expect(200)).body.data).toMatchObject({
      type: 'alias',
      meta: { special: ['m2a'] },
    });
  });

  it('adds to a many-to-any by choosing the collection first, then the item', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/books/+`);
    await page.getByLabel('title').fill('With parts');
    const parts = page.getByRole('region', { name: 'parts' });
    await parts.getByLabel('Collection to add to parts').selectOption('tags');
    await parts.getByRole('button', { name: 'Add existing items to parts' }).click();
    const picker = page.getByRole('dialog', { name: 'Add items of tags' });
    await picker.getByRole('checkbox', { name: 'Gamma' }).check();
    await picker.getByRole('button', { name: 'Add selected (1)' }).click();
    await parts.getByLabel('Collection to add to parts').selectOption('genres');
    await parts.getByRole('button', { name: 'Add a new item to parts' }).click();
    const create = page.getByRole('dialog', { name: 'New item in genres' });
    await create.getByLabel('label').fill('Drama');
    await create.getByRole('button', { name: 'Add to the list' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/admin\/content\/books\/\d+$/);
    const id = page.url().split('/').pop();
    const stored = (
      await admin()
        .get(`/items/books/${id}`)
        .query({ fields: 'parts.collection,parts.item:tags.name,parts.item:genres.label' })
    ).body.data.parts;
    expect(stored).toEqual([
      { collection: 'tags', item: { name: 'Gamma' } },
      { collection: 'genres', item: { label: 'Drama' } },
    ]);
    await parts.getByRole('link', { name: 'tags: Gamma' }).waitFor();
  });
});
