import { seriousViolations, startStudioBrowser, StudioBrowser } from '../helpers/studio-browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';

describe('Vellum Studio: content versions in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    await t
      .as('admin')
      .post('/collections')
      .send({
        collection: 'pages',
        meta: { versioning: true },
        fields: [
          { field: 'title', type: 'string' },
          { field: 'body', type: 'text' },
        ],
      })
      .expect(200);
    await t.as('admin').post('/items/pages').send({ title: 'Home', body: 'Welcome' }).expect(200);
    studio = await startStudioBrowser(t);
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/signin?from=/content/pages/1`);
    await studio.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'pages 1' }).waitFor();
  });
  afterEach(async () => {
    await studio.screenshot(expect.getState().currentTestName ?? 'test');
  });
  afterAll(async () => {
    await studio?.close();
    await t.close();
  });

  it('creates a version, saves edits to it, compares, promotes after a refused stale promote, renames and deletes it', async () => {
    const page = studio.page;
    const answers: Record<string, string> = { 'Name of the new version': 'Draft one', 'New name': 'Renamed draft' };
    page.on('dialog', (dialog) => void dialog.accept(answers[dialog.message()]));
    await page.getByRole('button', { name: 'Create version' }).click();
    await page
      .getByLabel('Version')
      .locator('option:checked')
      .filter({ hasText: 'Draft one' })
      .waitFor({ state: 'attached' });
    await page.getByLabel('title').fill('Draft title');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await t.as('admin').get('/items/pages/1')).body.data.title).toBe('Home');
    expect((await t.as('admin').get('/items/pages/1?version=draft-one')).body.data.title).toBe('Draft title');

    await page.getByRole('button', { name: 'Compare with main' }).click();
    await page.getByRole('rowheader', { name: 'title (changed)' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await t.as('admin').patch('/items/pages/1').send({ body: 'Changed meanwhile' }).expect(200);
    await page.getByRole('button', { name: 'Promote selected fields' }).click();
    await page.getByRole('alert').filter({ hasText: 'The item changed since you compared' }).waitFor();
    await page.getByRole('button', { name: 'Promote selected fields' }).click();
    await page
      .getByLabel('Version')
      .locator('option:checked')
      .filter({ hasText: 'Main' })
      .waitFor({ state: 'attached' });
    expect((await t.as('admin').get('/items/pages/1')).body.data).toMatchObject({
      title: 'Draft title',
      body: 'Changed meanwhile',
    });

    await page.getByLabel('Version').selectOption({ label: 'Draft one' });
    await page.getByRole('button', { name: 'Rename version' }).click();
    await page.getByLabel('Version').locator('option', { hasText: 'Renamed draft' }).waitFor({ state: 'attached' });
    await page.getByLabel('Version').selectOption({ label: 'Renamed draft' });
    await page.getByRole('button', { name: 'Delete version' }).click();
    await page.getByRole('button', { name: 'Delete version' }).waitFor({ state: 'detached' });
    expect((await t.as('admin').get('/versions')).body.data).toEqual([]);
  });
});
