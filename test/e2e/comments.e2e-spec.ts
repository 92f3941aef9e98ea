import { createCollection, createPublishedAndDraft } from '../factories/collection.factory';
import { createRole, createUser, CreatedUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** `/comments` (svc_comments): remarks on items, only on items one can read, with the reference's app access rules. */
describe('/comments', () => {
  let t: TestApp;
  let articles: string;
  let published: number;
  let draft: number;
  let admin: string;
  let ann: CreatedUser;
  let bob: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    ({ articles, published, draft } = await createPublishedAndDraft(t));
    admin = (await t.as('admin').get('/users/me?fields=id')).body.data.id;
    const role = await createRole(t);
    await grant(t, role, articles, 'read', { permissions: { status: { _eq: 'published' } } });
    ann = await createUser(t, role);
    bob = await createUser(t, role);
  });
  afterAll(() => t.close());

  const comment = async (values: Record<string, unknown>, who = 'admin') => {
    const res = await t
      .as(who)
      .post('/comments')
      .send({ collection: articles, item: String(published), comment: 'Nice', ...values });
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 200, errors: undefined });
    return res.body.data as Record<string, unknown> & { id: string };
  };

  it('creates, reads, lists, updates and deletes comments, one or many', async () => {
    const one = await comment({ comment: 'First!' });
    expect(one).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      collection: articles,
      item: String(published),
      comment: 'First!',
      date_created: expect.any(String),
      date_updated: expect.any(String),
      user_created: admin,
      // As the reference: a comment never edited has no editor.
      user_updated: null,
    });
    const many = await t
      .as('admin')
      .post('/comments?fields=id,item,comment')
      .send([
        { collection: articles, item: draft, comment: 'a' },
        { collection: articles, item: published, comment: 'b' },
      ]);
    expect(many.body.data).toEqual([
      { id: expect.any(String), item: String(draft), comment: 'a' },
      { id: expect.any(String), item: String(published), comment: 'b' },
    ]);
    const keys = many.body.data.map((c: { id: string }) => c.id);
    const list = await t
      .as('admin')
      .get(
        `/comments?filter[collection][_eq]=${articles}&filter[comment][_in]=a,b&sort=-comment&fields=comment,user_created.id&meta=filter_count`,
      );
    expect(list.body).toEqual({
      data: [
        { comment: 'b', user_created: { id: admin } },
        { comment: 'a', user_created: { id: admin } },
      ],
      meta: { filter_count: 2 },
    });
    const found = await t.as('admin').get(`/comments?search=First&filter[item][_eq]=${published}&fields=id`);
    expect(found.body.data).toEqual([{ id: one.id }]);
    expect((await t.as('admin').get(`/comments/${one.id}?fields=comment`)).body.data).toEqual({ comment: 'First!' });

    const edited = await t.as('admin').patch(`/comments/${one.id}`).send({ comment: 'Edited' });
    expect(edited.body.data).toMatchObject({ comment: 'Edited', user_updated: admin });
    expect(Date.parse(edited.body.data.date_updated)).toBeGreaterThanOrEqual(Date.parse(one.date_updated as string));
    const batch = await t
      .as('admin')
      .patch('/comments?fields=comment')
      .send({ keys, data: { comment: 'same' } });
    expect(batch.body.data).toEqual([{ comment: 'same' }, { comment: 'same' }]);
    expect((await t.as('admin').delete('/comments').send(keys)).status).toBe(204);
    expect((await t.as('admin').delete(`/comments/${one.id}`)).status).toBe(204);
    expect((await t.as('admin').get(`/comments?filter[id][_in]=${[one.id, ...keys].join(',')}`)).body.data).toEqual([]);
    await expectError(t.as('admin').get(`/comments/${one.id}`), 403, 'FORBIDDEN');
  });

  it('fills in the author and the dates itself, whatever the payload claims', async () => {
    const claimed = { user_created: bob.id, user_updated: bob.id, date_created: '2001-01-01T00:00:00.000Z' };
    const made = await comment({ ...claimed }, ann.token);
    const stored = (await t.as('admin').get(`/comments/${made.id}`)).body.data;
    expect(stored).toMatchObject({ user_created: ann.id, user_updated: null });
    expect(Math.abs(Date.parse(stored.date_created) - Date.now())).toBeLessThan(60_000);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['without a comment', { comment: undefined }, 'INVALID_PAYLOAD'],
    ['with an empty comment', { comment: '' }, 'INVALID_PAYLOAD'],
    ['without an item', { item: undefined }, 'INVALID_PAYLOAD'],
    ['without a collection', { collection: undefined }, 'INVALID_PAYLOAD'],
    ['on a collection that does not exist', { collection: 'nowhere' }, 'INVALID_FOREIGN_KEY'],
    ['with a collection name longer than its column', { collection: 'x'.repeat(65) }, 'VALUE_TOO_LONG'],
  ])('refuses a comment %s with 400 and the standard body', async (_name, values, code) => {
    const text = uniq('bad');
    await expectError(
      t
        .as('admin')
        .post('/comments')
        .send({ collection: articles, item: String(published), comment: text, ...values }),
      400,
      code,
    );
    expect((await t.as('admin').get(`/comments?filter[comment][_eq]=${text}`)).body.data).toEqual([]);
  });

  it('refuses a body that is no comment, a bad query and anonymous callers', async () => {
    await expectError(
      t.as('admin').post('/comments').send('"hello"').set('Content-Type', 'application/json'),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      t
        .as('admin')
        .post('/comments')
        .send([{ collection: articles, item: published, comment: 'ok' }, 7]),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(t.as('admin').get('/comments?filter[nope][_eq]=1'), 400, 'INVALID_QUERY');
    await expectError(t.as('anonymous').get('/comments'), 403, 'FORBIDDEN');
    await expectError(
      t
        .as('anonymous')
        .post('/comments')
        .send({ collection: articles, item: String(published), comment: 'hi' }),
      403,
      'FORBIDDEN',
    );
  });

  it('lets an app user comment only on items they can read', async () => {
    const mine = await comment({ comment: uniq('mine') }, ann.token);
    expect(mine.user_created).toBe(ann.id);
    await expectError(
      t
        .as(ann.token)
        .post('/comments')
        .send({ collection: articles, item: String(draft), comment: 'peek' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t.as(ann.token).post('/comments').send({ collection: articles, item: '999999', comment: 'ghost' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t.as(ann.token).post('/comments').send({ collection: 'svc_users', item: bob.id, comment: 'about bob' }),
      403,
      'FORBIDDEN',
    );
    // A batch with one item the user may not read writes none.
    const text = uniq('batch');
    const batch = [
      { collection: articles, item: published, comment: text },
      { collection: articles, item: draft, comment: text },
    ];
    await expectError(t.as(ann.token).post('/comments').send(batch), 403, 'FORBIDDEN');
    expect((await t.as('admin').get(`/comments?filter[comment][_eq]=${text}`)).body.data).toEqual([]);

    const outsider = await createUser(t, await createRole(t));
    await expectError(
      t
        .as(outsider.token)
        .post('/comments')
        .send({ collection: articles, item: String(published), comment: 'hi' }),
      403,
      'FORBIDDEN',
    );
  });

  it("shows an app user their own comments, lets them edit and delete those only, and never another's", async () => {
    const mine = await comment({ comment: uniq('ann') }, ann.token);
    const bobs = await comment({ comment: uniq('bob') }, bob.token);
    const admins = await comment({ comment: uniq('admin') });
    const seen = (await t.as(ann.token).get(`/comments?filter[collection][_eq]=${articles}&fields=id,user_created`))
      .body.data;
    expect(seen.map((c: { id: string }) => c.id)).toContain(mine.id);
    expect(seen.every((c: { user_created: string }) => c.user_created === ann.id)).toBe(true);
    await expectError(t.as(ann.token).get(`/comments/${bobs.id}`), 403, 'FORBIDDEN');

    expect((await t.as(ann.token).patch(`/comments/${mine.id}`).send({ comment: 'Rephrased' })).body.data.comment).toBe(
      'Rephrased',
    );
    // The text is theirs to change, not where it stands.
    await expectError(
      t
        .as(ann.token)
        .patch(`/comments/${mine.id}`)
        .send({ item: String(draft) }),
      403,
      'FORBIDDEN',
    );
    for (const other of [bobs.id, admins.id]) {
      await expectError(t.as(ann.token).patch(`/comments/${other}`).send({ comment: 'hijack' }), 403, 'FORBIDDEN');
      await expectError(t.as(ann.token).delete(`/comments/${other}`), 403, 'FORBIDDEN');
    }
    expect((await t.as('admin').get(`/comments/${bobs.id}?fields=comment`)).body.data.comment).toBe(bobs.comment);
    expect((await t.as(ann.token).delete(`/comments/${mine.id}`)).status).toBe(204);
    await expectError(t.as('admin').get(`/comments/${mine.id}`), 403, 'FORBIDDEN');
  });

  it('notifies the users a comment mentions who can read its item, naming them in the quote', async () => {
    const outsider = await createUser(t, await createRole(t));
    const inbox = async (user: string) =>
      (
        await t
          .as('admin')
          .get(
            `/notifications?filter[recipient][_eq]=${user}&filter[item][_in]=${published},${draft}&fields=sender,subject,message,collection,item`,
          )
      ).body.data;
    await t.as('admin').patch(`/users/${ann.id}`).send({ first_name: 'Ann', last_name: 'Lee' });
    await comment({ comment: `@${ann.id} please ask @${bob.id} and @${outsider.id}` });
    expect(await inbox(ann.id)).toEqual([
      {
        sender: admin,
        subject: expect.stringContaining(articles),
        // Ann may read her own name, not Bob's: the quote tells her no more than the Studio would.
        message: expect.stringContaining('> @Ann Lee please ask @Unknown user and @Unknown user'),
        collection: articles,
        item: String(published),
      },
    ]);
    expect(await inbox(bob.id)).toHaveLength(1);
    expect(await inbox(outsider.id)).toEqual([]);
    // Nobody hears of a comment on an item they cannot read, and a mention of no one is no error.
    await comment({ item: String(draft), comment: `@${ann.id} @00000000-0000-4000-8000-000000000000 draft notes` });
    expect(await inbox(ann.id)).toHaveLength(1);
  });

  it('goes with the collection it is on', async () => {
    const gone = await createCollection(t, uniq('gone'), [{ field: 'title', type: 'string' }]);
    const item = (await t.as('admin').post(`/items/${gone}`).send({ title: 'x' })).body.data.id;
    const made = await comment({ collection: gone, item: String(item) });
    expect((await t.as('admin').delete(`/collections/${gone}`)).status).toBe(204);
    await expectError(t.as('admin').get(`/comments/${made.id}`), 403, 'FORBIDDEN');
  });

  it('is listed with its fields and relations in /collections and /fields, and stays out of a schema snapshot', async () => {
    expect((await t.as('admin').get('/collections/svc_comments')).body.data).toMatchObject({
      collection: 'svc_comments',
      meta: { system: true },
    });
    const fields = (await t.as('admin').get('/fields/svc_comments')).body.data;
    expect(fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'collection',
      'comment',
      'date_created',
      'date_updated',
      'id',
      'item',
      'user_created',
      'user_updated',
    ]);
    expect(fields.find((f: { field: string }) => f.field === 'user_created').meta.special).toEqual(['user-created']);
    expect((await t.as('admin').get('/relations/svc_comments/user_created')).body.data).toMatchObject({
      related_collection: 'svc_users',
    });
    const seen = (await t.as(ann.token).get('/collections')).body.data.map((c: { collection: string }) => c.collection);
    expect(seen).toEqual(expect.arrayContaining(['svc_comments', 'svc_translations']));
    const snapshot = JSON.stringify((await t.as('admin').get('/schema/snapshot')).body.data);
    expect(snapshot).toContain(articles);
    for (const system of ['svc_comments', 'svc_dashboards', 'svc_panels', 'svc_translations'])
      expect(snapshot).not.toContain(system);
  });
});
