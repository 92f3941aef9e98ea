import { ItemsFactory } from '../../src/modules/items/items.factory';
import { createCollection } from '../factories/collection.factory';
import { createRole, createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('activity, revisions and settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const activityOf = async (collection: string) =>
    (
      await t
        .as('admin')
        .get(`/activity?filter[collection][_eq]=${collection}&sort=id&fields=id,action,item,user,collection`)
    ).body.data;

  it('records activity and revisions for collections with accountability "all"', async () => {
    const c = await createCollection(t, uniq('tracked'), [
      { field: 'title', type: 'string' },
      { field: 'n', type: 'integer' },
    ]);
    const id = (await t.as('admin').post(`/items/${c}`).send({ title: 'a', n: 1 })).body.data.id;
    await t.as('admin').patch(`/items/${c}/${id}`).send({ title: 'b' });
    await t.as('admin').delete(`/items/${c}/${id}`);
    const me = (await t.as('admin').get('/activity?limit=1&sort=-id&fields=user')).body.data[0].user;
    const activity = await activityOf(c);
    expect(activity.map((a: { action: string }) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(activity.every((a: { item: string; user: string }) => a.item === String(id) && a.user === me)).toBe(true);
    const revisions = (
      await t.as('admin').get(`/revisions?filter[collection][_eq]=${c}&sort=id&fields=activity,data,delta,item`)
    ).body.data;
    expect(revisions).toEqual([
      { activity: activity[0].id, item: String(id), data: { title: 'a', n: 1 }, delta: { title: 'a', n: 1 } },
      { activity: activity[1].id, item: String(id), data: { id, title: 'b', n: 1 }, delta: { title: 'b' } },
    ]);
  });

  it('records one activity row and one linked revision per item of a batch create, in order', async () => {
    const c = await createCollection(t, uniq('batch'), [
      { field: 'title', type: 'string' },
      { field: 'n', type: 'integer' },
    ]);
    const items = [{ title: 'a', n: 1 }, { title: 'b', n: 2 }, { n: 3 }, { title: 'd', n: 4 }];
    const ids = (await t.as('admin').post(`/items/${c}`).send(items)).body.data.map((i: { id: number }) => i.id);
    expect(ids).toHaveLength(4);
    const activity = await activityOf(c);
    expect(activity.map((a: { action: string; item: string }) => [a.action, a.item])).toEqual(
      ids.map((id: number) => ['create', String(id)]),
    );
    const revisions = (
      await t.as('admin').get(`/revisions?filter[collection][_eq]=${c}&sort=id&fields=activity,data,delta,item`)
    ).body.data;
    expect(revisions).toEqual(
      items.map((item, i) => ({ activity: activity[i].id, item: String(ids[i]), data: item, delta: item })),
    );
    expect((await t.as('admin').get(`/items/${c}?sort=id&fields=id,title,n`)).body.data).toEqual(
      items.map((item, i) => ({ id: ids[i], title: null, ...item })),
    );
  });

  it('records only activity for "activity" and nothing for null', async () => {
    const light = await createCollection(t, uniq('light'), [{ field: 'title', type: 'string' }], {
      accountability: 'activity',
    });
    const off = await createCollection(t, uniq('off'), [{ field: 'title', type: 'string' }], { accountability: null });
    await t.as('admin').post(`/items/${light}`).send({ title: 'x' });
    await t.as('admin').post(`/items/${off}`).send({ title: 'x' });
    expect(await activityOf(light)).toHaveLength(1);
    expect((await t.as('admin').get(`/revisions?filter[collection][_eq]=${light}`)).body.data).toEqual([]);
    expect(await activityOf(off)).toEqual([]);
  });

  it('writes nothing, neither items nor activity, when one item of a batch fails', async () => {
    const c = await createCollection(t, uniq('atomic'), [{ field: 'n', type: 'integer' }]);
    await expectError(
      t
        .as('admin')
        .post(`/items/${c}`)
        .send([{ n: 1 }, { n: 'x' }]),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      t
        .as('admin')
        .post(`/items/${c}`)
        .send([{ n: 1 }, 'not an item']),
      400,
      'INVALID_PAYLOAD',
    );
    expect((await t.as('admin').get(`/items/${c}`)).body.data).toEqual([]);
    expect(await activityOf(c)).toEqual([]);
  });

  it('reads activity with the query engine and one entry by id', async () => {
    const c = await createCollection(t, uniq('q'), [{ field: 'title', type: 'string' }]);
    await t
      .as('admin')
      .post(`/items/${c}`)
      .send([{ title: 'a' }, { title: 'b' }]);
    const list = await t.as('admin').get(`/activity?filter[collection][_eq]=${c}&meta=filter_count&limit=1`);
    expect(list.body.meta.filter_count).toBe(2);
    expect(list.body.data).toHaveLength(1);
    const one = await t.as('admin').get(`/activity/${list.body.data[0].id}`);
    expect(one.body.data).toMatchObject({ action: 'create', collection: c, timestamp: expect.stringMatching(/Z$/) });
  });

  it('serves system collections through the same engine and keeps secrets out of revisions', async () => {
    const acc = { user: null, role: null, admin: true, app: true, ip: '127.0.0.1', userAgent: 'test', origin: null };
    const users = t.app.get(ItemsFactory).for('svc_users', acc);
    const id = await users.createOne({
      email: `${uniq('sys')}@example.com`,
      password: 'plain-password',
      tfa_secret: 'SECRET',
    });
    expect(await users.readOne(id, { fields: ['password', 'tfa_secret', 'status'] })).toEqual({
      password: '**********',
      tfa_secret: '**********',
      status: 'active',
    });
    const [revision] = (
      await t.as('admin').get(`/revisions?filter[collection][_eq]=svc_users&filter[item][_eq]=${id}&fields=data`)
    ).body.data;
    expect(revision.data.password).toBe('**********');
    expect(revision.data.tfa_secret).toBe('**********');
    const [activity] = (await t.as('admin').get(`/activity?filter[item][_eq]=${id}&fields=action,ip,user_agent`)).body
      .data;
    expect(activity).toEqual({ action: 'create', ip: '127.0.0.1', user_agent: 'test' });
  });

  it('does not allow writing activity through the API', async () => {
    const res = await t.as('admin').post('/activity').send({ action: 'create' });
    expect(res.status).toBe(404);
  });

  describe('/settings', () => {
    it('is read by authenticated users and changed by admins', async () => {
      const role = await createRole(t);
      const user = await createUser(t, role);
      const read = await t.as(user.token).get('/settings');
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({
        project_name: 'Vellum',
        auth_login_attempts: 25,
        storage_asset_transform: 'all',
      });
      const changed = await t
        .as('admin')
        .patch('/settings')
        .send({ project_name: 'Renamed', storage_asset_presets: [{ key: 'thumb', width: 64 }] });
      expect(changed.body.data).toMatchObject({
        project_name: 'Renamed',
        storage_asset_presets: [{ key: 'thumb', width: 64 }],
      });
      expect((await t.as(user.token).get('/settings?fields=project_name')).body.data).toEqual({
        project_name: 'Renamed',
      });
      await expectError(t.as(user.token).patch('/settings').send({ project_name: 'x' }), 403, 'FORBIDDEN');
      await expectError(t.as('anonymous').get('/settings'), 403, 'FORBIDDEN');
    });
  });
});
