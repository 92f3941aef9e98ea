import objectHash from 'object-hash';
import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** API.md 5.6: promote, concurrent saves and promotes, two editors working on one item, and who may do what. */
describe('/versions/:id/promote', () => {
  let t: TestApp;
  let articles: string;

  const admin = () => t.as('admin');
  const article = async (values: Record<string, unknown> = {}) =>
    (
      await admin()
        .post(`/items/${articles}`)
        .send({ title: 'Main title', body: 'Main body', views: 1, ...values })
    ).body.data.id as number;
  const version = async (item: number, as = admin()) =>
    (await as.post('/versions').send({ key: uniq('draft'), collection: articles, item: String(item) })).body.data as {
      id: string;
      hash: string;
    };

  beforeAll(async () => {
    t = await createTestApp();
    articles = await createCollection(
      t,
      uniq('articles'),
      [
        { field: 'title', type: 'string', schema: { max_length: 40 }, meta: { required: true } },
        { field: 'body', type: 'text' },
        { field: 'views', type: 'integer' },
      ],
      { versioning: true, accountability: 'all' },
    );
  });
  afterAll(() => t.close());

  describe('promote', () => {
    it('writes the delta to the main item, answers its key as a string and keeps the version', async () => {
      const id = await article();
      const v = await version(id);
      await admin().post(`/versions/${v.id}/save`).send({ title: 'Promoted', views: 9 });
      const res = await admin().post(`/versions/${v.id}/promote`).send({ mainHash: v.hash });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: String(id) });
      const main = await admin().get(`/items/${articles}/${id}`);
      expect(main.body.data).toEqual({ id, title: 'Promoted', body: 'Main body', views: 9 });
      expect((await admin().get(`/versions/${v.id}`)).status).toBe(200);
      const updates = await admin().get(
        `/activity?filter[collection][_eq]=${articles}&filter[item][_eq]=${id}&filter[action][_eq]=update`,
      );
      expect(updates.body.data).toHaveLength(1);
      const revision = await admin().get(`/revisions?filter[activity][_eq]=${updates.body.data[0].id}`);
      expect(revision.body.data[0]).toMatchObject({
        delta: { title: 'Promoted', views: 9 },
        data: { id, title: 'Promoted', body: 'Main body', views: 9 },
      });
    });

    it('promotes only the named fields', async () => {
      const id = await article();
      const v = await version(id);
      await admin().post(`/versions/${v.id}/save`).send({ title: 'Picked', body: 'Left out' });
      const res = await admin()
        .post(`/versions/${v.id}/promote`)
        .send({ mainHash: v.hash, fields: ['title'] });
      expect(res.body).toEqual({ data: String(id) });
      const main = await admin().get(`/items/${articles}/${id}`);
      expect(main.body.data).toMatchObject({ title: 'Picked', body: 'Main body' });
    });

    it('refuses a version without changes with 422', async () => {
      const id = await article();
      const v = await version(id);
      const res = await expectError(
        admin().post(`/versions/${v.id}/promote`).send({ mainHash: v.hash }),
        422,
        'UNPROCESSABLE_CONTENT',
      );
      expect(res.body.errors[0].extensions.reason).toMatch(/No changes/);
    });

    it.each([
      ['without mainHash', {}],
      ['with a numeric mainHash', { mainHash: 3 }],
      ['with fields not a list', { mainHash: 'x', fields: 'title' }],
      ['with fields not strings', { mainHash: 'x', fields: [1] }],
    ])('refuses a body %s with 400', async (_label, body) => {
      const v = await version(await article());
      await expectError(admin().post(`/versions/${v.id}/promote`).send(body), 400, 'INVALID_PAYLOAD');
    });

    it('answers an unknown version with 403', async () => {
      await expectError(
        admin().post('/versions/00000000-0000-4000-8000-000000000000/promote').send({ mainHash: 'x' }),
        403,
        'FORBIDDEN',
      );
    });

    it('refuses a promote that would break the field rules, and writes nothing', async () => {
      const id = await article();
      const v = await version(id);
      await admin().post(`/versions/${v.id}/save`).send({ views: 3 });
      // The field rule arrives after the save: promote validates like any update.
      await admin()
        .patch(`/fields/${articles}/views`)
        .send({ meta: { validation: { views: { _gt: 5 } } } });
      try {
        await expectError(
          admin().post(`/versions/${v.id}/promote`).send({ mainHash: v.hash }),
          400,
          'FAILED_VALIDATION',
        );
        expect((await admin().get(`/items/${articles}/${id}`)).body.data.views).toBe(1);
      } finally {
        await admin()
          .patch(`/fields/${articles}/views`)
          .send({ meta: { validation: null } });
      }
    });
  });

  describe('concurrency', () => {
    const fields = ['f0', 'f1', 'f2', 'f3', 'f4', 'f5'];

    it('keeps every change of concurrent saves to one version', async () => {
      const wide = await createCollection(
        t,
        uniq('wide'),
        fields.map((field) => ({ field, type: 'string' })),
        { versioning: true },
      );
      const id = (await admin().post(`/items/${wide}`).send({})).body.data.id;
      const v = (
        await admin()
          .post('/versions')
          .send({ key: 'draft', collection: wide, item: String(id) })
      ).body.data;
      const saves = await Promise.all(
        fields.map((field) =>
          admin()
            .post(`/versions/${v.id}/save`)
            .send({ [field]: `${field} draft` }),
        ),
      );
      expect(saves.map((res) => res.status)).toEqual(fields.map(() => 200));
      const stored = await admin().get(`/versions/${v.id}?fields=delta`);
      expect(stored.body.data.delta).toEqual({
        id: String(id),
        ...Object.fromEntries(fields.map((field) => [field, `${field} draft`])),
      });
      expect((await admin().get(`/revisions?filter[version][_eq]=${v.id}`)).body.data).toHaveLength(fields.length);
    });

    it('lets one of two concurrent promotes on the same main hash through and refuses the other', async () => {
      const wide = await createCollection(
        t,
        uniq('wide'),
        fields.map((field) => ({ field, type: 'string' })),
        { versioning: true },
      );
      const id = (await admin().post(`/items/${wide}`).send({})).body.data.id;
      const versions = await Promise.all(
        ['a', 'b'].map(async (key, i) => {
          const v = (
            await admin()
              .post('/versions')
              .send({ key, collection: wide, item: String(id) })
          ).body.data;
          await admin()
            .post(`/versions/${v.id}/save`)
            .send({ [fields[i]]: key });
          return v as { id: string; hash: string };
        }),
      );
      const results = await Promise.all(
        versions.map((v) => admin().post(`/versions/${v.id}/promote`).send({ mainHash: v.hash })),
      );
      expect(results.map((res) => res.status).sort()).toEqual([200, 422]);
      expect(results.find((res) => res.status === 422)!.body.errors[0].extensions.code).toBe('VERSION_HASH_MISMATCH');
    });
  });

  describe('two editors', () => {
    let role: string;
    let alice: { id: string; token: string };
    let bob: { id: string; token: string };

    beforeAll(async () => {
      role = await createRole(t);
      alice = await createUser(t, role);
      bob = await createUser(t, role);
      for (const action of ['read', 'update'] as const) await grant(t, role, articles, action);
      for (const action of ['create', 'read'] as const) await grant(t, role, 'svc_versions', action);
    });

    it('refuses the stale hash after someone else changed main, then promotes with the new one', async () => {
      const id = await article({ title: 'Shared', body: 'Original body' });
      const v = await version(id, t.as(alice.token));
      await t.as(alice.token).post(`/versions/${v.id}/save`).send({ title: 'Alice title' });

      expect((await t.as(bob.token).patch(`/items/${articles}/${id}`).send({ body: 'Bob body' })).status).toBe(200);

      const compare = await t.as(alice.token).get(`/versions/${v.id}/compare`);
      const current = { id, title: 'Shared', body: 'Bob body', views: 1 };
      expect(compare.body.data).toEqual({
        outdated: true,
        mainHash: objectHash(current),
        current: { id: String(id), title: 'Alice title' },
        main: current,
      });

      const stale = await expectError(
        t.as(alice.token).post(`/versions/${v.id}/promote`).send({ mainHash: v.hash }),
        422,
        'VERSION_HASH_MISMATCH',
      );
      expect(stale.body.errors[0].extensions).toEqual({
        code: 'VERSION_HASH_MISMATCH',
        mainHash: compare.body.data.mainHash,
      });
      expect((await admin().get(`/items/${articles}/${id}`)).body.data).toEqual(current);

      const res = await t
        .as(alice.token)
        .post(`/versions/${v.id}/promote`)
        .send({ mainHash: compare.body.data.mainHash });
      expect(res.body).toEqual({ data: String(id) });
      expect((await admin().get(`/items/${articles}/${id}`)).body.data).toEqual({ ...current, title: 'Alice title' });
      const updates = await admin().get(
        `/activity?filter[item][_eq]=${id}&filter[collection][_eq]=${articles}&filter[action][_eq]=update&sort=id&fields=user`,
      );
      expect(updates.body.data).toEqual([{ user: bob.id }, { user: alice.id }]);
    });
  });

  describe('permissions', () => {
    let role: string;
    let reader: { token: string };
    let id: number;
    let v: { id: string; hash: string };

    beforeAll(async () => {
      role = await createRole(t);
      reader = await createUser(t, role);
      id = await article({ title: 'Guarded' });
      v = await version(id);
      await admin().post(`/versions/${v.id}/save`).send({ title: 'Guarded draft' });
    });

    it('needs read access to the version to save, compare or promote', async () => {
      await grant(t, role, articles, 'read');
      await expectError(t.as(reader.token).post(`/versions/${v.id}/save`).send({ body: 'x' }), 403, 'FORBIDDEN');
      await expectError(t.as(reader.token).get(`/versions/${v.id}/compare`), 403, 'FORBIDDEN');
      await expectError(
        t.as(reader.token).post(`/versions/${v.id}/promote`).send({ mainHash: v.hash }),
        403,
        'FORBIDDEN',
      );
    });

    it('saves with read access only, and needs update access on the item to promote', async () => {
      await grant(t, role, 'svc_versions', 'read');
      const saved = await t.as(reader.token).post(`/versions/${v.id}/save`).send({ body: 'Reader body' });
      expect(saved.status).toBe(200);
      await expectError(
        t.as(reader.token).post(`/versions/${v.id}/promote`).send({ mainHash: v.hash }),
        403,
        'FORBIDDEN',
      );
      await grant(t, role, articles, 'update', { fields: ['body'] });
      // The delta holds a title the role may not write: the normal update rule refuses it.
      await expectError(
        t.as(reader.token).post(`/versions/${v.id}/promote`).send({ mainHash: v.hash }),
        403,
        'FORBIDDEN',
      );
      const res = await t
        .as(reader.token)
        .post(`/versions/${v.id}/promote`)
        .send({ mainHash: v.hash, fields: ['body'] });
      expect(res.body).toEqual({ data: String(id) });
      expect((await admin().get(`/items/${articles}/${id}`)).body.data).toMatchObject({
        title: 'Guarded',
        body: 'Reader body',
      });
    });

    it('needs read access to the item to save', async () => {
      const hidden = await article({ title: 'Hidden' });
      const hv = await version(hidden);
      const other = await createRole(t);
      const user = await createUser(t, other);
      await grant(t, other, 'svc_versions', 'read');
      await grant(t, other, articles, 'read', { permissions: { title: { _neq: 'Hidden' } } });
      await expectError(t.as(user.token).post(`/versions/${hv.id}/save`).send({ body: 'x' }), 403, 'FORBIDDEN');
      expect((await admin().get(`/versions/${hv.id}?fields=delta`)).body.data.delta).toBeNull();
    });
  });
});
