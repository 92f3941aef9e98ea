import { DataSource } from 'typeorm';
import { createRole, createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { startSmtpSink, SmtpSink } from '../helpers/smtp-sink';
import { ADMIN_EMAIL, createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

const INVITE_URL = 'https://app.example.com/accept';

describe('/users: administration, sessions and /users/me', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let userToken: string;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { ...smtp.env, USER_INVITE_URL_ALLOW_LIST: INVITE_URL } });
    // Without app access: its minimal rules would let the user read their own row of /users.
    const user = await createUser(t, { role: await createRole(t, { app_access: false }) });
    userToken = await t.login(user.email, user.password);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('admin CRUD', () => {
    it('creates a user, never showing the password', async () => {
      const role = await createRole(t);
      const email = `${uniq('new')}@example.com`;
      const res = await t
        .as('admin')
        .post('/users')
        .send({ email, password: 'secret-password', role, first_name: 'Ada' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: expect.any(String),
        email,
        first_name: 'Ada',
        role,
        status: 'active',
        password: '**********',
        tfa_secret: null,
        token: null,
      });
      expect(JSON.stringify(res.body)).not.toContain('secret-password');
      expect((await t.as('anonymous').post('/auth/login').send({ email, password: 'secret-password' })).status).toBe(
        200,
      );
    });

    it('reads one user and a page of users, narrowed by fields', async () => {
      const user = await createUser(t);
      const one = await t.as('admin').get(`/users/${user.id}?fields=id,email`);
      expect(one.body).toEqual({ data: { id: user.id, email: user.email } });
      const page = await t.as('admin').get('/users?limit=2&offset=0&fields=id');
      expect(page.status).toBe(200);
      expect(page.body.data).toHaveLength(2);
      expect(Object.keys(page.body.data[0])).toEqual(['id']);
      const all = await t.as('admin').get('/users?limit=-1');
      expect(all.body.data.map((u: { email: string }) => u.email)).toEqual(
        expect.arrayContaining([ADMIN_EMAIL, user.email]),
      );
      const rest = await t.as('admin').get('/users?limit=-1&offset=1');
      expect(rest.body.data).toEqual(all.body.data.slice(1));
      await expectError(t.as('admin').get('/users?limit=abc'), 400, 'INVALID_QUERY');
    });

    it('updates and deletes a user', async () => {
      const user = await createUser(t);
      const patched = await t
        .as('admin')
        .patch(`/users/${user.id}`)
        .send({ title: 'Editor', tags: ['a', 'b'] });
      expect(patched.body.data).toMatchObject({ id: user.id, title: 'Editor', tags: ['a', 'b'] });
      expect((await t.as('admin').delete(`/users/${user.id}`)).status).toBe(204);
      await expectError(t.as('admin').get(`/users/${user.id}`), 403, 'FORBIDDEN');
    });

    it('creates, updates and deletes several users with batch bodies', async () => {
      const role = await createRole(t);
      const emails = [`${uniq('b1')}@example.com`, `${uniq('b2')}@example.com`];
      const created = await t
        .as('admin')
        .post('/users')
        .send(emails.map((email) => ({ email, role })));
      expect(created.status).toBe(200);
      expect(created.body.data.map((u: { email: string }) => u.email)).toEqual(emails);
      const ids = created.body.data.map((u: { id: string }) => u.id);

      const byKeys = await t
        .as('admin')
        .patch('/users')
        .send({ keys: ids, data: { title: 'Batch' } });
      expect(byKeys.body.data.map((u: { title: string }) => u.title)).toEqual(['Batch', 'Batch']);
      const each = await t
        .as('admin')
        .patch('/users')
        .send([
          { id: ids[0], first_name: 'One' },
          { id: ids[1], first_name: 'Two' },
        ]);
      expect(each.body.data.map((u: { first_name: string }) => u.first_name)).toEqual(['One', 'Two']);

      expect(
        (
          await t
            .as('admin')
            .delete('/users')
            .send({ keys: [ids[0]] })
        ).status,
      ).toBe(204);
      expect((await t.as('admin').delete('/users').send([ids[1]])).status).toBe(204);
      for (const id of ids) await expectError(t.as('admin').get(`/users/${id}`), 403, 'FORBIDDEN');
    });

    it('writes nothing when one item of a batch is refused', async () => {
      const existing = await createUser(t);
      const fresh = `${uniq('fresh')}@example.com`;
      await expectError(
        t
          .as('admin')
          .post('/users')
          .send([{ email: fresh }, { email: existing.email }]),
        400,
        'RECORD_NOT_UNIQUE',
      );
      const all = (await t.as('admin').get('/users?limit=-1&fields=email')).body.data.map(
        (u: { email: string }) => u.email,
      );
      expect(all).not.toContain(fresh);

      await expectError(
        t
          .as('admin')
          .patch('/users')
          .send([
            { id: existing.id, title: 'Changed' },
            { id: '00000000-0000-4000-8000-000000000000', title: 'x' },
          ]),
        403,
        'FORBIDDEN',
      );
      expect((await t.as('admin').get(`/users/${existing.id}`)).body.data.title).toBeNull();
      await expectError(
        t
          .as('admin')
          .patch('/users')
          .send({ keys: [existing.id] }),
        400,
        'INVALID_PAYLOAD',
      );
      const other = await createUser(t);
      await expectError(
        t
          .as('admin')
          .patch('/users')
          .send({ keys: [existing.id, other.id], data: { email: `${uniq('same')}@example.com` } }),
        400,
        'RECORD_NOT_UNIQUE',
      );
      await expectError(t.as('admin').delete('/users').send({ keys: [] }), 400, 'INVALID_PAYLOAD');
      await expectError(t.as('admin').post('/users').send(['not-an-object']), 400, 'INVALID_PAYLOAD');
    });

    it.each([
      ['an unknown id', 'get', '/users/00000000-0000-4000-8000-000000000000'],
      ['a malformed id', 'get', '/users/not-a-uuid'],
      ['deleting an unknown id', 'delete', '/users/00000000-0000-4000-8000-000000000000'],
    ])('answers %s with 403 FORBIDDEN', (_label, method, url) =>
      expectError(t.as('admin')[method as 'get' | 'delete'](url), 403, 'FORBIDDEN'),
    );

    it('refuses a duplicate email and bad values with 400', async () => {
      const user = await createUser(t);
      await expectError(t.as('admin').post('/users').send({ email: user.email }), 400, 'RECORD_NOT_UNIQUE');
      await expectError(t.as('admin').post('/users').send({ email: 'not-an-email' }), 400, 'FAILED_VALIDATION');
      await expectError(
        t.as('admin').post('/users').send({ email: user.email.toUpperCase() }),
        400,
        'RECORD_NOT_UNIQUE',
      );
      await expectError(
        t.as('admin').patch(`/users/${user.id}`).send({ tfa_secret: 'JBSWY3DPEHPK3PXP' }),
        400,
        'INVALID_PAYLOAD',
      );
      await expectError(t.as('admin').patch(`/users/${user.id}`).send({ status: 'sleeping' }), 400, 'INVALID_PAYLOAD');
      await expectError(
        t
          .as('admin')
          .post('/users')
          .send({ email: `${uniq('x')}@example.com`, role: '00000000-0000-4000-8000-000000000000' }),
        400,
        'INVALID_PAYLOAD',
      );
    });

    it('applies the password policy', async () => {
      const ds = t.app.get(DataSource);
      await ds.query(`UPDATE svc_settings SET auth_password_policy = '^.{12,}$'`);
      try {
        await expectError(
          t
            .as('admin')
            .post('/users')
            .send({ email: `${uniq('p')}@example.com`, password: 'short' }),
          400,
          'FAILED_VALIDATION',
        );
      } finally {
        await ds.query(`UPDATE svc_settings SET auth_password_policy = NULL`);
      }
    });

    it.each([
      ['GET /users', 'get', '/users'],
      ['POST /users', 'post', '/users'],
      ['GET /users/:id', 'get', '/users/00000000-0000-4000-8000-000000000000'],
      ['PATCH /users/:id', 'patch', '/users/00000000-0000-4000-8000-000000000000'],
      ['DELETE /users/:id', 'delete', '/users/00000000-0000-4000-8000-000000000000'],
    ])('%s is admin only', async (_label, method, url) => {
      await expectError(t.as(userToken)[method as 'get'](url), 403, 'FORBIDDEN');
      await expectError(t.as('anonymous')[method as 'get'](url), 403, 'FORBIDDEN');
    });
  });

  describe('status and password effects on sessions', () => {
    it.each(['suspended', 'archived', 'draft'])('setting %s ends every session of the user', async (status) => {
      const user = await createUser(t);
      const { refresh_token } = (
        await t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password })
      ).body.data;
      await t.as('admin').patch(`/users/${user.id}`).send({ status });
      await expectError(t.as('anonymous').post('/auth/refresh').send({ refresh_token }), 401, 'INVALID_CREDENTIALS');
    });

    it('a new password ends the sessions', async () => {
      const user = await createUser(t);
      const { refresh_token } = (
        await t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password })
      ).body.data;
      await t.as('admin').patch(`/users/${user.id}`).send({ password: 'changed-password' });
      await expectError(t.as('anonymous').post('/auth/refresh').send({ refresh_token }), 401, 'INVALID_CREDENTIALS');
      expect(
        (await t.as('anonymous').post('/auth/login').send({ email: user.email, password: 'changed-password' })).status,
      ).toBe(200);
    });

    it('other edits keep the sessions', async () => {
      const user = await createUser(t);
      const { refresh_token } = (
        await t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password })
      ).body.data;
      await t.as('admin').patch(`/users/${user.id}`).send({ first_name: 'Same' });
      expect((await t.as('anonymous').post('/auth/refresh').send({ refresh_token })).status).toBe(200);
    });
  });

  describe('/users/me', () => {
    it('reads and updates the caller', async () => {
      const user = await createUser(t);
      const token = await t.login(user.email, user.password);
      const me = await t.as(token).get('/users/me');
      expect(me.body.data).toMatchObject({ id: user.id, email: user.email, password: '**********' });
      const patched = await t.as(token).patch('/users/me').send({ first_name: 'Grace', language: 'fr-FR' });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({ id: user.id, first_name: 'Grace', language: 'fr-FR' });
    });

    it('reads and sets the writing direction and the theme overrides, as the reference', async () => {
      const user = await createUser(t);
      const token = await t.login(user.email, user.password);
      const me = await t.as(token).get('/users/me?fields=text_direction,theme_light_overrides,theme_dark_overrides');
      expect(me.body.data).toEqual({ text_direction: 'auto', theme_light_overrides: null, theme_dark_overrides: null });
      const overrides = { primary: '#6644ff', navigation: { background: '#111' } };
      const patched = await t
        .as(token)
        .patch('/users/me?fields=text_direction,theme_dark_overrides')
        .send({ text_direction: 'rtl', theme_dark_overrides: overrides });
      expect(patched.body.data).toEqual({ text_direction: 'rtl', theme_dark_overrides: overrides });
      await expectError(t.as(token).patch('/users/me').send({ text_direction: 'up' }), 400, 'INVALID_PAYLOAD');
    });

    it('keeps a non-admin from changing their role or status', async () => {
      const user = await createUser(t);
      const token = await t.login(user.email, user.password);
      const adminRole = await createRole(t, { admin: true });
      await expectError(t.as(token).patch('/users/me').send({ role: adminRole }), 403, 'FORBIDDEN');
      await expectError(
        t
          .as(token)
          .patch('/users/me')
          .send({ role: { id: adminRole } }),
        403,
        'FORBIDDEN',
      );
      await expectError(t.as(token).patch('/users/me').send({ status: 'active' }), 403, 'FORBIDDEN');
    });

    it('lets an administrator change their own role given as a related row with its key, in REST and GraphQL', async () => {
      const admin = await createUser(t, { role: await createRole(t, { admin: true }) });
      const token = await t.login(admin.email, admin.password);
      const [rest, graphql] = [await createRole(t, { admin: true }), await createRole(t, { admin: true })];
      const patched = await t
        .as(token)
        .patch('/users/me?fields=id,role')
        .send({ role: { id: rest } });
      expect({ status: patched.status, data: patched.body.data }).toEqual({
        status: 200,
        data: { id: admin.id, role: rest },
      });
      const mutation = `mutation($role: ID!) { update_users_me(data: { role: { id: $role } }) { role { id } } }`;
      const res = await t
        .as(token)
        .post('/graphql/system')
        .send({ query: mutation, variables: { role: graphql } });
      expect(res.body).toEqual({ data: { update_users_me: { role: { id: graphql } } } });
    });

    it('changes the own password', async () => {
      const user = await createUser(t);
      const token = await t.login(user.email, user.password);
      expect((await t.as(token).patch('/users/me').send({ password: 'my-new-password' })).status).toBe(200);
      expect(
        (await t.as('anonymous').post('/auth/login').send({ email: user.email, password: 'my-new-password' })).status,
      ).toBe(200);
    });

    it('answers anonymous callers with 401', () =>
      expectError(t.as('anonymous').patch('/users/me').send({}), 401, 'INVALID_CREDENTIALS'));
  });
});
