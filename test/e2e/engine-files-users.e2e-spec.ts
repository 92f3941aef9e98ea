import { StorageService } from '../../src/modules/files/storage/storage.service';
import { createRole, createUser, CreatedUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { DriverName, StorageEnv, storageEnv } from '../helpers/storage-env';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

const CONCEALED = '**********';

describe.each<DriverName>(['local', 's3'])('/files through the items engine on the %s driver', (driver) => {
  let t: TestApp;
  let storage: StorageEnv;
  const stored = () => t.app.get(StorageService).location('files').list('');

  beforeAll(async () => {
    storage = await storageEnv(driver);
    t = await createTestApp({ env: storage.env });
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  function upload(as: string, text: string, filename: string, fields: Record<string, string> = {}) {
    const req = t.as(as).post('/files');
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return req.attach('file', Buffer.from(text), { filename, contentType: 'text/plain' });
  }

  it('lists files with filter, sort, meta and related fields', async () => {
    const tag = uniq('list');
    const folder = (await t.as('admin').post('/folders').send({ name: tag })).body.data;
    for (const [name, body] of [
      ['b.txt', 'bb'],
      ['a.txt', 'aaaa'],
      ['c.txt', 'c'],
    ]) {
      expect((await upload('admin', body, name, { description: tag, folder: folder.id })).status).toBe(200);
    }
    const res = await t
      .as('admin')
      .get('/files')
      .query({
        filter: JSON.stringify({ description: { _eq: tag } }),
        sort: '-filesize',
        fields: 'filename_download,filesize,folder.name,uploaded_by.email',
        meta: '*',
      });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { filename_download: 'a.txt', filesize: 4, folder: { name: tag }, uploaded_by: { email: expect.any(String) } },
      { filename_download: 'b.txt', filesize: 2, folder: { name: tag }, uploaded_by: { email: expect.any(String) } },
      { filename_download: 'c.txt', filesize: 1, folder: { name: tag }, uploaded_by: { email: expect.any(String) } },
    ]);
    expect(res.body.meta.filter_count).toBe(3);
    expect(res.body.meta.total_count).toBeGreaterThanOrEqual(3);

    const page = await t.as('admin').get('/files').query({
      'filter[description][_eq]': tag,
      sort: 'filename_download',
      limit: 1,
      page: 2,
      fields: 'filename_download',
    });
    expect(page.body.data).toEqual([{ filename_download: 'b.txt' }]);
    const search = await t
      .as('admin')
      .search('/files')
      .send({ query: { search: tag, fields: ['title'], sort: ['title'] } });
    expect(search.status).toBe(200);
    expect(search.body.data.map((f: { title: string }) => f.title)).toEqual(['A', 'B', 'C']);
    await expectError(t.as('admin').get('/files?fields=nope'), 403, 'FORBIDDEN');

    const [one] = (await t.as('admin').get('/files').query({ 'filter[description][_eq]': tag, limit: 1, fields: 'id' }))
      .body.data;
    const single = await t.as('admin').get(`/files/${one.id}`).query({ fields: 'id,folder.*' });
    expect(single.body.data).toEqual({ id: one.id, folder: { id: folder.id, name: tag, parent: null } });
  });

  it('updates and deletes by { query }; deleting removes the bytes; activity and revisions are written', async () => {
    const tag = uniq('bulk');
    const ids: string[] = [];
    for (const name of ['x.txt', 'y.txt'])
      ids.push((await upload('admin', `content of ${name}`, name, { description: tag })).body.data.id);
    const keep = (await upload('admin', 'kept', 'keep.txt')).body.data;

    const updated = await t
      .as('admin')
      .patch('/files?fields=id,title')
      .send({ query: { filter: { description: { _eq: tag } } }, data: { title: 'Renamed' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toHaveLength(2);
    expect(updated.body.data.every((f: { title: string }) => f.title === 'Renamed')).toBe(true);
    await expectError(
      t
        .as('admin')
        .patch('/files')
        .send({ query: { filter: { description: { _eq: tag } } }, data: { filename_disk: 'one-name.txt' } }),
      400,
      'INVALID_PAYLOAD',
    );

    const activity = await t
      .as('admin')
      .get('/activity')
      .query({
        filter: JSON.stringify({ collection: { _eq: 'svc_files' }, item: { _eq: ids[0] } }),
        fields: 'action,revisions.delta',
        sort: 'id',
      });
    expect(activity.body.data.map((a: { action: string }) => a.action)).toEqual(['create', 'update']);
    expect(activity.body.data[1].revisions[0].delta).toEqual({ title: 'Renamed' });

    const before = await stored();
    expect(before.some((key) => key.startsWith(ids[0]))).toBe(true);
    const removed = await t
      .as('admin')
      .delete('/files')
      .send({ query: { filter: { description: { _eq: tag } } } });
    expect(removed.status).toBe(204);
    const after = await stored();
    for (const id of ids) {
      expect(after.some((key) => key.startsWith(id))).toBe(false);
      await expectError(t.as('admin').get(`/files/${id}`), 403, 'FORBIDDEN');
    }
    expect(after.some((key) => key.startsWith(keep.id))).toBe(true);
    const deletions = await t
      .as('admin')
      .get('/activity')
      .query({
        filter: JSON.stringify({ collection: { _eq: 'svc_files' }, item: { _eq: ids[1] }, action: { _eq: 'delete' } }),
      });
    expect(deletions.body.data).toHaveLength(1);
  });

  describe('a role that may only see and change its own files', () => {
    let role: string;
    let owner: CreatedUser;
    let other: CreatedUser;
    beforeAll(async () => {
      role = await createRole(t);
      const own = { permissions: { uploaded_by: { _eq: '$CURRENT_USER' } } };
      await grant(t, role, 'svc_files', 'create');
      await grant(t, role, 'svc_files', 'read', own);
      await grant(t, role, 'svc_files', 'update', { ...own, fields: ['title', 'description'] });
      await grant(t, role, 'svc_files', 'delete', own);
      owner = await createUser(t, role);
      other = await createUser(t, role);
    });

    it('lists only the own files and gets 403 on another user’s asset and row', async () => {
      const mine = (await upload(owner.token, 'mine', 'mine.txt')).body.data;
      expect(mine.uploaded_by).toBe(owner.id);
      const theirs = (await upload(other.token, 'theirs', 'theirs.txt')).body.data;
      const byAdmin = (await upload('admin', 'admin', 'admin.txt')).body.data;

      const list = await t.as(owner.token).get('/files?fields=id&meta=total_count');
      expect(list.body.data).toEqual([{ id: mine.id }]);
      expect(list.body.meta.total_count).toBe(1);
      expect((await t.as(owner.token).get(`/assets/${mine.id}`)).text).toBe('mine');
      for (const id of [theirs.id, byAdmin.id]) {
        await expectError(t.as(owner.token).get(`/assets/${id}`), 403, 'FORBIDDEN');
        await expectError(t.as(owner.token).get(`/files/${id}`), 403, 'FORBIDDEN');
        await expectError(t.as(owner.token).patch(`/files/${id}`).send({ title: 'x' }), 403, 'FORBIDDEN');
        await expectError(t.as(owner.token).delete(`/files/${id}`), 403, 'FORBIDDEN');
      }
      await expectError(
        t.as(owner.token).patch(`/files/${mine.id}`).send({ filename_download: 'other.txt' }),
        403,
        'FORBIDDEN',
      );
      expect((await t.as(owner.token).patch(`/files/${mine.id}`).send({ title: 'Mine' })).body.data.title).toBe('Mine');
      expect((await t.as(owner.token).delete('/files').send({ query: {} })).status).toBe(204);
      await expectError(t.as(owner.token).get(`/files/${mine.id}`), 403, 'FORBIDDEN');
      expect((await t.as('admin').get(`/files/${theirs.id}`)).status).toBe(200);
    });

    it('refuses uploads from a role without create permission before storing anything', async () => {
      const reader = await createUser(t, await createRole(t));
      const before = await stored();
      await expectError(upload(reader.token, 'nope', 'nope.txt'), 403, 'FORBIDDEN');
      expect(await stored()).toEqual(before);
    });
  });
});

describe('/users through the items engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads users with role.* and filters; secrets stay concealed', async () => {
    const roleName = uniq('editors');
    const role = await createRole(t, { name: roleName });
    const user = await createUser(t, { role, first_name: 'Ada', token: uniq('static') });
    const res = await t
      .as('admin')
      .get('/users')
      .query({
        fields: '*,role.*',
        filter: JSON.stringify({ role: { name: { _eq: roleName } } }),
        meta: 'filter_count',
      });
    expect(res.status).toBe(200);
    expect(res.body.meta.filter_count).toBe(1);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      id: user.id,
      first_name: 'Ada',
      password: CONCEALED,
      token: CONCEALED,
      tfa_secret: null,
      role: { id: role, name: roleName },
    });
    const one = await t.as('admin').get(`/users/${user.id}?fields=email,role.name`);
    expect(one.body.data).toEqual({ email: user.email, role: { name: roleName } });
    const search = await t
      .as('admin')
      .search('/users')
      .send({ keys: [user.id] });
    expect(search.body.data.map((u: { id: string }) => u.id)).toEqual([user.id]);
  });

  it('lets a non-admin read users only as granted', async () => {
    // Without app access, whose minimal rules would let the reader see their own row from the start.
    const role = await createRole(t, { app_access: false });
    const reader = await createUser(t, role);
    const colleague = await createUser(t, { role, first_name: 'Grace' });
    await createUser(t, { first_name: 'Elsewhere' });
    await expectError(t.as(reader.token).get('/users'), 403, 'FORBIDDEN');

    await grant(t, role, 'svc_users', 'read', {
      fields: ['id', 'first_name', 'email', 'password', 'role'],
      permissions: { role: { _eq: '$CURRENT_ROLE' } },
    });
    const list = await t.as(reader.token).get('/users?sort=email');
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: { id: string }) => u.id).sort()).toEqual([reader.id, colleague.id].sort());
    for (const user of list.body.data) {
      expect(Object.keys(user).sort()).toEqual(['email', 'first_name', 'id', 'password', 'role']);
      expect(user.password).toBe(CONCEALED);
    }
    expect((await t.as(reader.token).get(`/users/${colleague.id}`)).body.data.first_name).toBe('Grace');
    await expectError(t.as(reader.token).get('/users?fields=tfa_secret'), 403, 'FORBIDDEN');
    const admins = await t.as('admin').get('/users?fields=id&filter[role][policies][policy][admin_access][_eq]=true');
    await expectError(t.as(reader.token).get(`/users/${admins.body.data[0].id}`), 403, 'FORBIDDEN');
    await expectError(t.as(reader.token).patch(`/users/${colleague.id}`).send({ first_name: 'x' }), 403, 'FORBIDDEN');
  });
});
