import { createRole, createUser, CreatedUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

const PANEL = { type: 'metric', position_x: 1, position_y: 1, width: 12, height: 6 };

/** `/dashboards` and `/panels` (svc_dashboards, svc_panels): Insights, with panels as part of their dashboard. */
describe('/dashboards and /panels', () => {
  let t: TestApp;
  let admin: string;
  let role: string;
  let ann: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.as('admin').get('/users/me?fields=id')).body.data.id;
    role = await createRole(t);
    ann = await createUser(t, role);
  });
  afterAll(() => t.close());

  const post = async (path: string, values: object, who = 'admin') => {
    const res = await t.as(who).post(path).send(values);
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 200, errors: undefined });
    return res.body.data;
  };
  const dashboard = (values: Record<string, unknown> = {}, who = 'admin') =>
    post('/dashboards', { name: uniq('Sales'), ...values }, who);

  it('creates, reads, lists, updates and deletes dashboards, one or many', async () => {
    const one = await dashboard({ name: 'Sales', note: 'Weekly numbers' });
    expect(one).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Sales',
      icon: 'dashboard',
      note: 'Weekly numbers',
      date_created: expect.any(String),
      user_created: admin,
      color: null,
      panels: [],
    });
    const many = await post('/dashboards?fields=id,name,icon', [
      { name: 'b', icon: 'insights' },
      { name: 'a', color: '#00FF00' },
    ]);
    expect(many).toEqual([
      { id: expect.any(String), name: 'b', icon: 'insights' },
      { id: expect.any(String), name: 'a', icon: 'dashboard' },
    ]);
    const keys = many.map((d: { id: string }) => d.id);
    const list = await t
      .as('admin')
      .get(`/dashboards?filter[id][_in]=${keys.join(',')}&sort=name&fields=name,user_created.id&meta=filter_count`);
    expect(list.body).toEqual({
      data: [
        { name: 'a', user_created: { id: admin } },
        { name: 'b', user_created: { id: admin } },
      ],
      meta: { filter_count: 2 },
    });
    expect((await t.as('admin').get(`/dashboards?search=Weekly&fields=id`)).body.data).toEqual([{ id: one.id }]);
    expect((await t.as('admin').patch(`/dashboards/${one.id}`).send({ color: '#FF0000' })).body.data.color).toBe(
      '#FF0000',
    );
    const batch = await t
      .as('admin')
      .patch('/dashboards?fields=note')
      .send({ keys, data: { note: 'same' } });
    expect(batch.body.data).toEqual([{ note: 'same' }, { note: 'same' }]);
    expect((await t.as('admin').delete('/dashboards').send(keys)).status).toBe(204);
    expect((await t.as('admin').delete(`/dashboards/${one.id}`)).status).toBe(204);
    expect((await t.as('admin').get(`/dashboards?filter[id][_in]=${[one.id, ...keys].join(',')}`)).body.data).toEqual(
      [],
    );
    await expectError(t.as('admin').get(`/dashboards/${one.id}`), 403, 'FORBIDDEN');
  });

  it('creates, reads, updates and deletes panels with their options', async () => {
    const board = await dashboard();
    const options = { collection: 'articles', function: 'count', filter: { status: { _eq: 'published' } } };
    const panel = await post('/panels', {
      ...PANEL,
      dashboard: board.id,
      name: 'Published',
      options,
      show_header: true,
    });
    expect(panel).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      dashboard: board.id,
      name: 'Published',
      icon: null,
      color: null,
      show_header: true,
      note: null,
      type: 'metric',
      position_x: 1,
      position_y: 1,
      width: 12,
      height: 6,
      options,
      date_created: expect.any(String),
      user_created: admin,
    });
    const many = await post('/panels?fields=id,show_header,position_y', [
      { ...PANEL, dashboard: board.id, position_y: 7 },
      { ...PANEL, dashboard: board.id, position_y: 13 },
    ]);
    expect(many).toEqual([
      { id: expect.any(String), show_header: false, position_y: 7 },
      { id: expect.any(String), show_header: false, position_y: 13 },
    ]);
    const keys = many.map((p: { id: string }) => p.id);
    const list = await t
      .as('admin')
      .get(`/panels?filter[dashboard][name][_eq]=${board.name}&sort=-position_y&fields=position_y,dashboard.name`);
    expect(list.body.data).toEqual([13, 7, 1].map((y) => ({ position_y: y, dashboard: { name: board.name } })));
    expect((await t.as('admin').patch(`/panels/${panel.id}`).send({ width: 24 })).body.data.width).toBe(24);
    expect(
      (
        await t
          .as('admin')
          .patch('/panels?fields=height')
          .send({ keys, data: { height: 3 } })
      ).body.data,
    ).toEqual([{ height: 3 }, { height: 3 }]);
    expect((await t.as('admin').delete('/panels').send(keys)).status).toBe(204);
    expect((await t.as('admin').delete(`/panels/${panel.id}`)).status).toBe(204);
    expect((await t.as('admin').get(`/dashboards/${board.id}?fields=panels`)).body.data).toEqual({ panels: [] });
  });

  it('reads a dashboard with its panels, and deletes its panels along with it', async () => {
    const board = await dashboard();
    const [first, second] = await post('/panels?fields=id', [
      { ...PANEL, dashboard: board.id, name: 'one' },
      { ...PANEL, dashboard: board.id, name: 'two', position_y: 7 },
    ]);
    const other = await dashboard();
    const kept = await post('/panels?fields=id', { ...PANEL, dashboard: other.id });

    const read = await t.as('admin').get(`/dashboards/${board.id}?fields=name,panels.*&deep[panels][_sort]=name`);
    expect(read.body.data).toEqual({
      name: board.name,
      panels: [
        expect.objectContaining({ id: first.id, name: 'one', dashboard: board.id, type: 'metric', position_y: 1 }),
        expect.objectContaining({ id: second.id, name: 'two', dashboard: board.id, type: 'metric', position_y: 7 }),
      ],
    });
    expect(Object.keys(read.body.data.panels[0])).toEqual(
      expect.arrayContaining(['options', 'show_header', 'width', 'user_created']),
    );
    expect((await t.as('admin').get(`/dashboards/${board.id}?fields=panels`)).body.data.panels.sort()).toEqual(
      [first.id, second.id].sort(),
    );

    expect((await t.as('admin').delete(`/dashboards/${board.id}`)).status).toBe(204);
    expect((await t.as('admin').get(`/panels?filter[id][_in]=${first.id},${second.id}`)).body.data).toEqual([]);
    expect((await t.as('admin').get(`/panels/${kept.id}?fields=dashboard`)).body.data).toEqual({ dashboard: other.id });
  });

  it.each<[string, string, Record<string, unknown>, string]>([
    ['a dashboard without a name', '/dashboards', { name: undefined }, 'FAILED_VALIDATION'],
    [
      'a dashboard with an icon longer than its column',
      '/dashboards',
      { name: 'x', icon: 'i'.repeat(65) },
      'VALUE_TOO_LONG',
    ],
    ['a panel without a dashboard', '/panels', { ...PANEL }, 'FAILED_VALIDATION'],
    [
      'a panel on a dashboard that does not exist',
      '/panels',
      { ...PANEL, dashboard: '00000000-0000-4000-8000-000000000000' },
      'INVALID_FOREIGN_KEY',
    ],
    ['a panel without a type', '/panels', { ...PANEL, type: undefined, dashboard: 'board' }, 'FAILED_VALIDATION'],
    ['a panel whose width is no number', '/panels', { ...PANEL, width: 'wide', dashboard: 'board' }, 'INVALID_PAYLOAD'],
    [
      'a panel whose header flag is no boolean',
      '/panels',
      { ...PANEL, show_header: 'maybe', dashboard: 'board' },
      'INVALID_PAYLOAD',
    ],
  ])('refuses %s with 400 and the standard body', async (_name, path, values, code) => {
    const board = await dashboard();
    const body = values.dashboard === 'board' ? { ...values, dashboard: board.id } : values;
    await expectError(t.as('admin').post(path).send(body), 400, code);
    expect((await t.as('admin').get(`/panels?filter[dashboard][_eq]=${board.id}`)).body.data).toEqual([]);
  });

  it('gives app access alone nothing of dashboards and panels; a role rule opens them', async () => {
    const board = await dashboard();
    const panel = await post('/panels', { ...PANEL, dashboard: board.id });
    for (const path of ['/dashboards', `/dashboards/${board.id}`, '/panels', `/panels/${panel.id}`]) {
      await expectError(t.as(ann.token).get(path), 403, 'FORBIDDEN');
    }
    await expectError(t.as(ann.token).post('/dashboards').send({ name: 'mine' }), 403, 'FORBIDDEN');
    await expectError(t.as(ann.token).delete(`/dashboards/${board.id}`), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get('/dashboards'), 403, 'FORBIDDEN');

    const reader = await createRole(t);
    await grant(t, reader, 'svc_dashboards', 'read', { permissions: { user_created: { _eq: '$CURRENT_USER' } } });
    await grant(t, reader, 'svc_dashboards', 'create');
    await grant(t, reader, 'svc_panels', 'read');
    const bob = await createUser(t, reader);
    const own = await dashboard({}, bob.token);
    expect(own.user_created).toBe(bob.id);
    const seen = (await t.as(bob.token).get('/dashboards?fields=id')).body.data;
    expect(seen).toEqual([{ id: own.id }]);
    expect((await t.as(bob.token).get(`/panels/${panel.id}?fields=id`)).body.data).toEqual({ id: panel.id });
    await expectError(t.as(bob.token).patch(`/panels/${panel.id}`).send({ width: 1 }), 403, 'FORBIDDEN');
  });

  it('is listed with its fields and the dashboard-panels relation in /collections, /fields and /relations', async () => {
    for (const name of ['svc_dashboards', 'svc_panels']) {
      expect((await t.as('admin').get(`/collections/${name}`)).body.data).toMatchObject({
        collection: name,
        meta: { system: true },
      });
    }
    const fields = async (name: string) =>
      (await t.as('admin').get(`/fields/${name}`)).body.data as {
        field: string;
        type: string;
        meta: { special: string[] | null };
      }[];
    const boardFields = await fields('svc_dashboards');
    expect(boardFields.map((f) => f.field).sort()).toEqual([
      'color',
      'date_created',
      'icon',
      'id',
      'name',
      'note',
      'panels',
      'user_created',
    ]);
    expect(boardFields.find((f) => f.field === 'panels')).toMatchObject({ type: 'alias', meta: { special: ['o2m'] } });
    const panelFields = await fields('svc_panels');
    expect(panelFields.map((f) => f.field).sort()).toEqual(
      [
        'color',
        'dashboard',
        'date_created',
        'height',
        'icon',
        'id',
        'name',
        'note',
        'options',
        'position_x',
        'position_y',
        'show_header',
        'type',
        'user_created',
        'width',
      ].sort(),
    );
    expect(panelFields.find((f) => f.field === 'options')).toMatchObject({ type: 'json' });
    const relation = (await t.as('admin').get('/relations/svc_panels/dashboard')).body.data;
    expect(relation).toMatchObject({
      collection: 'svc_panels',
      field: 'dashboard',
      related_collection: 'svc_dashboards',
      meta: { one_field: 'panels' },
    });
  });
});
