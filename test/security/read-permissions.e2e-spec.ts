import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, CreatedUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { GqlSocket } from '../helpers/graphql-ws-client';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';
import { socketUrl, TestSocket } from '../helpers/ws-client';

/**
 * Every read, nested or not, goes through the caller's rules: the own profile, relations into and out
 * of svc_users, count(), sorts by related fields, groupBy and aggregates of secrets, revisions and
 * realtime delete events. Each case is the attacker's request, with the legitimate read beside it.
 */
describe('read permissions on every path', () => {
  let t: TestApp;
  let articles: string;
  let memberRole: string;
  let member: CreatedUser;
  let colleague: CreatedUser;
  let roleless: CreatedUser;
  let file: string;
  const adminEmail = () =>
    t
      .as('admin')
      .get('/users/me?fields=email')
      .then((r) => r.body.data.email as string);

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBSOCKETS_ENABLED: 'true' } });
    articles = await createCollection(t, uniq('articles'), [
      { field: 'title', type: 'string' },
      { field: 'secret_note', type: 'string' },
      { field: 'status', type: 'string' },
      { field: 'owner', type: 'uuid' },
    ]);
    await createRelation(t, articles, 'owner', 'svc_users', 'owned_articles');
    memberRole = await createRole(t, { name: uniq('Members') });
    // Members read published articles without their note, and of users only their own row.
    await grant(t, memberRole, articles, 'read', {
      fields: ['id', 'title', 'status', 'owner'],
      permissions: { status: { _eq: 'published' } },
    });
    await grant(t, memberRole, 'svc_users', 'read', {
      fields: ['id', 'email', 'first_name', 'role', 'avatar', 'password', 'token', 'owned_articles'],
      permissions: { id: { _eq: '$CURRENT_USER' } },
    });
    member = await createUser(t, memberRole);
    colleague = await createUser(t, memberRole);
    roleless = await createUser(t, null);
    const write = (data: object) => t.as('admin').post(`/items/${articles}`).send(data).expect(200);
    await write({ title: 'mine, published', status: 'published', secret_note: 'my note', owner: member.id });
    await write({ title: 'mine, draft', status: 'draft', secret_note: 'my draft note', owner: member.id });
    await write({ title: 'theirs, draft', status: 'draft', secret_note: 'colleague secret', owner: colleague.id });
    file = (
      await t
        .as('admin')
        .post('/files')
        .send({ type: 'text/plain', storage: 'local', title: 'Private admin file' })
        .expect(200)
    ).body.data.id;
  });
  afterAll(() => t.close());

  describe("/users/me and users_me read with the caller's rules", () => {
    it('lists no colleague through role.users', async () => {
      const res = await t.as(member.token).get('/users/me?fields=role.users.*').expect(200);
      expect(res.body.data.role.users.map((u: { id: string }) => u.id)).toEqual([member.id]);
      expect(JSON.stringify(res.body)).not.toContain(colleague.email);
    });

    it('reads no related rows outside the row filter, and no field outside the field list, through a one-to-many', async () => {
      const titles = await t.as(member.token).get('/users/me?fields=role.users.owned_articles.title').expect(200);
      expect(titles.body.data.role.users).toEqual([{ owned_articles: [{ title: 'mine, published' }] }]);
      const notes = await t.as(member.token).get('/users/me?fields=role.users.owned_articles.secret_note').expect(200);
      expect(notes.body).toEqual({ data: { id: member.id } });
    });

    it('reads no file the caller may not read through the avatar, on PATCH and GET', async () => {
      const query = 'fields=avatar.*,avatar.uploaded_by.*';
      const patched = await t.as(member.token).patch(`/users/me?${query}`).send({ avatar: file });
      expect(patched.body).toEqual({ data: { id: member.id } });
      const read = await t.as(member.token).get(`/users/me?${query}`).expect(200);
      expect(read.body).toEqual({ data: { id: member.id } });
      expect(JSON.stringify([patched.body, read.body])).not.toContain(await adminEmail());
    });

    it('gives a user without a role their id alone, whatever they ask', async () => {
      await t.as(roleless.token).patch('/users/me').send({ avatar: file });
      for (const fields of ['*', 'avatar.uploaded_by.email', 'email']) {
        expect((await t.as(roleless.token).get(`/users/me?fields=${fields}`).expect(200)).body).toEqual({
          data: { id: roleless.id },
        });
      }
      const gql = await t
        .as(roleless.token)
        .post('/graphql/system')
        .send({ query: '{ users_me { id email avatar { title } } }' });
      expect(JSON.stringify(gql.body)).not.toMatch(/Private admin file|@example\.com/);
    });

    it('reads the own profile, with the role, as the Studio does', async () => {
      const res = await t.as(member.token).get('/users/me?fields=email,role.name').expect(200);
      expect(res.body.data).toEqual({ email: member.email, role: { name: expect.stringMatching(/^Members/) } });
      // A role without a users rule of its own reads through app access, as the Studio's profile and menu do.
      const studioUser = await createUser(t, await createRole(t));
      const studio = await t
        .as(studioUser.token)
        .get('/users/me?fields=email,tfa_secret,role.admin_access')
        .expect(200);
      expect(studio.body.data).toEqual({ email: studioUser.email, tfa_secret: null, role: { admin_access: false } });
      const patched = await t
        .as(member.token)
        .patch('/users/me?fields=first_name')
        .send({ first_name: 'Grace' })
        .expect(200);
      expect(patched.body).toEqual({ data: { first_name: 'Grace' } });
    });

    it('lists no colleague through GraphQL users_me', async () => {
      const res = await t
        .as(member.token)
        .post('/graphql/system')
        .send({ query: '{ users_me { id role { users { id email } } } }' });
      expect(res.body.data.users_me.role.users).toEqual([{ id: member.id, email: member.email }]);
      expect(JSON.stringify(res.body)).not.toContain(colleague.email);
    });
  });

  describe('functions, sorts and groups', () => {
    it('counts only the related rows the caller may read', async () => {
      const res = await t.as(member.token).get(`/users/${member.id}?fields=count(owned_articles)`).expect(200);
      expect(res.body.data).toEqual({ owned_articles_count: 1 });
      const filtered = await t
        .as(member.token)
        .get(`/users?fields=id&filter[count(owned_articles)][_eq]=2`)
        .expect(200);
      expect(filtered.body.data).toEqual([]);
    });

    it('refuses count() of a collection the caller may not read at all', async () => {
      const notes = await createCollection(t, uniq('notes'), [{ field: 'article', type: 'integer' }]);
      await createRelation(t, notes, 'article', articles, 'notes');
      const role = await createRole(t);
      await grant(t, role, articles, 'read');
      const reader = await createUser(t, role);
      await expectError(t.as(reader.token).get(`/items/${articles}?fields=count(notes)`), 403, 'FORBIDDEN');
      await expectError(t.as(reader.token).get(`/items/${articles}?sort=count(notes)`), 403, 'FORBIDDEN');
      await expectError(t.as(reader.token).get(`/items/${articles}?filter[count(notes)][_gt]=0`), 403, 'FORBIDDEN');
      await t.as('admin').get(`/items/${articles}?fields=count(notes)`).expect(200);
    });

    it('sorts by a related field as if the rows the caller may not read were not there', async () => {
      const role = await createRole(t);
      await grant(t, role, articles, 'read');
      await grant(t, role, 'svc_users', 'read', {
        fields: ['id', 'email'],
        permissions: { id: { _eq: '$CURRENT_USER' } },
      });
      const reader = await createUser(t, role);
      const zed = await createUser(t, { role: memberRole, email: `zzz-${uniq('u')}@example.com` });
      const abe = await createUser(t, { role: memberRole, email: `aaa-${uniq('u')}@example.com` });
      const first = (await t.as('admin').post(`/items/${articles}`).send({ title: 'by zed', owner: zed.id })).body.data
        .id;
      const second = (await t.as('admin').post(`/items/${articles}`).send({ title: 'by abe', owner: abe.id })).body.data
        .id;
      const res = await t
        .as(reader.token)
        .get(`/items/${articles}?fields=id&sort=owner.email,id&filter[id][_in]=${first},${second}`)
        .expect(200);
      // Ordered by the emails it would be [second, first]: the reader may read neither.
      expect(res.body.data.map((a: { id: number }) => a.id)).toEqual([first, second]);
      await expectError(t.as(reader.token).get(`/items/${articles}?sort=owner.first_name`), 403, 'FORBIDDEN');
    });

    it('refuses a field the caller may not read in sort, groupBy and filter', async () => {
      await expectError(t.as(member.token).get(`/items/${articles}?sort=secret_note`), 403, 'FORBIDDEN');
      await expectError(t.as(member.token).get(`/items/${articles}?groupBy=secret_note`), 403, 'FORBIDDEN');
      await expectError(t.as(member.token).get(`/items/${articles}?filter[secret_note][_eq]=x`), 403, 'FORBIDDEN');
    });

    it.each([
      'groupBy=password',
      'groupBy=token',
      'aggregate[min]=password',
      'aggregate[max]=token',
      'sort=password',
      'groupBy=tfa_secret',
    ])('never answers a raw secret: %s is refused, to an admin and to a user on their own row', async (query) => {
      const admin = await expectError(t.as('admin').get(`/users?${query}`), 400, 'INVALID_QUERY');
      expect(JSON.stringify(admin.body)).not.toContain('$argon2');
      if (!query.includes('tfa_secret'))
        await expectError(t.as(member.token).get(`/users?${query}`), 400, 'INVALID_QUERY');
    });

    it('still counts secrets and groups plain fields', async () => {
      const res = await t.as('admin').get('/users?aggregate[count]=password&groupBy=status').expect(200);
      expect(res.body.data).toEqual(
        expect.arrayContaining([{ status: 'active', count: { password: expect.any(Number) } }]),
      );
    });
  });

  describe('revisions', () => {
    it('conceal a hashed field of a collection in data and delta', async () => {
      const vault = await createCollection(t, uniq('vault'), [
        { field: 'title', type: 'string' },
        { field: 'pin', type: 'hash' },
      ]);
      const id = (await t.as('admin').post(`/items/${vault}`).send({ title: 'Before', pin: 'first-pin' })).body.data.id;
      await t.as('admin').patch(`/items/${vault}/${id}`).send({ title: 'After', pin: 'second-pin' }).expect(200);
      const res = await t
        .as('admin')
        .get(`/revisions?filter[collection][_eq]=${vault}&sort=id&fields=data,delta`)
        .expect(200);
      expect(res.body.data).toEqual([
        { data: { title: 'Before', pin: '**********' }, delta: { title: 'Before', pin: '**********' } },
        {
          data: expect.objectContaining({ title: 'After', pin: '**********' }),
          delta: { title: 'After', pin: '**********' },
        },
      ]);
      expect(JSON.stringify(res.body)).not.toContain('$argon2');
      await expectError(t.as('admin').get(`/revisions?filter[data][_contains]=argon2`), 400, 'INVALID_QUERY');
      await expectError(t.as('admin').get(`/revisions?fields=json(data, pin)`), 400, 'INVALID_QUERY');
    });

    it("show an item's copy only as far as the caller may read its collection", async () => {
      const role = await createRole(t);
      await grant(t, role, 'svc_revisions', 'read');
      await grant(t, role, articles, 'read', { fields: ['id', 'title'] });
      const historian = await createUser(t, role);
      const hidden = await createCollection(t, uniq('hidden'), [{ field: 'code', type: 'string' }]);
      await t.as('admin').post(`/items/${hidden}`).send({ code: 'launch code' }).expect(200);
      const seen = await t
        .as(historian.token)
        .get(`/revisions?filter[collection][_eq]=${articles}&fields=data,delta&sort=id&limit=1`)
        .expect(200);
      expect(seen.body.data).toEqual([{ data: { title: 'mine, published' }, delta: { title: 'mine, published' } }]);
      const unseen = await t
        .as(historian.token)
        .get(`/revisions?filter[collection][_eq]=${hidden}&fields=collection,data,delta`)
        .expect(200);
      expect(unseen.body.data).toEqual([{ collection: hidden, data: null, delta: null }]);
      await expectError(t.as(historian.token).get(`/revisions?filter[data][_contains]=launch`), 400, 'INVALID_QUERY');
    });

    it("show nothing of an item outside the caller's row filter", async () => {
      const role = await createRole(t);
      await grant(t, role, 'svc_revisions', 'read');
      await grant(t, role, articles, 'read', {
        fields: ['id', 'title'],
        permissions: { status: { _eq: 'published' } },
      });
      const historian = await createUser(t, role);
      const res = await t
        .as(historian.token)
        .get(`/revisions?filter[collection][_eq]=${articles}&fields=data&sort=id&limit=3`)
        .expect(200);
      // The first three are the creates of a published article and two drafts.
      expect(res.body.data).toEqual([{ data: { title: 'mine, published' } }, { data: null }, { data: null }]);
      expect(JSON.stringify(res.body)).not.toContain('draft');
    });
  });

  describe('realtime delete events', () => {
    let posts: string;
    let reader: CreatedUser;

    beforeAll(async () => {
      posts = await createCollection(t, uniq('posts'), [
        { field: 'title', type: 'string' },
        { field: 'status', type: 'string' },
      ]);
      const role = await createRole(t);
      await grant(t, role, posts, 'read', { permissions: { status: { _eq: 'published' } } });
      reader = await createUser(t, role);
    });

    const create = async (status: string) =>
      (await t.as('admin').post(`/items/${posts}`).send({ title: status, status }).expect(200)).body.data.id as number;

    it('reach only WebSocket subscribers who could read the deleted item', async () => {
      const url = await socketUrl(t);
      const [draft, published] = [await create('draft'), await create('published')];
      const s = await TestSocket.authenticated(url, reader.token);
      s.send({ type: 'subscribe', collection: posts, event: 'delete', uid: 'all' });
      s.send({ type: 'subscribe', collection: posts, item: draft, uid: 'draft' });
      await s.next((f) => f.uid === 'all' && f.event === 'init');
      await s.next((f) => f.uid === 'draft');
      await t.as('admin').delete(`/items/${posts}`).send([draft]).expect(204);
      await t.as('admin').delete(`/items/${posts}`).send([published]).expect(204);
      expect(await s.next()).toEqual({ type: 'subscription', event: 'delete', data: [published], uid: 'all' });
      // The marker: one more readable delete, which must come with nothing for the draft before it.
      const marker = await create('published');
      await t.as('admin').delete(`/items/${posts}`).send([marker]).expect(204);
      expect(await s.framesBefore((f) => f.uid === 'all' && f.data?.[0] === marker)).toEqual([]);
      s.close();
    });

    it('reach only GraphQL subscribers who could read the deleted item', async () => {
      const s = await GqlSocket.open(await socketUrl(t, '/graphql'), reader.token);
      const op = await s.run(`subscription { ${posts}_mutated(event: delete) { key event } }`);
      const [draft, published] = [await create('draft'), await create('published')];
      await t.as('admin').delete(`/items/${posts}/${draft}`).expect(204);
      await t.as('admin').delete(`/items/${posts}/${published}`).expect(204);
      expect(await op.take(1)).toEqual([
        { data: { [`${posts}_mutated`]: { key: String(published), event: 'delete' } } },
      ]);
      const marker = await create('published');
      await t.as('admin').delete(`/items/${posts}/${marker}`).expect(204);
      expect(await op.take(1)).toEqual([{ data: { [`${posts}_mutated`]: { key: String(marker), event: 'delete' } } }]);
      expect(op.results).toEqual([]);
      await s.close();
    });
  });
});
