import objectHash from 'object-hash';
import { createCollection } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** API.md 5.4-5.5: save and compare (versions-promote.e2e-spec.ts: promote and two editors). */
describe('/versions/:id/save, compare', () => {
  let t: TestApp;
  let articles: string;

  const admin = () => t.as('admin');
  const userOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).id as string;
  const marks = () => ({ _user: userOf(t.adminToken), _date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
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

  describe('save', () => {
    it('merges the body over the delta and answers the main item with the delta applied', async () => {
      const id = await article();
      const v = await version(id);
      const first = await admin().post(`/versions/${v.id}/save`).send({ title: 'Draft title', views: 5 });
      expect(first.status).toBe(200);
      // As on the reference platform, the answer carries who saved last and when (`_user`, `_date`).
      expect(first.body).toEqual({ data: { id, title: 'Draft title', body: 'Main body', views: 5, ...marks() } });
      const second = await admin().post(`/versions/${v.id}/save`).send({ body: 'Draft body', views: 7 });
      expect(second.body).toEqual({ data: { id, title: 'Draft title', body: 'Draft body', views: 7, ...marks() } });
      const stored = await admin().get(`/versions/${v.id}?fields=delta,hash`);
      expect(stored.body.data).toEqual({
        delta: { id: String(id), title: 'Draft title', body: 'Draft body', views: 7 },
        hash: v.hash,
      });
      const main = await admin().get(`/items/${articles}/${id}`);
      expect(main.body.data).toEqual({ id, title: 'Main title', body: 'Main body', views: 1 });
    });

    it("answers who changed the version last in the item's user_updated and date_updated fields", async () => {
      const stamped = await createCollection(
        t,
        uniq('stamped'),
        [
          { field: 'title', type: 'string' },
          { field: 'user_updated', type: 'uuid', meta: { special: ['user-updated'] } },
          { field: 'date_updated', type: 'timestamp', meta: { special: ['date-updated'] } },
        ],
        { versioning: true },
      );
      const id = (await admin().post(`/items/${stamped}`).send({ title: 'x' })).body.data.id;
      const v = (
        await admin()
          .post('/versions')
          .send({ key: 'draft', collection: stamped, item: String(id) })
      ).body.data;
      await admin().post(`/versions/${v.id}/save`).send({ title: 'y' });
      const expected = {
        id: String(id),
        title: 'y',
        user_updated: userOf(t.adminToken),
        date_updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      };
      expect((await admin().get(`/versions/${v.id}`)).body.data.delta).toEqual(expected);
      expect((await admin().get(`/versions/${v.id}/compare`)).body.data.current).toEqual(expected);
      const main = (await admin().get(`/versions/${v.id}/compare`)).body.data.mainHash;
      expect((await admin().post(`/versions/${v.id}/promote`).send({ mainHash: main })).status).toBe(200);
      expect((await admin().get(`/items/${stamped}/${id}?fields=title`)).body.data).toEqual({ title: 'y' });
    });

    it('records activity version_save on the item and a revision linked to the version', async () => {
      const id = await article();
      const v = await version(id);
      await admin().post(`/versions/${v.id}/save`).send({ title: 'Tracked' });
      const activity = await admin().get(
        `/activity?filter[collection][_eq]=${articles}&filter[item][_eq]=${id}&filter[action][_eq]=version_save`,
      );
      expect(activity.body.data).toEqual([
        expect.objectContaining({
          action: 'version_save',
          collection: articles,
          item: String(id),
          user: expect.any(String),
        }),
      ]);
      const revisions = await admin().get(`/revisions?filter[version][_eq]=${v.id}`);
      expect(revisions.body.data).toEqual([
        expect.objectContaining({
          activity: activity.body.data[0].id,
          collection: articles,
          item: String(id),
          version: v.id,
          data: { title: 'Tracked' },
          delta: { title: 'Tracked' },
        }),
      ]);
    });

    it('records nothing for a collection without accountability, and only activity for accountability activity', async () => {
      for (const accountability of [null, 'activity']) {
        const quiet = await createCollection(t, uniq('quiet'), [{ field: 'title', type: 'string' }], {
          versioning: true,
          accountability,
        });
        const id = (await admin().post(`/items/${quiet}`).send({ title: 'x' })).body.data.id;
        const v = (
          await admin()
            .post('/versions')
            .send({ key: 'draft', collection: quiet, item: String(id) })
        ).body.data;
        expect((await admin().post(`/versions/${v.id}/save`).send({ title: 'y' })).status).toBe(200);
        const activity = await admin().get(
          `/activity?filter[collection][_eq]=${quiet}&filter[action][_eq]=version_save`,
        );
        expect(activity.body.data).toHaveLength(accountability ? 1 : 0);
        expect((await admin().get(`/revisions?filter[version][_eq]=${v.id}`)).body.data).toEqual([]);
        expect((await admin().get(`/versions/${v.id}?fields=delta`)).body.data.delta).toEqual({
          id: String(id),
          title: 'y',
        });
      }
    });

    it.each([
      ['a value of the wrong type', { views: 'many' }, 400, 'INVALID_PAYLOAD'],
      ['a value longer than the column', { title: 'x'.repeat(41) }, 400, 'VALUE_TOO_LONG'],
      ['an array', [{ title: 'x' }], 400, 'INVALID_PAYLOAD'],
    ])('refuses %s like an item update and keeps the delta', async (_label, body, status, code) => {
      const id = await article();
      const v = await version(id);
      await admin().post(`/versions/${v.id}/save`).send({ body: 'kept' });
      await expectError(
        admin()
          .post(`/versions/${v.id}/save`)
          .send(body as object),
        status,
        code,
      );
      const stored = await admin().get(`/versions/${v.id}?fields=delta`);
      expect(stored.body.data.delta).toEqual({ id: String(id), body: 'kept' });
      const saves = await admin().get(`/revisions?filter[version][_eq]=${v.id}`);
      expect(saves.body.data).toHaveLength(1);
    });

    it('answers an unknown version with 403', async () => {
      await expectError(
        admin().post('/versions/00000000-0000-4000-8000-000000000000/save').send({ title: 'x' }),
        403,
        'FORBIDDEN',
      );
    });

    it('stores null in a required field as the reference does; reads report it in $meta.error and promote refuses it', async () => {
      const id = await article();
      const v = await version(id);
      const saved = await admin().post(`/versions/${v.id}/save`).send({ title: null });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ id, title: null, body: 'Main body' });
      const stored = await admin().get(`/versions/${v.id}?fields=key,delta`);
      expect(stored.body.data.delta).toEqual({ id: String(id), title: null });
      const key = stored.body.data.key;
      const error = {
        message: expect.any(String),
        extensions: expect.objectContaining({ code: 'FAILED_VALIDATION', field: 'title', type: 'required' }),
      };
      const $meta = { version_id: v.id, delta: { id: String(id), title: null }, error };
      const one = await admin().get(`/items/${articles}/${id}?version=${key}&fields=id,title,body`);
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual({ id, title: null, body: 'Main body', $meta });
      const list = await admin().get(`/items/${articles}?version=${key}&fields=id,title`);
      expect(list.body.data).toEqual([{ id, title: null, $meta }]);
      await expectError(admin().post(`/versions/${v.id}/promote`).send({ mainHash: v.hash }), 400, 'FAILED_VALIDATION');
      expect((await admin().get(`/items/${articles}/${id}?fields=title`)).body.data).toEqual({ title: 'Main title' });
    });
  });

  describe('compare', () => {
    it('answers { outdated, mainHash, current, main }', async () => {
      const id = await article();
      const v = await version(id);
      await admin().post(`/versions/${v.id}/save`).send({ title: 'Compared' });
      const res = await admin().get(`/versions/${v.id}/compare`);
      const main = { id, title: 'Main title', body: 'Main body', views: 1 };
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: { outdated: false, mainHash: objectHash(main), current: { id: String(id), title: 'Compared' }, main },
      });
      expect(res.body.data.mainHash).toBe(v.hash);
    });

    it('stays outdated once the main item changed, whatever is saved later', async () => {
      const id = await article();
      const v = await version(id);
      await admin().patch(`/items/${articles}/${id}`).send({ views: 2 });
      await admin().post(`/versions/${v.id}/save`).send({ title: 'Later' });
      const res = await admin().get(`/versions/${v.id}/compare`);
      expect(res.body.data).toMatchObject({
        outdated: true,
        mainHash: objectHash({ id, title: 'Main title', body: 'Main body', views: 2 }),
      });
    });
  });
});
