import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** API.md 5.2-5.6 (v12): a version without an item is the draft of a new item, created on promote. */
describe('/versions drafts of a new item (item null)', () => {
  let t: TestApp;
  let articles: string;

  const admin = () => t.as('admin');
  const draft = async (body: Record<string, unknown> = { item: null }) =>
    (
      await admin()
        .post('/versions')
        .send({ key: 'draft', name: 'Draft', collection: articles, ...body })
    ).body.data as { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    articles = await createCollection(
      t,
      uniq('articles'),
      [
        { field: 'title', type: 'string', meta: { required: true } },
        { field: 'views', type: 'integer' },
      ],
      { versioning: true, accountability: 'all' },
    );
  });
  afterAll(() => t.close());

  describe('create', () => {
    it.each([
      ['item null', { item: null }],
      ['no item', {}],
    ])('creates a draft with %s, without a hash', async (_label, body) => {
      const res = await admin()
        .post('/versions')
        .send({ key: 'draft', collection: articles, ...body });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ key: 'draft', collection: articles, item: null, hash: null, delta: null });
    });

    it('allows several drafts of new items in one collection', async () => {
      const first = await draft();
      const second = await draft();
      expect(first.id).not.toBe(second.id);
    });

    it('refuses another key than draft with 400', async () => {
      const res = await expectError(
        admin().post('/versions').send({ key: 'next', collection: articles, item: null }),
        400,
        'INVALID_PAYLOAD',
      );
      expect(res.body.errors[0].message).toMatch(/"key" must be "draft"/);
    });

    it('refuses a collection without versioning with 422', async () => {
      const plain = await createCollection(t, uniq('plain'), [{ field: 'title', type: 'string' }]);
      await expectError(
        admin().post('/versions').send({ key: 'draft', collection: plain, item: null }),
        422,
        'UNPROCESSABLE_CONTENT',
      );
    });

    it('needs read access to the collection', async () => {
      const role = await createRole(t);
      const user = await createUser(t, role);
      await grant(t, role, 'svc_versions', 'create');
      await grant(t, role, 'svc_versions', 'read');
      await expectError(
        t.as(user.token).post('/versions').send({ key: 'draft', collection: articles, item: null }),
        403,
        'FORBIDDEN',
      );
      await grant(t, role, articles, 'read');
      const res = await t
        .as(user.token)
        .post('/versions?fields=item')
        .send({ key: 'draft', collection: articles, item: null });
      expect(res.body).toEqual({ data: { item: null } });
    });
  });

  describe('rename', () => {
    it('keeps the key draft but lets the name change', async () => {
      const v = await draft();
      await expectError(admin().patch(`/versions/${v.id}`).send({ key: 'test2' }), 400, 'INVALID_PAYLOAD');
      await expectError(
        admin()
          .patch('/versions')
          .send([{ id: v.id, key: 'test2' }]),
        400,
        'INVALID_PAYLOAD',
      );
      expect((await admin().get(`/versions/${v.id}?fields=key`)).body.data.key).toBe('draft');
      const renamed = await admin().patch(`/versions/${v.id}?fields=name`).send({ name: 'Renamed' });
      expect(renamed.body).toEqual({ data: { name: 'Renamed' } });
    });
  });

  describe('save, read, compare', () => {
    it('answers the delta, keeps values a new item could not have yet, and tracks nothing', async () => {
      const v = await draft();
      const first = await admin().post(`/versions/${v.id}/save`).send({ views: 2 });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ views: 2 });
      const second = await admin().post(`/versions/${v.id}/save`).send({ title: 'New title' });
      expect(second.body.data).toMatchObject({ views: 2, title: 'New title' });
      expect((await admin().get(`/versions/${v.id}?fields=delta`)).body.data).toEqual({
        delta: { views: 2, title: 'New title' },
      });
      const saves = await admin().get(`/activity?filter[collection][_eq]=${articles}&filter[action][_eq]=version_save`);
      expect(saves.body.data).toEqual([]);
    });

    it('answers 403 to compare', async () => {
      const v = await draft();
      await admin().post(`/versions/${v.id}/save`).send({ title: 'x' });
      await expectError(admin().get(`/versions/${v.id}/compare`), 403, 'FORBIDDEN');
    });

    it('lists a draft through the draft key as the item it would create, its key null', async () => {
      const v = await draft();
      await admin().post(`/versions/${v.id}/save`).send({ title: 'Only a draft', views: 3 });
      const res = await admin().get(`/items/${articles}?version=draft&filter[title][_eq]=Only a draft`);
      expect(res.status).toBe(200);
      // Drafts that cannot be created are listed whatever the filter (see below), as on the reference platform.
      const created = res.body.data.filter((row: { $meta: { error?: unknown } }) => !row.$meta.error);
      expect(created).toEqual([
        {
          id: null,
          title: 'Only a draft',
          views: 3,
          $meta: { version_id: v.id },
        },
      ]);
      expect((await admin().get(`/items/${articles}?filter[title][_eq]=Only a draft`)).body.data).toEqual([]);
    });

    it('lists a draft that cannot be created with its values and the reason', async () => {
      const v = await draft();
      await admin().post(`/versions/${v.id}/save`).send({ views: 71 });
      const res = await admin().get(`/items/${articles}?version=draft&fields=title,views`);
      expect(res.status).toBe(200);
      const error = {
        message: expect.any(String),
        extensions: expect.objectContaining({ code: 'FAILED_VALIDATION', field: 'title' }),
      };
      expect(res.body.data).toContainEqual({
        title: null,
        views: 71,
        $meta: { version_id: v.id, delta: { views: 71 }, error },
      });
      const limited = await admin().get(`/items/${articles}?version=draft&fields=title&limit=1`);
      expect(limited.body.data).toHaveLength(1);
      // Aggregated rows are no items: the failed drafts are not appended to them.
      const counted = await admin().get(`/items/${articles}?version=draft&aggregate[count]=*`);
      expect(counted.body).toEqual({ data: [{ count: expect.anything() }] });
    });

    it('lists an item whose version no longer applies with the version values and the reason, and reads it alone so too', async () => {
      const pages = await createCollection(
        t,
        uniq('pages'),
        [
          { field: 'title', type: 'string' },
          { field: 'views', type: 'integer' },
        ],
        { versioning: true },
      );
      const id = (await admin().post(`/items/${pages}`).send({ title: 'Valid', views: 1 })).body.data.id;
      const key = uniq('stale');
      const v = (
        await admin()
          .post('/versions')
          .send({ key, collection: pages, item: String(id) })
      ).body.data;
      expect((await admin().post(`/versions/${v.id}/save`).send({ title: 'Draft value' })).status).toBe(200);
      // A rule added after the save: the version's value no longer passes it.
      expect(
        (
          await admin()
            .patch(`/fields/${pages}/title`)
            .send({ meta: { validation: { title: { _eq: 'Valid' } } } })
        ).status,
      ).toBe(200);
      const res = await admin().get(`/items/${pages}?version=${key}`);
      const error = {
        message: expect.any(String),
        extensions: expect.objectContaining({ code: 'FAILED_VALIDATION', field: 'title' }),
      };
      expect(res.body).toEqual({
        data: [
          {
            id,
            title: 'Draft value',
            views: 1,
            $meta: { version_id: v.id, delta: { id: String(id), title: 'Draft value' }, error },
          },
        ],
      });
      // As the reference (its single-item read reports the failure in `$meta.error` as a list does).
      const one = await admin().get(`/items/${pages}/${id}?version=${key}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ data: res.body.data[0] });
    });
  });

  describe('promote', () => {
    it('creates the item without a mainHash, answers its key and names it in the version', async () => {
      const v = await draft();
      await admin().post(`/versions/${v.id}/save`).send({ title: 'Born from a draft', views: 4 });
      const res = await admin().post(`/versions/${v.id}/promote`).send();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: expect.any(String) });
      const item = await admin().get(`/items/${articles}/${res.body.data}`);
      expect(item.body.data).toMatchObject({ title: 'Born from a draft', views: 4 });
      expect((await admin().get(`/versions/${v.id}?fields=item`)).body.data).toEqual({ item: res.body.data });
      const creates = await admin().get(
        `/activity?filter[collection][_eq]=${articles}&filter[item][_eq]=${res.body.data}&filter[action][_eq]=create`,
      );
      expect(creates.body.data).toHaveLength(1);
    });

    it('validates like a create and writes nothing when it fails', async () => {
      const v = await draft();
      await admin().post(`/versions/${v.id}/save`).send({ views: 5 });
      await expectError(admin().post(`/versions/${v.id}/promote`).send({}), 400, 'FAILED_VALIDATION');
      expect((await admin().get(`/items/${articles}?filter[views][_eq]=5`)).body.data).toEqual([]);
      expect((await admin().get(`/versions/${v.id}?fields=item`)).body.data).toEqual({ item: null });
    });

    it('refuses a draft without changes with 422', async () => {
      const v = await draft();
      await expectError(admin().post(`/versions/${v.id}/promote`).send({}), 422, 'UNPROCESSABLE_CONTENT');
    });

    it('needs create permission on the collection', async () => {
      const v = await draft();
      await admin().post(`/versions/${v.id}/save`).send({ title: 'Guarded' });
      const role = await createRole(t);
      const user = await createUser(t, role);
      await grant(t, role, 'svc_versions', 'read');
      await grant(t, role, articles, 'read');
      await grant(t, role, articles, 'update');
      await expectError(t.as(user.token).post(`/versions/${v.id}/promote`).send({}), 403, 'FORBIDDEN');
      await grant(t, role, articles, 'create');
      expect((await t.as(user.token).post(`/versions/${v.id}/promote`).send({})).status).toBe(200);
    });

    it('still needs a mainHash once the draft was promoted', async () => {
      const v = await draft();
      await admin().post(`/versions/${v.id}/save`).send({ title: 'Twice' });
      await admin().post(`/versions/${v.id}/promote`).send({}).expect(200);
      await expectError(admin().post(`/versions/${v.id}/promote`).send({}), 400, 'INVALID_PAYLOAD');
    });
  });
});
