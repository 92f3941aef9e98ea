import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, grant } from '../factories/user.factory';
import { cookieValue } from '../helpers/cookies';
import { expectError } from '../helpers/expect-error';
import { graphqlItems } from '../helpers/graphql';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** `POST /shares/auth`: a session that reads one shared item (and what hangs on it), nothing else. */
describe('POST /shares/auth', () => {
  let t: TestApp;
  let articles: string;
  let authors: string;
  let comments: string;
  let notes: string;
  let shared: number;
  let other: number;
  let reader: string;
  const ids: Record<string, number> = {};
  const files: Record<string, string> = {};
  const { data: gqlData } = graphqlItems(() => t);

  beforeAll(async () => {
    // With the data cache on: a share session has no user, like the public, and must not share its answers.
    t = await createTestApp({ env: { CACHE_ENABLED: 'true' } });
    const prefix = uniq('sa');
    authors = await createCollection(t, `${prefix}_authors`, [{ field: 'name', type: 'string' }]);
    articles = await createCollection(t, `${prefix}_articles`, [
      { field: 'title', type: 'string' },
      { field: 'secret', type: 'string' },
      { field: 'author', type: 'integer' },
      { field: 'cover', type: 'uuid' },
    ]);
    comments = await createCollection(t, `${prefix}_comments`, [
      { field: 'text', type: 'string' },
      { field: 'article', type: 'integer' },
    ]);
    notes = await createCollection(t, `${prefix}_notes`, [{ field: 'text', type: 'string' }]);
    await createRelation(t, articles, 'author', authors, 'articles');
    await createRelation(t, comments, 'article', articles, 'comments');
    await createRelation(t, articles, 'cover', 'svc_files');
    const upload = async (name: string) =>
      (
        await t
          .as('admin')
          .post('/files')
          .attach('file', Buffer.from(`${name}\n`), { filename: `${name}.txt`, contentType: 'text/plain' })
      ).body.data.id as string;
    [files.cover, files.other] = [await upload('cover'), await upload('other')];
    const made = async (collection: string, body: unknown[]) =>
      (await t.as('admin').post(`/items/${collection}`).send(body)).body.data.map((r: { id: number }) => r.id);
    [ids.ada, ids.bob] = await made(authors, [{ name: 'Ada' }, { name: 'Bob' }]);
    [shared, other] = await made(articles, [
      { title: 'Shared', secret: 's1', author: ids.ada, cover: files.cover },
      { title: 'Other', secret: 's2', author: ids.bob },
    ]);
    await made(comments, [{ text: 'on shared', article: shared }]);
    [ids.note, ids.otherNote] = await made(notes, [{ text: 'public note' }, { text: 'another note' }]);
    reader = await createRole(t);
    await grant(t, reader, articles, 'read', { fields: ['id', 'title', 'author', 'comments', 'cover'] });
    await grant(t, reader, authors, 'read', { fields: ['id', 'name'] });
    await grant(t, reader, notes, 'read');
    await grant(t, reader, 'svc_files', 'read');
    await grant(t, null, notes, 'read');
  });
  afterAll(() => t.close());

  const share = async (values: Record<string, unknown> = {}) =>
    (
      await t
        .as('admin')
        .post('/shares')
        .send({ collection: articles, item: String(shared), role: reader, ...values })
    ).body.data as { id: string };
  const signIn = async (body: Record<string, unknown>) => {
    const res = await t.as('anonymous').post('/shares/auth').send(body);
    expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 200, errors: undefined });
    return res;
  };
  const tokenFor = async (values: Record<string, unknown> = {}) =>
    (await signIn({ share: (await share(values)).id })).body.data.access_token as string;

  it("signs in (json mode) and reads the shared item with the role's fields, and no other item", async () => {
    const { id } = await share({ password: 'open sesame' });
    const res = await signIn({ share: id, password: 'open sesame' });
    expect(res.body.data).toEqual({
      expires: expect.any(Number),
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const token = res.body.data.access_token;
    expect((await t.as(token).get(`/items/${articles}/${shared}`)).body.data).toEqual({
      id: shared,
      title: 'Shared',
      author: ids.ada,
      cover: files.cover,
    });
    expect((await t.as(token).get(`/items/${articles}?fields=id`)).body.data).toEqual([{ id: shared }]);
    await expectError(t.as(token).get(`/items/${articles}/${other}`), 403, 'FORBIDDEN');
    await expectError(t.as(token).get(`/items/${articles}/${shared}?fields=secret`), 403, 'FORBIDDEN');
    // The role reads notes, but the share opens only its item and what hangs on it.
    await expectError(t.as(token).get(`/items/${notes}`), 403, 'FORBIDDEN');
    expect((await t.as(token).get('/users/me')).body).toEqual({ data: { share: id } });
  });

  it('reads related items through the shared one where the role reads them, and only those', async () => {
    const token = await tokenFor();
    const item = await t.as(token).get(`/items/${articles}/${shared}?fields=title,author.name`);
    expect(item.body.data).toEqual({ title: 'Shared', author: { name: 'Ada' } });
    expect((await t.as(token).get(`/items/${authors}?fields=name`)).body.data).toEqual([{ name: 'Ada' }]);
    await expectError(t.as(token).get(`/items/${authors}/${ids.bob}`), 403, 'FORBIDDEN');
    // The role cannot read comments: the share does not open them either.
    await expectError(t.as(token).get(`/items/${comments}`), 403, 'FORBIDDEN');
    const gql = await gqlData(token, `{ ${articles} { id title author { name } } }`);
    expect(gql[articles]).toEqual([{ id: String(shared), title: 'Shared', author: { name: 'Ada' } }]);
  });

  it('serves the files of the shared item at /assets, and no other', async () => {
    const token = await tokenFor();
    const asset = await t.as(token).get(`/assets/${files.cover}`);
    expect({ status: asset.status, text: asset.text }).toEqual({ status: 200, text: 'cover\n' });
    await expectError(t.as(token).get(`/assets/${files.other}`), 403, 'FORBIDDEN');
    expect((await t.as(token).get(`/files?fields=id`)).body.data).toEqual([{ id: files.cover }]);
  });

  it('writes nothing, not even where the role could', async () => {
    await grant(t, reader, articles, 'update');
    const token = await tokenFor();
    await expectError(t.as(token).patch(`/items/${articles}/${shared}`).send({ title: 'x' }), 403, 'FORBIDDEN');
    await expectError(t.as(token).post(`/items/${articles}`).send({ title: 'x' }), 403, 'FORBIDDEN');
    await expectError(t.as(token).delete(`/items/${articles}/${shared}`), 403, 'FORBIDDEN');
    await expectError(
      t
        .as(token)
        .post('/shares')
        .send({ collection: articles, item: String(shared) }),
      403,
      'FORBIDDEN',
    );
    expect((await t.as('admin').get(`/items/${articles}/${shared}?fields=title`)).body.data.title).toBe('Shared');
  });

  it("reads as the public role when the share has none, apart from the public's cached answers", async () => {
    const token = await tokenFor({ collection: notes, item: String(ids.note), role: null });
    expect((await t.as('anonymous').get(`/items/${notes}?fields=text`)).body.data).toHaveLength(2);
    expect((await t.as(token).get(`/items/${notes}?fields=text`)).body.data).toEqual([{ text: 'public note' }]);
    expect((await t.as('anonymous').get(`/items/${notes}?fields=text`)).body.data).toHaveLength(2);
    await expectError(t.as(token).get(`/items/${articles}/${shared}`), 403, 'FORBIDDEN');
  });

  it('refuses a wrong or missing password, an unknown share and a closed one with 401 INVALID_CREDENTIALS', async () => {
    const locked = await share({ password: 'right' });
    const closed = [
      await share({ date_end: '2020-01-01T00:00:00.000Z' }),
      await share({ date_start: '2999-01-01T00:00:00.000Z' }),
      await share({ max_uses: 0 }),
    ];
    for (const body of [
      { share: locked.id, password: 'wrong' },
      { share: locked.id },
      { share: '00000000-0000-4000-8000-000000000000' },
      { share: 'not-a-uuid' },
      ...closed.map((s) => ({ share: s.id })),
    ]) {
      await expectError(t.as('anonymous').post('/shares/auth').send(body), 401, 'INVALID_CREDENTIALS');
    }
    await expectError(t.as('anonymous').post('/shares/auth').send({}), 400, 'INVALID_PAYLOAD');
    await expectError(
      t.as('anonymous').post('/shares/auth').send({ share: locked.id, password: 'right', mode: 'carrier-pigeon' }),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('counts each sign-in and refuses one past max_uses', async () => {
    const { id } = await share({ max_uses: 2 });
    await signIn({ share: id });
    await signIn({ share: id });
    await expectError(t.as('anonymous').post('/shares/auth').send({ share: id }), 401, 'INVALID_CREDENTIALS');
    expect((await t.as('admin').get(`/shares/${id}?fields=times_used`)).body.data).toEqual({ times_used: 2 });
  });

  it("refreshes and logs out a share session like a user's", async () => {
    const { id } = await share({ max_uses: 1 });
    const first = (await signIn({ share: id })).body.data;
    const refreshed = await t.as('anonymous').post('/auth/refresh').send({ refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data).toEqual({
      expires: expect.any(Number),
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    // A refresh is no new use: the share with one use keeps its session.
    expect((await t.as(refreshed.body.data.access_token).get(`/items/${articles}?fields=id`)).body.data).toEqual([
      { id: shared },
    ]);
    await expectError(
      t.as('anonymous').post('/auth/refresh').send({ refresh_token: first.refresh_token }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(
      (await t.as('anonymous').post('/auth/logout').send({ refresh_token: refreshed.body.data.refresh_token })).status,
    ).toBe(204);
    await expectError(
      t.as('anonymous').post('/auth/refresh').send({ refresh_token: refreshed.body.data.refresh_token }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('stops refreshing once the share is deleted', async () => {
    const { id } = await share();
    const { refresh_token } = (await signIn({ share: id })).body.data;
    expect((await t.as('admin').delete(`/shares/${id}`)).status).toBe(204);
    await expectError(t.as('anonymous').post('/auth/refresh').send({ refresh_token }), 401, 'INVALID_CREDENTIALS');
  });

  it('sets the refresh cookie in cookie mode and the session cookie in session mode', async () => {
    const { id } = await share();
    const cookie = await signIn({ share: id, mode: 'cookie' });
    expect(cookie.body.data).toEqual({ expires: expect.any(Number), access_token: expect.any(String) });
    const refreshToken = cookieValue(cookie, 'svc_refresh_token');
    expect(refreshToken).toEqual(expect.any(String));
    const again = await t
      .as('anonymous')
      .post('/auth/refresh')
      .set('Cookie', `svc_refresh_token=${refreshToken}`)
      .send({});
    expect(again.status).toBe(200);

    const session = await signIn({ share: id, mode: 'session' });
    expect(session.body.data).toEqual({ expires: expect.any(Number) });
    const jwt = cookieValue(session, 'svc_session_token')!;
    const read = await t.as('anonymous').get(`/items/${articles}?fields=id`).set('Cookie', `svc_session_token=${jwt}`);
    expect(read.body.data).toEqual([{ id: shared }]);
    const renewed = await t
      .as('anonymous')
      .post('/auth/refresh')
      .set('Cookie', `svc_session_token=${jwt}`)
      .send({ mode: 'session' });
    const next = cookieValue(renewed, 'svc_session_token')!;
    expect(
      (await t.as('anonymous').get(`/items/${articles}?fields=id`).set('Cookie', `svc_session_token=${next}`)).body
        .data,
    ).toEqual([{ id: shared }]);
    const out = await t
      .as('anonymous')
      .post('/auth/logout')
      .set('Cookie', `svc_session_token=${jwt}`)
      .send({ mode: 'session' });
    expect(out.status).toBe(204);
    await expectError(
      t.as('anonymous').get(`/items/${articles}`).set('Cookie', `svc_session_token=${jwt}`),
      401,
      'INVALID_CREDENTIALS',
    );
  });
});
