import * as jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { createCollection, createPublishedAndDraft } from '../factories/collection.factory';
import { createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/**
 * Access through policies, as the reference platform 11+ has it: policies with their permissions,
 * attached to roles (nesting) and to users, written in the reference's own body forms.
 */
describe('policies', () => {
  let t: TestApp;
  let articles: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ articles } = await createPublishedAndDraft(t));
  });
  afterAll(() => t.close());

  const readPolicy = (collection: string, permissions: unknown = null) => ({
    collection,
    action: 'read',
    fields: ['*'],
    permissions,
  });
  const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((a) => a.title).sort();

  async function policy(body: Record<string, unknown>): Promise<string> {
    const res = await t
      .as('admin')
      .post('/policies')
      .send({ name: uniq('policy'), ...body });
    expect(res.status).toBe(200);
    return res.body.data.id as string;
  }

  /** A role attached to `policies` in the reference's detailed form, and a signed-in user of it. */
  async function userOfRole(policies: string[], extra: Record<string, unknown> = {}) {
    const res = await t
      .as('admin')
      .post('/roles')
      .send({
        name: uniq('role'),
        policies: { create: policies.map((p) => ({ policy: p })), update: [], delete: [] },
        ...extra,
      });
    expect(res.status).toBe(200);
    return createUser(t, res.body.data.id as string);
  }

  it('creates a policy with its permissions, attaches it to a role, and its users read what it grants and nothing else', async () => {
    const id = await policy({
      app_access: true,
      permissions: [readPolicy(articles, { status: { _eq: 'published' } })],
    });
    const read = (
      await t
        .as('admin')
        .get(`/policies/${id}?fields=name,app_access,admin_access,permissions.collection,permissions.action`)
        .expect(200)
    ).body.data;
    expect(read).toMatchObject({
      app_access: true,
      admin_access: false,
      permissions: [{ collection: articles, action: 'read' }],
    });
    const user = await userOfRole([id]);
    expect(titles(await t.as(user.token).get(`/items/${articles}?fields=title`).expect(200))).toEqual(['Out']);
    await expectError(t.as(user.token).post(`/items/${articles}`).send({ title: 'x' }), 403, 'FORBIDDEN');
    await expectError(t.as(user.token).get('/policies'), 403, 'FORBIDDEN');
    expect((await t.as(user.token).get('/policies/me/globals').expect(200)).body.data).toEqual({
      app_access: true,
      admin_access: false,
      enforce_tfa: false,
    });
    expect((await t.as(user.token).get('/permissions/me').expect(200)).body.data[articles].read.access).toBe('partial');
  });

  it('gives nothing through a role created as a reference client creates it, { name }: no app access until a policy gives it', async () => {
    const user = await userOfRole([]);
    expect((await t.as(user.token).get('/policies/me/globals').expect(200)).body.data).toEqual({
      app_access: false,
      admin_access: false,
      enforce_tfa: false,
    });
    await expectError(t.as(user.token).get('/collections'), 403, 'FORBIDDEN');
    await expectError(t.as(user.token).get('/fields'), 403, 'FORBIDDEN');
    const app = await userOfRole([await policy({ app_access: true })]);
    expect((await t.as(app.token).get('/collections').expect(200)).body.data.length).toBeGreaterThan(0);
  });

  it('creates a role with a new policy nested in its access row, and lists them both ways', async () => {
    const res = await t
      .as('admin')
      .post('/roles?fields=id,policies.policy.name,policies.policy.permissions.collection')
      .send({
        name: uniq('role'),
        policies: {
          create: [{ policy: { name: 'Nested', permissions: [readPolicy(articles)] } }],
          update: [],
          delete: [],
        },
      })
      .expect(200);
    expect(res.body.data.policies).toEqual([{ policy: { name: 'Nested', permissions: [{ collection: articles }] } }]);
    const user = await createUser(t, res.body.data.id as string);
    expect(titles(await t.as(user.token).get(`/items/${articles}?fields=title`).expect(200))).toEqual(['Out', 'Soon']);
  });

  it('gives a user the policies of their own (plain array form), and takes them away at once when the access row goes', async () => {
    const id = await policy({ permissions: [readPolicy(articles)] });
    const user = await createUser(t, { role: null, policies: [{ policy: id }] });
    const token = await t.login(user.email, user.password);
    expect(titles(await t.as(token).get(`/items/${articles}?fields=title`).expect(200))).toEqual(['Out', 'Soon']);
    const rows = (await t.as('admin').get(`/users/${user.id}?fields=policies.id`).expect(200)).body.data.policies;
    await t
      .as('admin')
      .patch(`/users/${user.id}`)
      .send({ policies: { create: [], update: [], delete: rows.map((r: { id: string }) => r.id) } })
      .expect(200);
    await expectError(t.as(token).get(`/items/${articles}?fields=title`), 403, 'FORBIDDEN');
  });

  it("lists a policy's access rows as the reference does: its roles those with a role, its users those with a user", async () => {
    const role = (
      await t
        .as('admin')
        .post('/roles')
        .send({ name: uniq('role') })
        .expect(200)
    ).body.data.id;
    const user = await createUser(t, { role: null });
    const id = await policy({
      roles: { create: [{ role }], update: [], delete: [] },
      users: { create: [{ user: user.id }], update: [], delete: [] },
    });
    const read = async () =>
      (
        await t
          .as('admin')
          .get(`/policies/${id}?fields=roles,users,roles.role,users.user.email,count(roles),count(users)`)
          .expect(200)
      ).body.data;
    const both = await read();
    expect(both).toMatchObject({
      roles: [{ role }],
      users: [{ user: { email: user.email } }],
      roles_count: 1,
      users_count: 1,
    });
    const keys = (await t.as('admin').get(`/policies/${id}?fields=roles,users`).expect(200)).body.data;
    expect(keys.roles).toHaveLength(1);
    expect(keys.users).toHaveLength(1);
    expect(keys.roles[0]).not.toBe(keys.users[0]);
    const byUser = await t.as('admin').get(`/policies?fields=id&filter[users][user][_eq]=${user.id}`).expect(200);
    expect(byUser.body.data).toEqual([{ id }]);
    const byRole = await t.as('admin').get(`/policies?fields=id&filter[roles][role][_eq]=${user.id}`).expect(200);
    expect(byRole.body.data).toEqual([]);
    // The complete-set form replaces the roles only: the user keeps the policy.
    await t.as('admin').patch(`/policies/${id}`).send({ roles: [] }).expect(200);
    expect(await read()).toMatchObject({ roles: [], users: [{ user: { email: user.email } }] });
    expect(
      (await t.as('admin').get(`/users/${user.id}?fields=policies.policy`).expect(200)).body.data.policies,
    ).toEqual([{ policy: id }]);
    const open = (
      await t.as('admin').get('/policies/abf8a154-5b1c-4a46-ac9c-7300570f4f17?fields=roles,users').expect(200)
    ).body.data;
    expect(open).toEqual({ roles: [], users: [] });
  });

  it.each([
    ['a role whose policies hold a null', '/roles', { policies: [null] }, '"policies" must hold keys or objects'],
    ['a user whose policies hold a boolean', '/users', { policies: [true] }, '"policies" must hold keys or objects'],
    [
      'a policy whose permissions hold a null',
      '/policies',
      { permissions: [null] },
      '"permissions" must hold keys or objects',
    ],
    [
      'a role whose access rows to delete hold an object',
      '/roles',
      { policies: { create: [], update: [], delete: [{}] } },
      '"policies.delete" must hold keys',
    ],
  ])('refuses %s as a bad payload, storing nothing', async (_case, route, body, reason) => {
    const name = uniq('refused');
    const identity = route === '/users' ? { email: `${name}@example.com` } : { name };
    const res = await t
      .as('admin')
      .post(route)
      .send({ ...identity, ...body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toEqual({ code: 'INVALID_PAYLOAD', reason });
    const filter = encodeURIComponent(
      JSON.stringify(route === '/users' ? { email: { _eq: identity.email } } : { name: { _eq: name } }),
    );
    expect((await t.as('admin').get(`${route}?filter=${filter}`).expect(200)).body.data).toEqual([]);
  });

  it('makes a user an administrator when any of their policies has admin access', async () => {
    const admin = await policy({ admin_access: true, app_access: true });
    const user = await userOfRole([await policy({})]);
    await expectError(t.as(user.token).get('/permissions'), 403, 'FORBIDDEN');
    await t
      .as('admin')
      .patch(`/users/${user.id}`)
      .send({ policies: [{ policy: admin }] })
      .expect(200);
    const token = await t.login(user.email, user.password);
    expect(jwt.decode(token)).toMatchObject({ admin_access: true, app_access: true });
    await t.as(token).get('/permissions').expect(200);
    expect((await t.as(user.token).get('/policies/me/globals').expect(200)).body.data.admin_access).toBe(true);
  });

  it('answers /policies/me/globals to anonymous callers with no app access', async () => {
    expect((await t.as('anonymous').get('/policies/me/globals').expect(200)).body.data).toEqual({ app_access: false });
  });

  it('gives a child role the policies of its parents, refuses a cycle of parents, and survives one already stored', async () => {
    const id = await policy({ permissions: [readPolicy(articles, { status: { _eq: 'draft' } })] });
    const parent = (
      await t
        .as('admin')
        .post('/roles')
        .send({ name: uniq('parent'), policies: [{ policy: id }] })
        .expect(200)
    ).body.data.id;
    const child = (
      await t
        .as('admin')
        .post('/roles?fields=id,parent')
        .send({ name: uniq('child'), parent })
        .expect(200)
    ).body.data;
    expect(child.parent).toBe(parent);
    expect((await t.as('admin').get(`/roles/${parent}?fields=children`).expect(200)).body.data.children).toEqual([
      child.id,
    ]);
    const user = await createUser(t, child.id as string);
    expect(titles(await t.as(user.token).get(`/items/${articles}?fields=title`).expect(200))).toEqual(['Soon']);
    await expectError(t.as('admin').patch(`/roles/${parent}`).send({ parent: child.id }), 400, 'INVALID_PAYLOAD');
    // A loop stored before the check (or by hand): access is still computed, then reloaded on the next change.
    const db = t.app.get(DataSource);
    await db.query(
      `UPDATE svc_roles SET ${db.driver.escape('parent')} = ${db.driver.createParameter('parent', 0)} WHERE id = ${db.driver.createParameter('id', 1)}`,
      [child.id, parent],
    );
    await policy({});
    expect(titles(await t.as(user.token).get(`/items/${articles}?fields=title`).expect(200))).toEqual(['Soon']);
  });

  it('unions the rules of several policies', async () => {
    const drafts = await policy({ permissions: [readPolicy(articles, { status: { _eq: 'draft' } })] });
    const published = await policy({ permissions: [readPolicy(articles, { status: { _eq: 'published' } })] });
    const user = await userOfRole([drafts, published]);
    expect(titles(await t.as(user.token).get(`/items/${articles}?fields=title`).expect(200))).toEqual(['Out', 'Soon']);
  });

  it('resolves $CURRENT_POLICIES and $CURRENT_ROLES (the whole role chain) in rules', async () => {
    const notes = await createCollection(t, uniq('notes'), [{ field: 'audience', type: 'string' }]);
    const mine = await policy({ permissions: [readPolicy(notes, { audience: { _in: '$CURRENT_POLICIES' } })] });
    const byRole = await policy({ permissions: [readPolicy(notes, { audience: { _in: '$CURRENT_ROLES' } })] });
    const parent = (
      await t
        .as('admin')
        .post('/roles')
        .send({ name: uniq('parent') })
        .expect(200)
    ).body.data.id;
    const user = await userOfRole([mine], { parent });
    await t
      .as('admin')
      .patch(`/users/${user.id}`)
      .send({ policies: [{ policy: byRole }] })
      .expect(200);
    await t
      .as('admin')
      .post(`/items/${notes}`)
      .send([{ audience: mine }, { audience: parent }, { audience: user.role }, { audience: 'someone-else' }])
      .expect(200);
    const seen = (await t.as(user.token).get(`/items/${notes}?fields=audience`).expect(200)).body.data.map(
      (n: { audience: string }) => n.audience,
    );
    expect(seen.sort()).toEqual([mine, parent, user.role].sort());
  });

  it("limits a policy's grants to its ip_access: from another address it contributes nothing, without an error", async () => {
    const elsewhere = await policy({ ip_access: '203.0.113.0/24', permissions: [readPolicy(articles)] });
    const here = await policy({
      ip_access: '127.0.0.1,::1',
      permissions: [readPolicy(articles, { status: { _eq: 'published' } })],
    });
    const user = await userOfRole([elsewhere]);
    await expectError(t.as(user.token).get(`/items/${articles}`), 403, 'FORBIDDEN');
    await t
      .as('admin')
      .patch(`/users/${user.id}`)
      .send({ policies: [{ policy: here }] })
      .expect(200);
    expect(titles(await t.as(user.token).get(`/items/${articles}?fields=title`).expect(200))).toEqual(['Out']);
  });

  it("signs in from any address, but the token's admin and app access come only from the policies whose ip_access lets the caller in (sign-in and refresh)", async () => {
    const office = '198.51.100.0/24';
    const admin = await policy({ admin_access: true, app_access: true, ip_access: office });
    const tfa = await policy({ enforce_tfa: true, ip_access: office });
    const user = await createUser(t, { role: null, policies: [{ policy: admin }, { policy: tfa }] });
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    const signIn = (ip: string) =>
      t
        .as('anonymous')
        .post('/auth/login')
        .set(from(ip))
        .send({ email: user.email, password: user.password })
        .expect(200);
    const outside = (await signIn('203.0.113.7')).body.data;
    expect(jwt.decode(outside.access_token)).toMatchObject({
      admin_access: false,
      app_access: false,
      enforce_tfa: true,
    });
    const inside = (await signIn('198.51.100.7')).body.data;
    expect(jwt.decode(inside.access_token)).toMatchObject({ admin_access: true, app_access: true, enforce_tfa: true });
    await t.as(inside.access_token).get('/permissions').set(from('198.51.100.7')).expect(200);
    await expectError(t.as(inside.access_token).get('/permissions').set(from('203.0.113.7')), 403, 'FORBIDDEN');
    const refreshed = await t
      .as('anonymous')
      .post('/auth/refresh')
      .set(from('203.0.113.7'))
      .send({ refresh_token: inside.refresh_token, mode: 'json' })
      .expect(200);
    expect(jwt.decode(refreshed.body.data.access_token)).toMatchObject({ admin_access: false, app_access: false });
    const back = await t
      .as('anonymous')
      .post('/auth/refresh')
      .set(from('198.51.100.9'))
      .send({ refresh_token: refreshed.body.data.refresh_token, mode: 'json' })
      .expect(200);
    expect(jwt.decode(back.body.data.access_token)).toMatchObject({ admin_access: true, app_access: true });
  });

  it('puts enforce_tfa in the token when a policy enforces it and the user has no secret', async () => {
    const user = await userOfRole([await policy({ enforce_tfa: true, app_access: true })]);
    expect(jwt.decode(user.token)).toMatchObject({ enforce_tfa: true });
    expect((await t.as(user.token).get('/policies/me/globals').expect(200)).body.data.enforce_tfa).toBe(true);
    const plain = await userOfRole([await policy({ app_access: true })]);
    expect(jwt.decode(plain.token)).not.toHaveProperty('enforce_tfa');
  });

  it('serves policies through GraphQL too', async () => {
    const id = await policy({ name: 'Through GraphQL', permissions: [readPolicy(articles)] });
    const res = await t
      .as('admin')
      .post('/graphql/system')
      .send({ query: `{ policies_by_id(id: "${id}") { name permissions { collection } } }` })
      .expect(200);
    expect(res.body.data.policies_by_id).toEqual({ name: 'Through GraphQL', permissions: [{ collection: articles }] });
    // A role of its own sets no app access here: Vellum's roles keep their own flags (app access by default).
    const user = await userOfRole([id], { app_access: false });
    const globals = await t
      .as(user.token)
      .post('/graphql/system')
      .send({ query: '{ policies_me_globals { app_access admin_access enforce_tfa } }' })
      .expect(200);
    expect(globals.body.data.policies_me_globals).toEqual({
      app_access: false,
      admin_access: false,
      enforce_tfa: false,
    });
    const anonymous = await t
      .as('anonymous')
      .post('/graphql/system')
      .send({ query: '{ policies_me_globals { app_access admin_access } }' })
      .expect(200);
    expect(anonymous.body.data.policies_me_globals).toEqual({ app_access: false, admin_access: null });
  });
});
