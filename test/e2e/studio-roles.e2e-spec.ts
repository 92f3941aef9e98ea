import { createCollection } from '../factories/collection.factory';
import { createRole, createUser } from '../factories/user.factory';
import { seriousViolations, signInAsAdmin, startStudioBrowser, StudioBrowser, studioHooks } from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('Vellum Studio: roles and permissions in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    await createCollection(t, 'articles', [
      { field: 'title', type: 'string' },
      { field: 'status', type: 'string' },
    ]);
    await t.as('admin').post('/items/articles').send([
      { title: 'Draft one', status: 'draft' },
      { title: 'Out now', status: 'published' },
      { title: 'Draft two', status: 'draft' },
      { title: 'Also out', status: 'published' },
    ]).expect(200);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  /** The user's read of the articles, signed in through the API as a client would. */
  async function readArticles(email: string, password: string) {
    const login = await t.as('anonymous').post('/auth/login').send({ email, password }).expect(200);
    return t.as(login.body.data.access_token).get('/items/articles?sort=id');
  }

  it('creates a role and limits its read to some fields and rows, then takes the read away', async () => {
    const page = studio.page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('heading', { name: 'Roles' }).waitFor();
    await page.getByLabel('Name of the new role').fill('Editors');
    await page.getByLabel('Description of the new role').fill('Write the articles');
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.getByRole('heading', { name: 'Editors' }).waitFor();
    const [role] = (await t.as('admin').get('/roles?filter[name][_eq]=Editors')).body.data;
    expect(role).toMatchObject({ description: 'Write the articles', admin_access: false, app_access: true });
    expect(page.url()).toBe(`${studio.baseUrl}/admin/roles/${role.id}`);

    await page.getByLabel('read on articles', { exact: true }).selectOption('custom');
    const editor = page.getByRole('form', { name: 'Custom read on articles' });
    await editor.getByLabel('All fields').uncheck();
    await editor.getByRole('checkbox', { name: 'id', exact: true }).check();
    await editor.getByRole('checkbox', { name: 'title', exact: true }).check();
    await editor.getByRole('button', { name: 'Add filter' }).click();
    await editor.getByLabel('Field 1').selectOption('status');
    await editor.getByLabel('Operator 1').selectOption({ label: 'equals' });
    await editor.getByLabel('Value 1').fill('published');
    expect(await seriousViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('status').filter({ hasText: 'read on articles: custom saved.' }).waitFor();
    expect(await page.getByLabel('read on articles', { exact: true }).inputValue()).toBe('custom');
    expect(await seriousViolations(page)).toEqual([]);
    const [rule] = (await t.as('admin').get(`/permissions?filter[role][_eq]=${role.id}`)).body.data;
    expect(rule).toMatchObject({ collection: 'articles', action: 'read', fields: ['id', 'title'], permissions: { status: { _eq: 'published' } } });

    await t.as('admin').post('/users').send({ email: 'editor@example.com', password: 'editor-password', role: role.id }).expect(200);
    const read = await readArticles('editor@example.com', 'editor-password');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([
      { id: 2, title: 'Out now' },
      { id: 4, title: 'Also out' },
    ]);

    await page.getByLabel('read on articles', { exact: true }).selectOption('none');
    await page.getByRole('status').filter({ hasText: 'read on articles: no access saved.' }).waitFor();
    expect((await t.as('admin').get(`/permissions?filter[role][_eq]=${role.id}`)).body.data).toEqual([]);
    expect((await readArticles('editor@example.com', 'editor-password')).status).toBe(403);
  });

  it('reopens a custom rule with its fields and filter in the editor', async () => {
    const page = studio.page;
    const role = await createRole(t, { name: 'Reviewers' });
    await t.as('admin').post('/permissions').send({ role: role, collection: 'articles', action: 'update', fields: ['status'], permissions: { status: { _eq: 'draft' } } }).expect(200);
    await page.goto(`${studio.baseUrl}/admin/roles/${role}`);
    await page.getByRole('button', { name: 'Edit update on articles' }).click();
    const editor = page.getByRole('form', { name: 'Custom update on articles' });
    expect(await editor.getByRole('checkbox', { name: 'status', exact: true }).isChecked()).toBe(true);
    expect(await editor.getByRole('checkbox', { name: 'title', exact: true }).isChecked()).toBe(false);
    expect(await editor.getByLabel('Value 1').inputValue()).toBe('draft');
    await editor.getByLabel('Value 1').fill('published');
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('status').filter({ hasText: 'update on articles: custom saved.' }).waitFor();
    const rules = (await t.as('admin').get(`/permissions?filter[role][_eq]=${role}`)).body.data;
    expect(rules).toEqual([expect.objectContaining({ action: 'update', fields: ['status'], permissions: { status: { _eq: 'published' } } })]);
  });

  it('keeps a filter the builder cannot show when the rule is saved again', async () => {
    const page = studio.page;
    const role = await createRole(t, { name: 'Auditors' });
    const either = { _or: [{ status: { _eq: 'draft' } }, { title: { _contains: 'out' } }] };
    await t.as('admin').post('/permissions').send({ role, collection: 'articles', action: 'read', fields: ['id'], permissions: either }).expect(200);
    await page.goto(`${studio.baseUrl}/admin/roles/${role}`);
    await page.getByRole('button', { name: 'Edit read on articles' }).click();
    const editor = page.getByRole('form', { name: 'Custom read on articles' });
    await editor.getByRole('button', { name: 'Replace the filter' }).waitFor();
    await editor.getByRole('checkbox', { name: 'title', exact: true }).check();
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('status').filter({ hasText: 'read on articles: custom saved.' }).waitFor();
    const [rule] = (await t.as('admin').get(`/permissions?filter[role][_eq]=${role}`)).body.data;
    expect(rule).toMatchObject({ fields: ['id', 'title'], permissions: either });
  });

  it('grants read on the articles to the public, who then read them without signing in', async () => {
    const page = studio.page;
    expect((await t.as('anonymous').get('/items/articles')).status).toBe(403);
    await page.goto(`${studio.baseUrl}/admin/roles`);
    await page.getByRole('link', { name: 'Public' }).click();
    await page.getByRole('heading', { name: 'Public' }).waitFor();
    await page.getByLabel('read on articles', { exact: true }).selectOption('full');
    await page.getByRole('status').filter({ hasText: 'read on articles: full access saved.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const rules = (await t.as('admin').get('/permissions?filter[role][_null]=true&filter[collection][_eq]=articles')).body.data;
    expect(rules).toEqual([expect.objectContaining({ role: null, action: 'read', fields: ['*'], permissions: null })]);
    const read = await t.as('anonymous').get('/items/articles');
    expect(read.status).toBe(200);
    expect(read.body.data).toHaveLength(4);
  });

  it('deletes a role after a confirmation naming it', async () => {
    const page = studio.page;
    const role = await createRole(t, { name: 'Short-lived' });
    const user = await createUser(t, { role });
    await page.goto(`${studio.baseUrl}/admin/roles`);
    await page.getByRole('row').filter({ hasText: 'Short-lived' }).getByRole('cell', { name: '1', exact: true }).waitFor();
    const asked = page.waitForEvent('dialog').then(async (dialog) => (await dialog.dismiss(), dialog.message()));
    await page.getByRole('button', { name: 'Delete Short-lived' }).click();
    expect(await asked).toContain('"Short-lived"');
    expect((await t.as('admin').get(`/roles/${role}`)).status).toBe(200);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Short-lived' }).click();
    await page.getByRole('status').filter({ hasText: 'Role Short-lived deleted.' }).waitFor();
    await page.getByRole('link', { name: 'Short-lived' }).waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
    expect((await t.as('admin').get(`/roles?filter[id][_eq]=${role}`)).body.data).toEqual([]);
    expect((await t.as('admin').get(`/users/${user.id}`)).body.data.role).toBeNull();
  });

  it('offers no delete on the only admin role, and offers it again once another role has admin access', async () => {
    const page = studio.page;
    const [admin] = (await t.as('admin').get('/roles?filter[admin_access][_eq]=true')).body.data;
    await page.goto(`${studio.baseUrl}/admin/roles`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: admin.name, exact: true }) });
    await row.getByText('The only admin role').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await createRole(t, { name: 'Second admins', admin_access: true });
    await page.reload();
    await row.getByRole('button', { name: `Delete ${admin.name}` }).waitFor();
  });
});
