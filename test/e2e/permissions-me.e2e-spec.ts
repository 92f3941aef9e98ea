import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('GET /permissions/me', () => {
  let t: TestApp;
  let docs: string;
  let editor: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    docs = await createCollection(t, uniq('docs'), [
      { field: 'title', type: 'string' },
      { field: 'status', type: 'string' },
    ]);
    const role = await createRole(t);
    editor = await createUser(t, role);
    await grant(t, role, docs, 'read', { fields: ['id', 'title', 'status'] });
    await grant(t, role, docs, 'update', {
      fields: ['title'],
      permissions: { status: { _eq: 'draft' } },
      presets: { status: 'draft' },
    });
    await grant(t, null, docs, 'read', { fields: ['title'], permissions: { status: { _eq: 'published' } } });
  });
  afterAll(() => t.close());

  it("answers a user's access per action, with the fields, the presets and none where no rule exists", async () => {
    const res = await t.as(editor.token).get('/permissions/me').expect(200);
    // The role has app access: what it grants by itself is part of the user's access, as in the reference.
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        docs,
        'svc_access',
        'svc_activity',
        'svc_collections',
        'svc_comments',
        'svc_fields',
        'svc_notifications',
        'svc_policies',
        'svc_presets',
        'svc_relations',
        'svc_roles',
        'svc_settings',
        'svc_shares',
        'svc_translations',
        'svc_users',
      ].sort(),
    );
    expect(res.body.data.svc_users.read).toEqual({
      access: 'partial',
      fields: expect.arrayContaining(['id', 'email']),
    });
    expect(res.body.data.svc_users.update).toEqual({ access: 'none' });
    expect(res.body.data.svc_notifications.update).toEqual({ access: 'partial', fields: ['status'] });
    expect(res.body.data.svc_presets.delete).toEqual({ access: 'partial', fields: ['*'] });
    expect(res.body.data.svc_comments.update).toEqual({ access: 'partial', fields: ['comment'] });
    expect(res.body.data.svc_translations.read).toEqual({ access: 'full', fields: ['*'] });
    expect(res.body.data[docs]).toEqual({
      create: { access: 'none' },
      read: { access: 'full', fields: ['id', 'title', 'status'] },
      update: { access: 'partial', fields: ['title'], presets: { status: 'draft' } },
      delete: { access: 'none' },
      share: { access: 'none' },
    });
  });

  it('answers a user without app access only the rules of its role', async () => {
    const role = await createRole(t, { app_access: false });
    const user = await createUser(t, role);
    await grant(t, role, docs, 'read', { fields: ['title'] });
    const res = await t.as(user.token).get('/permissions/me').expect(200);
    expect(Object.keys(res.body.data)).toEqual([docs]);
  });

  it('answers an admin full access on every collection, system ones included', async () => {
    const res = await t.as('admin').get('/permissions/me').expect(200);
    expect(res.body.data[docs].delete).toEqual({ access: 'full', fields: ['*'] });
    expect(res.body.data.svc_users.update).toEqual({ access: 'full', fields: ['*'] });
  });

  it("answers an anonymous caller the public role's access", async () => {
    const res = await t.as('anonymous').get('/permissions/me').expect(200);
    expect(res.body.data).toEqual({
      [docs]: expect.objectContaining({ read: { access: 'partial', fields: ['title'] }, update: { access: 'none' } }),
    });
  });

  it('still keeps the permission rows themselves for admins', async () => {
    const res = await t.as(editor.token).get('/permissions');
    expect(res.status).toBe(403);
  });
});
