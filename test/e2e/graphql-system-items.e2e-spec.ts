import { createCollection } from '../factories/collection.factory';
import { createUser, grant } from '../factories/user.factory';
import { uniq } from '../helpers/uniq';
import { createTestApp, TestApp } from '../helpers/test-app';

/**
 * API.md 11 over POST /graphql/system: the system collections' items (`users`, `users_by_id`,
 * `users_me`, `roles`, `files`, `activity`, ...) read as their REST routes read them, with the same
 * permissions and the same concealed secrets.
 */
describe('POST /graphql/system system collection items', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof createUser>>;
  let fileId: string;

  const run = (who: string, query: string, variables: Record<string, unknown> = {}) =>
    t.as(who).post('/graphql/system').send({ query, variables });

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t, { first_name: 'Grace', last_name: 'Hopper' });
    user.token = await t.login(user.email, user.password);
    const upload = await t
      .as('admin')
      .post('/files')
      .attach('file', Buffer.from('hello'), { filename: 'hello.txt', contentType: 'text/plain' });
    fileId = upload.body.data.id;
  });
  afterAll(() => t.close());

  it('lists users as GET /users does, with their role and the password concealed', async () => {
    const res = await run('admin', '{ users(sort: ["email"]) { id email password first_name role { name } } }');
    const rest = await t.as('admin').get('/users?sort=email&fields=id,email,password,first_name,role.name');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.users).toEqual(rest.body.data);
    expect(res.body.data.users).toContainEqual(
      expect.objectContaining({ email: user.email, first_name: 'Grace', password: '**********' }),
    );
  });

  it('reads one user by id and the caller as users_me, as REST does', async () => {
    const byId = await run('admin', 'query($id: ID!) { users_by_id(id: $id) { email last_name } }', { id: user.id });
    expect(byId.body.data.users_by_id).toEqual({ email: user.email, last_name: 'Hopper' });
    const me = await run(user.token, '{ users_me { id email } }');
    expect(me.body.errors).toBeUndefined();
    expect(me.body.data.users_me).toEqual({ id: user.id, email: user.email });
    expect((await t.as(user.token).get('/users/me?fields=id,email')).body.data).toEqual(me.body.data.users_me);
  });

  it('answers users_me without a signed-in user with INVALID_CREDENTIALS', async () => {
    const res = await run('anonymous', '{ users_me { id } }');
    expect(res.status).toBe(200);
    expect(res.body.data.users_me).toBeNull();
    expect(res.body.errors[0].extensions.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses permissions and other roles than the own to a non-admin, as their REST routes do', async () => {
    const res = await run(user.token, '{ permissions_aggregated { count { id } } }');
    expect(res.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['FORBIDDEN']);
    // App access reads the own role (as the reference), here that of the factory's fresh role.
    const own = await run(user.token, '{ roles { id } }');
    expect(own.body.data.roles).toEqual([{ id: user.role }]);
    expect((await t.as(user.token).get('/roles?fields=id')).body.data).toEqual(own.body.data.roles);
    const admin = await run('admin', '{ roles { name } }');
    expect(admin.body.data.roles).toEqual((await t.as('admin').get('/roles?fields=name')).body.data);
  });

  it("answers a user's files within their read permission: FORBIDDEN without one, the rows with one", async () => {
    const before = await run(user.token, '{ files { id } }');
    expect(before.body.errors[0].extensions.code).toBe('FORBIDDEN');
    await grant(t, user.role, 'svc_files', 'read');
    const after = await run(
      user.token,
      'query($id: ID!) { files { id filename_download } files_by_id(id: $id) { type filesize } }',
      { id: fileId },
    );
    expect(after.body.errors).toBeUndefined();
    expect(after.body.data.files).toContainEqual({ id: fileId, filename_download: 'hello.txt' });
    // filesize is a bigInteger: GraphQL's BigInt answers it as a string, as for user collections.
    expect(after.body.data.files_by_id).toEqual({ type: 'text/plain', filesize: '5' });
  });

  it('filters, sorts and aggregates activity as GET /activity does', async () => {
    const query =
      '{ activity(filter: { collection: { _eq: "svc_files" } }, sort: ["-id"], limit: 1) { action collection item } activity_aggregated { count { id } } }';
    const res = await run('admin', query);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.activity).toEqual([{ action: 'create', collection: 'svc_files', item: fileId }]);
    const total = (await t.as('admin').get('/activity?aggregate[count]=id')).body.data[0].count.id;
    expect(Number(res.body.data.activity_aggregated[0].count.id)).toBe(Number(total));
  });

  it('reads the settings for any signed-in user, as GET /settings does, and refuses them to anonymous callers', async () => {
    const res = await run(user.token, '{ settings { project_name project_color } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.settings).toEqual(
      (await t.as(user.token).get('/settings?fields=project_name,project_color')).body.data,
    );
    const anonymous = await run('anonymous', '{ settings { project_name } }');
    expect(anonymous.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('creates, updates and deletes roles as an admin, each change seen by GET /roles, and refuses them to anyone else', async () => {
    const created = await run(
      'admin',
      'mutation { create_roles_item(data: { name: "Reviewers", app_access: true }) { id name } }',
    );
    expect(created.body.errors).toBeUndefined();
    const id = created.body.data.create_roles_item.id;
    expect((await t.as('admin').get(`/roles/${id}?fields=name,app_access`)).body.data).toEqual({
      name: 'Reviewers',
      app_access: true,
    });
    const updated = await run(
      'admin',
      'mutation($id: ID!) { update_roles_item(id: $id, data: { name: "Editors" }) { name } }',
      { id },
    );
    expect(updated.body.data.update_roles_item).toEqual({ name: 'Editors' });
    expect((await t.as('admin').get(`/roles/${id}?fields=name`)).body.data.name).toBe('Editors');
    const refused = await run(user.token, 'mutation($id: ID!) { delete_roles_item(id: $id) { id } }', { id });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.as('admin').get(`/roles/${id}`)).status).toBe(200);
    const deleted = await run('admin', 'mutation($id: ID!) { delete_roles_item(id: $id) { id } }', { id });
    expect(deleted.body.data.delete_roles_item).toEqual({ id });
    expect((await t.as('admin').get(`/roles/${id}`)).status).toBe(403);
  });

  it('writes translations in batches and the settings, as their REST routes do', async () => {
    const res = await run(
      'admin',
      'mutation { create_translations_items(data: [{ language: "fr-FR", key: "hello", value: "Bonjour" }, { language: "de-DE", key: "hello", value: "Hallo" }]) { language value } }',
    );
    expect(res.body.errors).toBeUndefined();
    // Read back by their keys (random UUIDs): not necessarily in the order given.
    const byLanguage = (a: { language: string }, b: { language: string }) => a.language.localeCompare(b.language);
    expect([...res.body.data.create_translations_items].sort(byLanguage)).toEqual([
      { language: 'de-DE', value: 'Hallo' },
      { language: 'fr-FR', value: 'Bonjour' },
    ]);
    expect(
      (await t.as('admin').get('/translations?filter[key][_eq]=hello&sort=language&fields=language,value')).body.data,
    ).toEqual([
      { language: 'de-DE', value: 'Hallo' },
      { language: 'fr-FR', value: 'Bonjour' },
    ]);
    const settings = await run(
      'admin',
      'mutation { update_settings(data: { project_name: "Renamed" }) { project_name } }',
    );
    expect(settings.body.data.update_settings).toEqual({ project_name: 'Renamed' });
    expect((await t.as(user.token).get('/settings?fields=project_name')).body.data.project_name).toBe('Renamed');
    const refused = await run(
      user.token,
      'mutation { update_settings(data: { project_name: "Mine" }) { project_name } }',
    );
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.as(user.token).patch('/settings').send({ project_name: 'Mine' })).status).toBe(403);
    expect((await t.as('admin').get('/settings?fields=project_name')).body.data.project_name).toBe('Renamed');
  });

  it("creates and reads versions with the versions' own rules, as /versions does", async () => {
    const articles = await createCollection(t, uniq('articles'), [{ field: 'title', type: 'string' }], {
      versioning: true,
    });
    const plain = await createCollection(t, uniq('plain'), [{ field: 'title', type: 'string' }]);
    const item = String((await t.as('admin').post(`/items/${articles}`).send({ title: 'Main' })).body.data.id);
    const created = await run(
      'admin',
      'mutation($c: String!, $i: String!) { create_versions_item(data: { key: "draft", name: "Draft", collection: $c, item: $i }) { id key collection item } }',
      {
        c: articles,
        i: item,
      },
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.create_versions_item).toMatchObject({ key: 'draft', collection: articles, item });
    const listed = await run(
      'admin',
      'query($c: String!) { versions(filter: { collection: { _eq: $c } }) { id key name } }',
      { c: articles },
    );
    expect(listed.body.data.versions).toEqual(
      (await t.as('admin').get(`/versions?filter[collection][_eq]=${articles}&fields=id,key,name`)).body.data,
    );
    // A collection without versioning is refused as POST /versions refuses it (422).
    const plainItem = String((await t.as('admin').post(`/items/${plain}`).send({ title: 'x' })).body.data.id);
    const refused = await run(
      'admin',
      'mutation($c: String!, $i: String!) { create_versions_item(data: { key: "k", collection: $c, item: $i }) { id } }',
      { c: plain, i: plainItem },
    );
    expect(refused.body.errors[0].extensions.code).toBe('UNPROCESSABLE_CONTENT');
    expect((await t.as('admin').get(`/versions?filter[collection][_eq]=${plain}`)).body.data).toEqual([]);
  });
});
