import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('permissions', () => {
  let t: TestApp;
  let docs: string;
  let role: string;
  let editor: { id: string; token: string };
  let other: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    docs = await createCollection(t, uniq('docs'), [
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
      { field: 'status', type: 'string', schema: { default_value: 'draft' } },
      { field: 'owner', type: 'uuid', meta: { special: ['user-created'] } },
    ]);
    role = await createRole(t);
    editor = await createUser(t, role);
    other = await createUser(t, role);
    await t
      .as('admin')
      .post(`/items/${docs}`)
      .send([
        { title: 'pub', body: 'b1', status: 'published' },
        { title: 'draft', body: 'b2', status: 'draft' },
      ]);
    await grant(t, role, docs, 'read', {
      fields: ['id', 'title', 'status', 'owner'],
      permissions: { _or: [{ status: { _eq: 'published' } }, { owner: { _eq: '$CURRENT_USER' } }] },
    });
    await grant(t, role, docs, 'create', {
      fields: ['title', 'body'],
      presets: { status: 'review' },
      validation: { title: { _nnull: true } },
    });
    await grant(t, role, docs, 'update', { fields: ['title'], permissions: { owner: { _eq: '$CURRENT_USER' } } });
  });
  afterAll(() => t.close());

  it('lets admins bypass every rule', async () => {
    const res = await t.as('admin').get(`/items/${docs}?fields=title,body`);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        { title: 'pub', body: 'b1' },
        { title: 'draft', body: 'b2' },
      ]),
    );
  });

  it('applies the row filter and expands * to the allowed fields only', async () => {
    const res = await t.as(editor.token).get(`/items/${docs}?filter[title][_in]=pub,draft`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: expect.any(Number), title: 'pub', status: 'published', owner: expect.any(String) },
    ]);
  });

  it('answers a field outside the allow-list with 403', async () => {
    await expectError(t.as(editor.token).get(`/items/${docs}?fields=title,body`), 403, 'FORBIDDEN');
    await expectError(t.as(editor.token).get(`/items/${docs}?filter[body][_eq]=b1`), 403, 'FORBIDDEN');
  });

  it('answers a hidden item like a missing one: 403', async () => {
    const all = await t.as('admin').get(`/items/${docs}?filter[title][_eq]=draft&fields=id`);
    await expectError(t.as(editor.token).get(`/items/${docs}/${all.body.data[0].id}`), 403, 'FORBIDDEN');
    await expectError(t.as(editor.token).get(`/items/${docs}/987654`), 403, 'FORBIDDEN');
  });

  it('applies presets and validation on create, and refuses fields outside the allow-list', async () => {
    const res = await t.as(editor.token).post(`/items/${docs}`).send({ title: 'mine', body: 'x' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'mine', status: 'review', owner: editor.id });
    await expectError(
      t.as(editor.token).post(`/items/${docs}`).send({ title: 'x', status: 'published' }),
      403,
      'FORBIDDEN',
    );
    await expectError(t.as(editor.token).post(`/items/${docs}`).send({ title: 'x', nope: 1 }), 403, 'FORBIDDEN');
    const failed = await expectError(
      t.as(editor.token).post(`/items/${docs}`).send({ body: 'no title' }),
      400,
      'FAILED_VALIDATION',
    );
    expect(failed.body.errors[0].extensions.field).toBe('title');
  });

  it('updates only rows the update filter allows', async () => {
    const mine = (await t.as(editor.token).post(`/items/${docs}`).send({ title: 'editable' })).body.data.id;
    expect((await t.as(editor.token).patch(`/items/${docs}/${mine}`).send({ title: 'edited' })).body.data.title).toBe(
      'edited',
    );
    await expectError(t.as(other.token).patch(`/items/${docs}/${mine}`).send({ title: 'stolen' }), 403, 'FORBIDDEN');
    await expectError(
      t.as(editor.token).patch(`/items/${docs}/${mine}`).send({ body: 'not allowed' }),
      403,
      'FORBIDDEN',
    );
    const after = await t.as('admin').get(`/items/${docs}/${mine}?fields=title`);
    expect(after.body.data.title).toBe('edited');
  });

  it('refuses actions without a permission row', async () => {
    const pub = await t.as('admin').get(`/items/${docs}?filter[title][_eq]=pub&fields=id`);
    await expectError(t.as(editor.token).delete(`/items/${docs}/${pub.body.data[0].id}`), 403, 'FORBIDDEN');
  });

  it('answers 204 when the caller may write but not read back', async () => {
    const writer = await createRole(t);
    const user = await createUser(t, writer);
    await grant(t, writer, docs, 'create', { fields: ['*'] });
    const res = await t.as(user.token).post(`/items/${docs}`).send({ title: 'blind' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('serves the public role through permissions with role null', async () => {
    const open = await createCollection(t, uniq('open'), [{ field: 'name', type: 'string' }]);
    await t.as('admin').post(`/items/${open}`).send({ name: 'visible' });
    await expectError(t.as('anonymous').get(`/items/${open}`), 403, 'FORBIDDEN');
    await grant(t, null, open, 'read');
    expect((await t.as('anonymous').get(`/items/${open}?fields=name`)).body.data).toEqual([{ name: 'visible' }]);
  });

  it('resolves $CURRENT_USER.<field> and $CURRENT_ROLE.<field> in rules and filters', async () => {
    const teams = await createCollection(t, uniq('teams'), [
      { field: 'contact', type: 'string' },
      { field: 'role_name', type: 'string' },
    ]);
    const roleName = uniq('crew');
    const r = await createRole(t, { name: roleName });
    const member = await createUser(t, r);
    const email = member.email;
    await t
      .as('admin')
      .post(`/items/${teams}`)
      .send([
        { contact: email, role_name: 'x' },
        { contact: 'other@example.com', role_name: roleName },
        { contact: 'nobody', role_name: 'y' },
      ]);
    await grant(t, r, teams, 'read', {
      permissions: { _or: [{ contact: { _eq: '$CURRENT_USER.email' } }, { role_name: { _eq: '$CURRENT_ROLE.name' } }] },
    });
    const res = await t.as(member.token).get(`/items/${teams}?fields=contact&sort=id`);
    expect(res.body.data).toEqual([{ contact: email }, { contact: 'other@example.com' }]);
    const filtered = await t
      .as(member.token)
      .get(`/items/${teams}?fields=contact&filter[contact][_eq]=$CURRENT_USER.email`);
    expect(filtered.body.data).toEqual([{ contact: email }]);
  });

  it('enforces permissions on system collections too', async () => {
    const apiRole = await createRole(t, { app_access: false });
    const apiUser = await createUser(t, apiRole);
    await expectError(t.as(apiUser.token).get('/activity'), 403, 'FORBIDDEN');
    await expectError(t.as(apiUser.token).get('/users'), 403, 'FORBIDDEN');
    await grant(t, apiRole, 'svc_activity', 'read', { permissions: { user: { _eq: '$CURRENT_USER' } } });
    const res = await t.as(apiUser.token).get('/activity?fields=user');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((a: { user: string }) => a.user === apiUser.id)).toBe(true);
  });

  it('lets app access read its own user, its role through it, and its activity, and nothing else of the system', async () => {
    const activity = await t.as(editor.token).get('/activity?fields=user').expect(200);
    expect(activity.body.data.length).toBeGreaterThan(0);
    expect(activity.body.data.every((a: { user: string }) => a.user === editor.id)).toBe(true);
    expect((await t.as(editor.token).get('/users?fields=id,role.id').expect(200)).body.data).toEqual([
      { id: editor.id, role: { id: role } },
    ]);
    await expectError(t.as(editor.token).get('/users?fields=provider'), 403, 'FORBIDDEN');
    await expectError(t.as(editor.token).get('/permissions'), 403, 'FORBIDDEN');
    await expectError(t.as(editor.token).patch(`/users/${other.id}`).send({ first_name: 'x' }), 403, 'FORBIDDEN');
  });

  describe('/roles and /permissions', () => {
    it('lets admins manage roles', async () => {
      const created = await t.as('admin').post('/roles').send({ name: 'Reviewers', admin_access: false });
      expect(created.body.data).toMatchObject({
        id: expect.any(String),
        name: 'Reviewers',
        admin_access: false,
        app_access: false,
      });
      const id = created.body.data.id;
      expect((await t.as('admin').patch(`/roles/${id}`).send({ description: 'd' })).body.data.description).toBe('d');
      expect((await t.as('admin').get('/roles')).body.data.map((r: { id: string }) => r.id)).toContain(id);
      expect((await t.as('admin').delete(`/roles/${id}`)).status).toBe(204);
      await expectError(t.as('admin').get(`/roles/${id}`), 403, 'FORBIDDEN');
    });

    it('lets admins manage permissions and applies changes at once', async () => {
      const r = await createRole(t);
      const user = await createUser(t, r);
      await expectError(t.as(user.token).get(`/items/${docs}`), 403, 'FORBIDDEN');
      const id = await grant(t, r, docs, 'read', { fields: 'title' });
      const permission = await t.as('admin').get(`/permissions/${id}`);
      expect(permission.body.data).toMatchObject({ role: r, collection: docs, action: 'read', fields: ['title'] });
      expect((await t.as(user.token).get(`/items/${docs}?limit=1`)).body.data[0]).toEqual({
        title: expect.any(String),
      });
      await t.as('admin').delete(`/permissions/${id}`);
      await expectError(t.as(user.token).get(`/items/${docs}`), 403, 'FORBIDDEN');
    });

    it('is admin only, but for the own role app access reads (as the reference)', async () => {
      const roles = (await t.as(editor.token).get('/roles?fields=id').expect(200)).body.data;
      expect(roles).toEqual([{ id: (await t.as('admin').get(`/users/${editor.id}?fields=role`)).body.data.role }]);
      await expectError(t.as(editor.token).post('/roles').send({ name: 'x' }), 403, 'FORBIDDEN');
      await expectError(
        t.as(editor.token).post('/permissions').send({ collection: docs, action: 'read' }),
        403,
        'FORBIDDEN',
      );
      await expectError(t.as('anonymous').get('/permissions'), 403, 'FORBIDDEN');
    });
  });
});
