import { createPartlyReadableSchema } from '../factories/schema.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

const names = (list: { collection: string }[]) => [...new Set(list.map((c) => c.collection))].sort();
const own = (list: { collection: string }[]) => names(list).filter((n) => !n.startsWith('svc_'));

/** The system collections app access lets a user read by itself (of those Vellum has). */
// App access reads the user's own policies and access rows, as on the reference platform.
const APP_SYSTEM = [
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
];

describe('collections, fields and relations as a non-admin reads them', () => {
  let t: TestApp;
  let authors: string;
  let posts: string;
  let secret: string;
  let editor: { id: string; token: string };
  let apiOnly: { id: string; token: string };
  let apiOnlyRole: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ authors, posts, secret, editor } = await createPartlyReadableSchema(t));
    apiOnlyRole = await createRole(t, { app_access: false });
    apiOnly = await createUser(t, apiOnlyRole);
    await grant(t, apiOnlyRole, posts, 'read', { fields: ['id', 'title', 'author'] });
  });
  afterAll(() => t.close());

  describe('a user with app access', () => {
    it('lists the collections with a read rule and the system ones app access grants', async () => {
      const res = await t.as(editor.token).get('/collections').expect(200);
      expect(own(res.body.data)).toEqual([authors, posts].sort());
      expect(names(res.body.data).filter((n) => n.startsWith('svc_'))).toEqual(APP_SYSTEM);
      await t.as(editor.token).get(`/collections/${posts}`).expect(200);
      await t.as(editor.token).get('/collections/svc_users').expect(200);
      await expectError(t.as(editor.token).get(`/collections/${secret}`), 403, 'FORBIDDEN');
      await expectError(t.as(editor.token).get('/collections/svc_permissions'), 403, 'FORBIDDEN');
    });

    it('lists only the fields the read rules allow, system ones included', async () => {
      const res = await t.as(editor.token).get(`/fields/${posts}`).expect(200);
      expect(res.body.data.map((f: { field: string }) => f.field)).toEqual(['id', 'title', 'author']);
      await expectError(t.as(editor.token).get(`/fields/${posts}/body`), 403, 'FORBIDDEN');
      await expectError(t.as(editor.token).get(`/fields/${secret}`), 403, 'FORBIDDEN');
      const all = await t.as(editor.token).get('/fields').expect(200);
      expect(names(all.body.data)).toEqual([posts, authors, ...APP_SYSTEM].sort());
      const users = (await t.as(editor.token).get('/fields/svc_users').expect(200)).body.data.map(
        (f: { field: string }) => f.field,
      );
      expect(users).toEqual(expect.arrayContaining(['id', 'email', 'first_name', 'role']));
      expect(users).not.toContain('token');
      expect(users).not.toContain('auth_data');
      await expectError(t.as(editor.token).get('/fields/svc_users/token'), 403, 'FORBIDDEN');
    });

    it('lists the relations of readable fields', async () => {
      const res = await t.as(editor.token).get('/relations').expect(200);
      const ownRelations = res.body.data.filter((r: { collection: string }) => !r.collection.startsWith('svc_'));
      expect(ownRelations).toEqual([
        expect.objectContaining({ collection: posts, field: 'author', related_collection: authors }),
      ]);
      expect(res.body.data).toContainEqual(
        expect.objectContaining({ collection: 'svc_users', field: 'role', related_collection: 'svc_roles' }),
      );
      await t.as(editor.token).get(`/relations/${posts}/author`).expect(200);
    });

    it('hides a relation whose other side the user may not read, as the reference', async () => {
      const role = await createRole(t);
      const user = await createUser(t, role);
      await grant(t, role, posts, 'read', { fields: ['id', 'title', 'author'] });
      await grant(t, role, authors, 'read', { fields: ['id', 'name'] });
      const res = await t.as(user.token).get('/relations').expect(200);
      expect(res.body.data.filter((r: { collection: string }) => !r.collection.startsWith('svc_'))).toEqual([]);
      await expectError(t.as(user.token).get(`/relations/${posts}/author`), 403, 'FORBIDDEN');
      await t.as(user.token).get(`/fields/${posts}/author`).expect(200);
    });

    it('lists the folder of a readable collection with it', async () => {
      const folder = uniq('folder');
      await t.as('admin').post('/collections').send({ collection: folder, meta: {}, schema: null }).expect(200);
      await t
        .as('admin')
        .patch(`/collections/${posts}`)
        .send({ meta: { group: folder } })
        .expect(200);
      const res = await t.as(editor.token).get('/collections').expect(200);
      expect(own(res.body.data)).toEqual([authors, folder, posts].sort());
      await t
        .as('admin')
        .patch(`/collections/${posts}`)
        .send({ meta: { group: null } })
        .expect(200);
    });
  });

  describe('a caller without app access', () => {
    it('is refused the lists even with read rules on collections', async () => {
      for (const path of [
        '/collections',
        `/collections/${posts}`,
        '/fields',
        `/fields/${posts}`,
        '/relations',
        `/relations/${posts}`,
        `/relations/${posts}/author`,
      ]) {
        await expectError(t.as(apiOnly.token).get(path), 403, 'FORBIDDEN');
      }
    });

    it('still reads one field of a collection it may read', async () => {
      const res = await t.as(apiOnly.token).get(`/fields/${posts}/title`).expect(200);
      expect(res.body.data).toMatchObject({ collection: posts, field: 'title', type: 'string' });
      await expectError(t.as(apiOnly.token).get(`/fields/${posts}/body`), 403, 'FORBIDDEN');
    });

    it('lists what it may read once granted the metadata collection', async () => {
      const role = await createRole(t, { app_access: false });
      const user = await createUser(t, role);
      await grant(t, role, authors, 'read');
      await grant(t, role, 'svc_collections', 'read');
      await grant(t, role, 'svc_fields', 'read');
      expect(names((await t.as(user.token).get('/collections').expect(200)).body.data)).toEqual(
        [authors, 'svc_collections', 'svc_fields'].sort(),
      );
      expect(names((await t.as(user.token).get('/fields').expect(200)).body.data)).toEqual(
        [authors, 'svc_collections', 'svc_fields'].sort(),
      );
      await expectError(t.as(user.token).get('/relations'), 403, 'FORBIDDEN');
    });

    it('refuses the public and a user without a role', async () => {
      const noRole = await createUser(t, null);
      for (const who of ['anonymous', noRole.token]) {
        for (const path of ['/collections', '/fields', `/fields/${posts}`, '/relations'])
          await expectError(t.as(who).get(path), 403, 'FORBIDDEN');
      }
    });
  });

  it('refuses every change to a non-admin', async () => {
    await expectError(
      t
        .as(editor.token)
        .post('/collections')
        .send({ collection: uniq('x') }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t
        .as(editor.token)
        .patch(`/fields/${posts}/title`)
        .send({ meta: { note: 'x' } }),
      403,
      'FORBIDDEN',
    );
    await expectError(t.as(editor.token).delete(`/relations/${posts}/author`), 403, 'FORBIDDEN');
    await t.as('admin').get(`/relations/${posts}/author`).expect(200);
  });
});
