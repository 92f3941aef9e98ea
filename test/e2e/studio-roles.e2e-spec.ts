import { createStatusArticles } from '../factories/articles.factory';
import { createRole, createUser } from '../factories/user.factory';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('Vellum Studio: roles, their policies and the permissions matrix in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    await createStatusArticles(t);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  const newPolicy = async (name: string): Promise<string> =>
    (await t.as('admin').post('/policies').send({ name }).expect(200)).body.data.id;

  it('creates a role, attaches policies to it in the order they apply, sets its parent, and detaches one', async () => {
    const page = studio.page;
    const drafts = (
      await t
        .as('admin')
        .post('/policies')
        .send({
          name: 'Drafts',
          permissions: [
            { collection: 'articles', action: 'read', fields: ['id'], permissions: { status: { _eq: 'draft' } } },
          ],
        })
        .expect(200)
    ).body.data.id;
    const published = (
      await t
        .as('admin')
        .post('/policies')
        .send({
          name: 'Published',
          permissions: [
            { collection: 'articles', action: 'read', fields: ['id'], permissions: { status: { _eq: 'published' } } },
          ],
        })
        .expect(200)
    ).body.data.id;
    const parent = await createRole(t, { name: 'Staff', policies: [{ policy: published }] });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('heading', { name: 'Roles' }).waitFor();
    // The first admin's role gives admin and app access through the Administrator policy attached to it.
    const administrator = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Administrator', exact: true }) });
    const cells = (await administrator.getByRole('cell').allTextContents()).map((text) => text.trim());
    expect(cells).toEqual(['Administrator', '', 'yes', 'yes', '1', 'The only admin role']);
    await page.getByLabel('Name of the new role').fill('Editors');
    await page.getByLabel('Description of the new role').fill('Write the articles');
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.getByRole('heading', { name: 'Editors' }).waitFor();
    const [role] = (await t.as('admin').get('/roles?filter[name][_eq]=Editors')).body.data;
    expect(role).toMatchObject({ description: 'Write the articles', admin_access: false, app_access: true });
    expect(page.url()).toBe(`${studio.baseUrl}/admin/roles/${role.id}`);

    for (const name of ['Published', 'Drafts']) {
      await page.getByLabel('Policy to attach').selectOption({ label: name });
      await page.getByRole('button', { name: 'Attach policy' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Policy ${name} attached.` })
        .waitFor();
    }
    expect(await page.getByRole('list', { name: 'Attached policies' }).getByRole('link').allInnerTexts()).toEqual([
      'Published',
      'Drafts',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    const rows = (await t.as('admin').get(`/roles/${role.id}?fields=policies.policy,policies.sort`).expect(200)).body
      .data.policies;
    expect(rows.sort((a: { sort: number }, b: { sort: number }) => a.sort - b.sort)).toEqual([
      { policy: published, sort: 1 },
      { policy: drafts, sort: 2 },
    ]);
    const editor = await createUser(t, role.id);
    expect((await t.as(editor.token).get('/items/articles?sort=id').expect(200)).body.data).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
      { id: 4 },
    ]);

    await page.getByRole('button', { name: 'Detach Published' }).click();
    await page.getByRole('status').filter({ hasText: 'Policy Published detached.' }).waitFor();
    expect((await t.as(editor.token).get('/items/articles?sort=id').expect(200)).body.data).toEqual([
      { id: 1 },
      { id: 3 },
    ]);
    await page.getByLabel('Parent role').selectOption({ label: 'Staff' });
    await page.getByRole('button', { name: 'Save role' }).click();
    await page.getByRole('status').filter({ hasText: 'Role saved.' }).waitFor();
    expect((await t.as('admin').get(`/roles/${role.id}?fields=parent`).expect(200)).body.data.parent).toBe(parent);
    expect((await t.as(editor.token).get('/items/articles?sort=id').expect(200)).body.data).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
      { id: 4 },
    ]);
  });

  it('tells of permissions an older client wrote for the role itself, which still apply', async () => {
    const page = studio.page;
    const role = await createRole(t, { name: 'Legacy' });
    const counted = page.waitForResponse((res) => res.url().includes('/permissions?aggregate'));
    await page.goto(`${studio.baseUrl}/admin/roles/${role}`);
    await page.getByText('No policy is attached to this role itself.').waitFor();
    expect(Number((await (await counted).json()).data[0].count)).toBe(0);
    expect(await page.getByRole('note').count()).toBe(0);
    await t
      .as('admin')
      .post('/permissions')
      .send({ role, collection: 'articles', action: 'read', fields: ['id'] })
      .expect(200);
    await page.reload();
    await page.getByRole('note').filter({ hasText: 'This role also has 1 permission(s) of its own' }).waitFor();
    expect(
      (
        await t
          .as((await createUser(t, role)).token)
          .get('/items/articles?limit=1')
          .expect(200)
      ).body.data,
    ).toEqual([{ id: 1 }]);
  });

  it('reopens a custom rule with its fields and filter in the editor', async () => {
    const page = studio.page;
    const policy = await newPolicy('Reviewers');
    await t
      .as('admin')
      .post('/permissions')
      .send({
        policy,
        collection: 'articles',
        action: 'update',
        fields: ['status'],
        permissions: { status: { _eq: 'draft' } },
      })
      .expect(200);
    await page.goto(`${studio.baseUrl}/admin/policies/${policy}`);
    await page.getByRole('button', { name: 'Edit update on articles' }).click();
    const editor = page.getByRole('form', { name: 'Custom update on articles' });
    expect(await editor.getByRole('checkbox', { name: 'status', exact: true }).isChecked()).toBe(true);
    expect(await editor.getByRole('checkbox', { name: 'title', exact: true }).isChecked()).toBe(false);
    expect(await editor.getByLabel('Value 1').inputValue()).toBe('draft');
    await editor.getByLabel('Value 1').fill('published');
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('status').filter({ hasText: 'update on articles: custom saved.' }).waitFor();
    const rules = (await t.as('admin').get(`/permissions?filter[policy][_eq]=${policy}`)).body.data;
    expect(rules).toEqual([
      expect.objectContaining({ action: 'update', fields: ['status'], permissions: { status: { _eq: 'published' } } }),
    ]);
  });

  it('keeps a filter the builder cannot show when the rule is saved again', async () => {
    const page = studio.page;
    const policy = await newPolicy('Auditors');
    const either = { _or: [{ status: { _eq: 'draft' } }, { title: { _contains: 'out' } }] };
    await t
      .as('admin')
      .post('/permissions')
      .send({ policy, collection: 'articles', action: 'read', fields: ['id'], permissions: either })
      .expect(200);
    await page.goto(`${studio.baseUrl}/admin/policies/${policy}`);
    await page.getByRole('button', { name: 'Edit read on articles' }).click();
    const editor = page.getByRole('form', { name: 'Custom read on articles' });
    await editor.getByRole('button', { name: 'Replace the filter' }).waitFor();
    await editor.getByRole('checkbox', { name: 'title', exact: true }).check();
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('status').filter({ hasText: 'read on articles: custom saved.' }).waitFor();
    const [rule] = (await t.as('admin').get(`/permissions?filter[policy][_eq]=${policy}`)).body.data;
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
    // The public's access row has neither a role nor a user, so it is listed under neither (as the reference's).
    const [access] = (
      await t.as('admin').get('/policies?fields=id,roles,users&filter[name][_eq]=$t:public_label').expect(200)
    ).body.data;
    expect(access).toMatchObject({ roles: [], users: [] });
    expect(page.url()).toBe(`${studio.baseUrl}/admin/policies/${access.id}`);
    const rules = (
      await t.as('admin').get(`/permissions?filter[policy][_eq]=${access.id}&filter[collection][_eq]=articles`)
    ).body.data;
    expect(rules).toEqual([
      expect.objectContaining({ policy: access.id, action: 'read', fields: ['*'], permissions: null }),
    ]);
    const read = await t.as('anonymous').get('/items/articles');
    expect(read.status).toBe(200);
    expect(read.body.data).toHaveLength(4);
  });

  it('deletes a role after a confirmation naming it', async () => {
    const page = studio.page;
    const role = await createRole(t, { name: 'Short-lived' });
    const user = await createUser(t, { role });
    await page.goto(`${studio.baseUrl}/admin/roles`);
    await page
      .getByRole('row')
      .filter({ hasText: 'Short-lived' })
      .getByRole('cell', { name: '1', exact: true })
      .waitFor();
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
    // A fresh install's admin role gives admin through its attached Administrator policy, not a flag of its own.
    const [admin] = (await t.as('admin').get('/roles?filter[policies][policy][admin_access][_eq]=true')).body.data;
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
