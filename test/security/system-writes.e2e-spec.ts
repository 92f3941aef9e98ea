import { DataSource } from 'typeorm';
import { createPublishedAndDraft } from '../factories/collection.factory';
import { createRole, createUser, CreatedUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** The body every client of the reference platform 11/12 sends to grant a read: a policy (here one that does not exist), no role. */
const referencePermission = (collection: string) => ({
  policy: '00000000-0000-4000-8000-000000000001',
  collection,
  action: 'read',
  fields: ['*'],
});

/** Active users of a role an admin policy is attached to, counted in the database itself. */
async function activeAdmins(t: TestApp): Promise<number> {
  const yes = t.config.db.client === 'postgres' ? 'true' : '1';
  const rows: { n: number | string }[] = await t.app
    .get(DataSource)
    .query(
      `SELECT COUNT(DISTINCT u.id) AS n FROM svc_users u INNER JOIN svc_access a ON a.role = u.role INNER JOIN svc_policies p ON p.id = a.policy WHERE u.status = 'active' AND p.admin_access = ${yes}`,
    );
  return Number(rows[0].n);
}

/** A 400 INVALID_PAYLOAD whose message names every one of `names`. */
async function expectNamed(response: PromiseLike<{ status: number; body: any }>, names: string[]): Promise<void> {
  const res = await expectError(response, 400, 'INVALID_PAYLOAD');
  for (const name of names) expect(res.body.errors[0].message).toContain(`"${name}"`);
}

describe('writes to system collections', () => {
  let t: TestApp;
  let articles: string;
  let published: number;
  let adminId: string;
  let adminRole: string;
  let editorRole: string;
  let editor: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    ({ articles, published } = await createPublishedAndDraft(t));
    const me = (await t.as('admin').get('/users/me?fields=id,role')).body.data;
    adminId = me.id;
    adminRole = me.role;
    editorRole = await createRole(t);
    editor = await createUser(t, editorRole);
  });
  afterAll(() => t.close());

  describe('a permission names its policy or role', () => {
    it("refuses the reference client's policy body naming a policy that does not exist, and anonymous callers still cannot read", async () => {
      await expectError(
        t.as('admin').post('/permissions').send(referencePermission(articles)),
        400,
        'INVALID_FOREIGN_KEY',
      );
      await expectError(t.as('anonymous').get(`/items/${articles}`), 403, 'FORBIDDEN');
      const stored = await t.as('admin').get(`/permissions?filter[collection][_eq]=${articles}`);
      expect(stored.body.data).toEqual([]);
    });

    it('refuses a permission without `policy` or `role`, and takes an explicit null as the public role', async () => {
      await expectNamed(
        t
          .as('admin')
          .post('/permissions')
          .send({ collection: articles, action: 'read', fields: ['*'] }),
        ['policy'],
      );
      await expectNamed(
        t
          .as('admin')
          .post('/permissions')
          .send([
            { role: editorRole, collection: articles, action: 'read' },
            { collection: articles, action: 'read' },
          ]),
        ['policy'],
      );
      await expectError(t.as('anonymous').get(`/items/${articles}`), 403, 'FORBIDDEN');
      const res = await t
        .as('admin')
        .post('/permissions')
        .send({ role: null, collection: articles, action: 'read', fields: ['*'] });
      expect([res.status, res.body.data.role]).toEqual([200, null]);
      expect((await t.as('anonymous').get(`/items/${articles}/${published}`)).status).toBe(200);
      await t.as('admin').delete(`/permissions/${res.body.data.id}`).expect(204);
    });

    it('refuses it through GraphQL too', async () => {
      const res = await t
        .as('admin')
        .post('/graphql/system')
        .send({
          query: `mutation { create_permissions_item(data: { collection: "${articles}", action: "read" }) { id } }`,
        });
      expect(res.body.errors?.[0]?.extensions?.code).toBe('INVALID_PAYLOAD');
      expect(res.body.errors[0].message).toContain('"policy"');
    });
  });

  describe('unknown properties are refused, every one named', () => {
    const bogus = { bogus_one: 1, bogus_two: 'x' };
    /** [what, method, path, a valid body]: the path and body are made once the fixtures exist. */
    const routes: [string, 'post' | 'patch', () => Promise<string>, () => unknown][] = [
      ['create a role', 'post', async () => '/roles', () => ({ name: uniq('role') })],
      ['update a role', 'patch', async () => `/roles/${editorRole}`, () => ({ name: uniq('role') })],
      [
        'update roles by keys',
        'patch',
        async () => '/roles',
        () => ({ keys: [editorRole], data: { name: uniq('role'), ...bogus } }),
      ],
      [
        'create roles in a batch',
        'post',
        async () => '/roles',
        () => [{ name: uniq('role') }, { name: uniq('role'), ...bogus }],
      ],
      [
        'create a permission',
        'post',
        async () => '/permissions',
        () => ({ role: editorRole, collection: articles, action: 'read' }),
      ],
      [
        'create a user',
        'post',
        async () => '/users',
        () => ({ email: `${uniq('u')}@example.com`, password: 'secret-password-1', role: editorRole }),
      ],
      ['update a user', 'patch', async () => `/users/${editor.id}`, () => ({ first_name: 'Ann' })],
      [
        'update users by keys',
        'patch',
        async () => '/users',
        () => ({ keys: [editor.id], data: { first_name: 'Ann', ...bogus } }),
      ],
      [
        'update users in a batch',
        'patch',
        async () => '/users',
        () => [{ id: editor.id, first_name: 'Ann', ...bogus }],
      ],
      ['update my own user', 'patch', async () => '/users/me', () => ({ first_name: 'Me' })],
      ['update the settings', 'patch', async () => '/settings', () => ({ project_name: 'Vellum' })],
      ['create a preset', 'post', async () => '/presets', () => ({ collection: articles, layout: 'tabular' })],
      ['create a folder', 'post', async () => '/folders', () => ({ name: uniq('folder') })],
      [
        'update a folder',
        'patch',
        async () =>
          `/folders/${
            (
              await t
                .as('admin')
                .post('/folders')
                .send({ name: uniq('f') })
            ).body.data.id
          }`,
        () => ({ name: 'renamed' }),
      ],
      [
        'create a file record',
        'post',
        async () => '/files',
        () => ({ type: 'text/plain', storage: 'local', title: 'notes' }),
      ],
      [
        'update a file',
        'patch',
        async () =>
          `/files/${(await t.as('admin').post('/files').send({ type: 'text/plain', storage: 'local' })).body.data.id}`,
        () => ({ title: 'notes' }),
      ],
      ['create a share', 'post', async () => '/shares', () => ({ collection: articles, item: String(published) })],
      [
        'create a comment',
        'post',
        async () => '/comments',
        () => ({ collection: articles, item: String(published), comment: 'hi' }),
      ],
      ['create a dashboard', 'post', async () => '/dashboards', () => ({ name: uniq('board') })],
      [
        'create a notification',
        'post',
        async () => '/notifications',
        () => ({ recipient: editor.id, subject: 'hello' }),
      ],
      [
        'create a translation',
        'post',
        async () => '/translations',
        () => ({ language: 'en-US', key: uniq('k'), value: 'v' }),
      ],
      [
        'create a version',
        'post',
        async () => '/versions',
        () => ({ key: uniq('v'), collection: articles, item: String(published) }),
      ],
    ];

    it.each(routes)('%s', async (_, method, path, body) => {
      const given = body();
      const sent =
        Array.isArray(given) || (given as { keys?: unknown }).keys ? given : { ...(given as object), ...bogus };
      const admin = t.as('admin');
      await expectNamed(admin[method](await path()).send(sent as object), Object.keys(bogus));
    });

    it('creates panels through their dashboard and users through their role (relational aliases)', async () => {
      const board = await t
        .as('admin')
        .post('/dashboards')
        .send({ name: uniq('board'), panels: [{ type: 'label', width: 4, height: 4, position_x: 1, position_y: 1 }] });
      expect([board.status, board.body.data.panels]).toEqual([200, [expect.any(String)]]);
      const moved = await createUser(t, { role: editorRole });
      const role = await t
        .as('admin')
        .post('/roles?fields=id,users')
        .send({ name: uniq('role'), users: [moved.id] });
      expect([role.status, role.body.data.users]).toEqual([200, [moved.id]]);
    });
  });

  describe('the last active admin, whoever writes', () => {
    let updater: CreatedUser;
    let demoted: string;
    beforeAll(async () => {
      const role = await createRole(t);
      await grant(t, role, 'svc_users', 'read');
      await grant(t, role, 'svc_users', 'update');
      await grant(t, role, 'svc_users', 'delete');
      updater = await createUser(t, role);
      demoted = await createRole(t);
    });

    it('cannot be suspended, demoted or deleted by a non-admin with update on svc_users, who may not touch an admin at all', async () => {
      expect(await activeAdmins(t)).toBe(1);
      await expectError(t.as(updater.token).patch(`/users/${adminId}`).send({ status: 'suspended' }), 403, 'FORBIDDEN');
      await expectError(t.as(updater.token).patch(`/users/${adminId}`).send({ role: demoted }), 403, 'FORBIDDEN');
      await expectError(
        t
          .as(updater.token)
          .patch('/users')
          .send({ keys: [adminId], data: { role: null } }),
        403,
        'FORBIDDEN',
      );
      await expectError(t.as(updater.token).delete(`/users/${adminId}`), 403, 'FORBIDDEN');
      expect((await t.as('admin').get(`/users/${adminId}?fields=status,role`)).body.data).toEqual({
        status: 'active',
        role: adminRole,
      });
    });

    it('keeps one admin when two are demoted at the same time', async () => {
      const second = await createUser(t, adminRole);
      const answers = await Promise.all(
        [adminId, second.id].map((id) => t.as('admin').patch(`/users/${id}`).send({ role: demoted })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(await activeAdmins(t)).toBe(1);
      // Back to one admin, the bootstrap one, for the cases after this one.
      const kept = answers[0].status === 200 ? second.id : adminId;
      if (kept !== adminId) await t.as(second.token).patch(`/users/${adminId}`).send({ role: adminRole }).expect(200);
      await t.as('admin').patch(`/users/${second.id}`).send({ role: demoted }).expect(200);
      expect(await activeAdmins(t)).toBe(1);
    });

    it('may not touch a user who is an admin through a policy of their own, and still writes to other users', async () => {
      const adminPolicy = (
        await t
          .as('admin')
          .post('/policies')
          .send({ name: uniq('admins'), admin_access: true })
          .expect(200)
      ).body.data.id;
      const own = await createUser(t, { role: demoted, policies: [{ policy: adminPolicy }] });
      const plain = await createUser(t, { role: demoted });
      try {
        await expectError(t.as(updater.token).patch(`/users/${own.id}`).send({ first_name: 'x' }), 403, 'FORBIDDEN');
        await expectError(
          t
            .as(updater.token)
            .patch('/users')
            .send({ keys: [plain.id, own.id], data: { first_name: 'x' } }),
          403,
          'FORBIDDEN',
        );
        await t.as(updater.token).patch(`/users/${plain.id}`).send({ first_name: 'y' }).expect(200);
      } finally {
        await t.as('admin').delete(`/policies/${adminPolicy}`).expect(204);
      }
    });
  });
});

describe('an admin write to a user and the data cache', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('drops the cached read of the user', async () => {
    t = await createTestApp({
      env: { CACHE_ENABLED: 'true', CACHE_STATUS_HEADER: 'X-Cache', CACHE_STORE: 'memory', CACHE_TTL: '5m' },
    });
    const user = await createUser(t, { first_name: 'Before' });
    const read = () => t.as('admin').get(`/users/${user.id}?fields=first_name`);
    expect((await read()).body.data.first_name).toBe('Before');
    expect((await read()).headers['x-cache']).toBe('HIT');
    await t.as('admin').patch(`/users/${user.id}`).send({ first_name: 'After' }).expect(200);
    expect((await read()).body.data.first_name).toBe('After');
  });
});
