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

/** Policies in the Studio: their permissions matrix, their flags, and attaching them to roles and users. */
describe('Vellum Studio: policies in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    await createStatusArticles(t);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  /** The user's read of the articles, signed in through the API as a client would. */
  async function readArticles(user: { email: string; password: string }) {
    return t.as(await t.login(user.email, user.password)).get('/items/articles?sort=id');
  }

  const policyRules = async (policy: string) =>
    (await t.as('admin').get(`/permissions?filter[policy][_eq]=${policy}`).expect(200)).body.data;

  async function newPolicy(body: Record<string, unknown>): Promise<string> {
    return (await t.as('admin').post('/policies').send(body).expect(200)).body.data.id as string;
  }

  it('creates a policy, limits its read to some fields and rows, attaches it to a role, and detaching it refuses the role', async () => {
    const page = studio.page;
    const role = await createRole(t, { name: 'Writers' });
    const writer = await createUser(t, role);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Policies', exact: true }).click();
    await page.getByRole('heading', { name: 'Policies' }).waitFor();
    await page.getByLabel('Name of the new policy').fill('Readers');
    await page.getByLabel('Description of the new policy').fill('Read what is out');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await page.getByRole('heading', { name: 'Readers' }).waitFor();
    const [policy] = (await t.as('admin').get('/policies?filter[name][_eq]=Readers').expect(200)).body.data;
    expect(policy).toMatchObject({
      description: 'Read what is out',
      admin_access: false,
      app_access: true,
      enforce_tfa: false,
    });
    expect(page.url()).toBe(`${studio.baseUrl}/admin/policies/${policy.id}`);

    await page.getByLabel('read on articles', { exact: true }).selectOption('custom');
    const editor = page.getByRole('form', { name: 'Custom read on articles' });
    await editor.getByLabel('All fields').uncheck();
    await editor.getByRole('checkbox', { name: 'id', exact: true }).check();
    await editor.getByRole('checkbox', { name: 'title', exact: true }).check();
    await editor.getByRole('button', { name: 'Add filter' }).click();
    await editor.getByLabel('Field 1').selectOption('status');
    await editor.getByLabel('Operator 1').selectOption({ label: 'equals' });
    await editor.getByLabel('Value 1').fill('published');
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('status').filter({ hasText: 'read on articles: custom saved.' }).waitFor();
    expect(await policyRules(policy.id)).toEqual([
      expect.objectContaining({
        policy: policy.id,
        collection: 'articles',
        action: 'read',
        fields: ['id', 'title'],
        permissions: { status: { _eq: 'published' } },
      }),
    ]);
    expect((await readArticles(writer)).status).toBe(403);

    await page
      .getByRole('form', { name: 'Attach to a role' })
      .getByLabel('Role to attach')
      .selectOption({ label: 'Writers' });
    await page.getByRole('button', { name: 'Attach to the role' }).click();
    await page.getByRole('status').filter({ hasText: 'Attached to Writers.' }).waitFor();
    await page.getByRole('list', { name: 'Roles with this policy' }).getByRole('link', { name: 'Writers' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(
      (await t.as('admin').get(`/roles/${role}?fields=policies.policy,policies.sort`).expect(200)).body.data.policies,
    ).toEqual([{ policy: policy.id, sort: 1 }]);
    const read = await readArticles(writer);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([
      { id: 2, title: 'Out now' },
      { id: 4, title: 'Also out' },
    ]);

    await page.getByRole('button', { name: 'Detach Writers' }).click();
    await page.getByRole('status').filter({ hasText: 'Detached from Writers.' }).waitFor();
    expect((await t.as('admin').get(`/roles/${role}?fields=policies.id`).expect(200)).body.data.policies).toEqual([]);
    expect((await readArticles(writer)).status).toBe(403);
  });

  it('attaches a policy to a user of no role from the policy page, and detaches it', async () => {
    const page = studio.page;
    const user = await createUser(t, { role: null, email: 'solo@example.com' });
    const policy = await newPolicy({
      name: 'Solo reader',
      permissions: [{ collection: 'articles', action: 'read', fields: ['id'] }],
    });
    await page.goto(`${studio.baseUrl}/admin/policies/${policy}`);
    await page
      .getByRole('form', { name: 'Attach to a user' })
      .getByLabel('User to attach')
      .selectOption({ label: 'solo@example.com' });
    await page.getByRole('button', { name: 'Attach to the user' }).click();
    await page.getByRole('status').filter({ hasText: 'Attached to solo@example.com.' }).waitFor();
    expect(
      (await t.as('admin').get(`/users/${user.id}?fields=policies.policy`).expect(200)).body.data.policies,
    ).toEqual([{ policy }]);
    expect((await readArticles(user)).body.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);

    await page.getByRole('button', { name: 'Detach solo@example.com' }).click();
    await page.getByRole('status').filter({ hasText: 'Detached from solo@example.com.' }).waitFor();
    expect((await readArticles(user)).status).toBe(403);
  });

  it("lists a user's own policies on the user page in the order they apply, attaches one more after them, and moves it up", async () => {
    const page = studio.page;
    const [first, second, third] = [
      await newPolicy({ name: 'First' }),
      await newPolicy({ name: 'Second' }),
      await newPolicy({ name: 'Third' }),
    ];
    const user = await createUser(t, {
      role: null,
      policies: [
        { policy: second, sort: 2 },
        { policy: first, sort: 1 },
      ],
    });
    await page.goto(`${studio.baseUrl}/admin/users/${user.id}`);
    const list = page.getByRole('list', { name: 'Attached policies' });
    await list.getByRole('link', { name: 'Second' }).waitFor();
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['First', 'Second']);
    await page.getByLabel('Policy to attach').selectOption({ label: 'Third' });
    await page.getByRole('button', { name: 'Attach policy' }).click();
    await page.getByRole('status').filter({ hasText: 'Policy Third attached.' }).waitFor();
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['First', 'Second', 'Third']);
    expect(await seriousViolations(page)).toEqual([]);
    const sorts = async () => {
      const rows = (await t.as('admin').get(`/users/${user.id}?fields=policies.policy,policies.sort`).expect(200)).body
        .data.policies;
      return Object.fromEntries(rows.map((r: { policy: string; sort: number }) => [r.policy, r.sort]));
    };
    expect(await sorts()).toEqual({ [first]: 1, [second]: 2, [third]: 3 });

    await page.getByRole('button', { name: 'Move Third up' }).click();
    await page.getByRole('status').filter({ hasText: 'Policy Third moved.' }).waitFor();
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['First', 'Third', 'Second']);
    expect(await sorts()).toEqual({ [first]: 1, [third]: 2, [second]: 3 });
    expect(await page.getByRole('button', { name: 'Move First up' }).isDisabled()).toBe(true);
  });

  it("edits a policy's flags and allowed addresses, and a rule's presets", async () => {
    const page = studio.page;
    const policy = await newPolicy({ name: 'Flags' });
    await page.goto(`${studio.baseUrl}/admin/policies/${policy}`);
    const form = page.getByRole('form', { name: 'Policy' });
    await form.getByLabel('Icon').fill('lock');
    await form.getByLabel(/Allowed addresses/).fill('10.0.0.0/8, 127.0.0.1');
    await form.getByLabel('Require two-factor sign-in').check();
    await form.getByLabel('App access').check();
    await form.getByRole('button', { name: 'Save policy' }).click();
    await page.getByRole('status').filter({ hasText: 'Policy saved.' }).waitFor();
    const saved = (await t.as('admin').get(`/policies/${policy}`).expect(200)).body.data;
    expect(saved).toMatchObject({
      icon: 'lock',
      ip_access: ['10.0.0.0/8', '127.0.0.1'],
      enforce_tfa: true,
      app_access: true,
      admin_access: false,
    });

    await page.getByLabel('create on articles', { exact: true }).selectOption('custom');
    const editor = page.getByRole('form', { name: 'Custom create on articles' });
    await editor.getByLabel(/Presets/).fill('[1]');
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await editor.getByRole('alert').filter({ hasText: 'The presets must be a JSON object of field values.' }).waitFor();
    await editor.getByLabel(/Presets/).fill('{"status": "draft"}');
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('status').filter({ hasText: 'create on articles: custom saved.' }).waitFor();
    expect(await policyRules(policy)).toEqual([
      expect.objectContaining({ action: 'create', fields: ['*'], presets: { status: 'draft' } }),
    ]);
  });

  it('deletes a policy after a confirmation naming it', async () => {
    const page = studio.page;
    const policy = await newPolicy({ name: 'Short-lived policy' });
    await page.goto(`${studio.baseUrl}/admin/policies`);
    const asked = page.waitForEvent('dialog').then(async (dialog) => (await dialog.dismiss(), dialog.message()));
    await page.getByRole('button', { name: 'Delete Short-lived policy' }).click();
    expect(await asked).toContain('"Short-lived policy"');
    await t.as('admin').get(`/policies/${policy}`).expect(200);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Short-lived policy' }).click();
    await page.getByRole('status').filter({ hasText: 'Policy Short-lived policy deleted.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await t.as('admin').get(`/policies?filter[id][_eq]=${policy}`).expect(200)).body.data).toEqual([]);
  });
});
