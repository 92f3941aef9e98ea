import { DataSource } from 'typeorm';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('/users writes per permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** What is stored, not what the API shows. */
  async function stored(id: string): Promise<{ password: string | null; token: string | null; role: string | null }> {
    const [row] = await t.app.get(DataSource).query(`SELECT password, token, role FROM svc_users WHERE id = '${id}'`);
    return row;
  }

  async function refreshTokenOf(user: { email: string; password: string }): Promise<string> {
    return (await t.as('anonymous').post('/auth/login').send({ email: user.email, password: user.password })).body.data
      .refresh_token;
  }

  describe('update on first_name only, for id = $CURRENT_USER', () => {
    let role: string;
    let self: Awaited<ReturnType<typeof createUser>>;
    let other: Awaited<ReturnType<typeof createUser>>;
    beforeAll(async () => {
      role = await createRole(t);
      await grant(t, role, 'svc_users', 'read');
      await grant(t, role, 'svc_users', 'update', {
        fields: ['first_name'],
        permissions: { id: { _eq: '$CURRENT_USER' } },
      });
      self = await createUser(t, role);
      other = await createUser(t, role);
    });

    it('updates the own first_name', async () => {
      const res = await t.as(self.token).patch(`/users/${self.id}`).send({ first_name: 'Ada' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: self.id, first_name: 'Ada', password: '**********' });
    });

    it('updates through { keys, data } and an array of users', async () => {
      const byKeys = await t
        .as(self.token)
        .patch('/users')
        .send({ keys: [self.id], data: { first_name: 'Grace' } });
      expect(byKeys.status).toBe(200);
      expect(byKeys.body.data).toEqual([expect.objectContaining({ id: self.id, first_name: 'Grace' })]);
      const byArray = await t
        .as(self.token)
        .patch('/users')
        .send([{ id: self.id, first_name: 'Hedy' }]);
      expect(byArray.status).toBe(200);
      expect(byArray.body.data).toEqual([expect.objectContaining({ id: self.id, first_name: 'Hedy' })]);
    });

    it('refuses another user, a missing user and other fields with 403', async () => {
      await expectError(t.as(self.token).patch(`/users/${other.id}`).send({ first_name: 'Nope' }), 403, 'FORBIDDEN');
      await expectError(
        t.as(self.token).patch('/users/00000000-0000-4000-8000-000000000000').send({ first_name: 'Nope' }),
        403,
        'FORBIDDEN',
      );
      await expectError(t.as(self.token).patch(`/users/${self.id}`).send({ last_name: 'Nope' }), 403, 'FORBIDDEN');
      await expectError(
        t
          .as(self.token)
          .patch('/users')
          .send({ keys: [self.id, other.id], data: { first_name: 'Nope' } }),
        403,
        'FORBIDDEN',
      );
      const untouched = await t.as('admin').get(`/users/${other.id}`);
      expect(untouched.body.data.first_name).not.toBe('Nope');
    });

    it('never lets the user grant themselves admin', async () => {
      const adminRole = await createRole(t, { admin: true });
      await expectError(t.as(self.token).patch(`/users/${self.id}`).send({ role: adminRole }), 403, 'FORBIDDEN');
      await expectError(
        t
          .as(self.token)
          .patch('/users')
          .send({ keys: [self.id], data: { role: adminRole } }),
        403,
        'FORBIDDEN',
      );
      expect((await stored(self.id)).role).toBe(role);
      // App access reads the own role only (as the reference), never the admin one.
      await expectError(t.as(self.token).get(`/roles/${adminRole}`), 403, 'FORBIDDEN');
    });

    it('refuses create and delete without those permissions', async () => {
      await expectError(
        t
          .as(self.token)
          .post('/users')
          .send({ email: `${uniq('x')}@example.com` }),
        403,
        'FORBIDDEN',
      );
      await expectError(t.as(self.token).delete(`/users/${self.id}`), 403, 'FORBIDDEN');
      await expectError(t.as(self.token).delete('/users').send([self.id]), 403, 'FORBIDDEN');
      expect((await t.as('admin').get(`/users/${self.id}`)).status).toBe(200);
    });
  });

  describe('create with presets and validation', () => {
    let presetRole: string;
    let creator: Awaited<ReturnType<typeof createUser>>;
    beforeAll(async () => {
      presetRole = await createRole(t);
      const role = await createRole(t);
      await grant(t, role, 'svc_users', 'read');
      await grant(t, role, 'svc_users', 'create', {
        fields: ['email', 'password', 'first_name', 'token'],
        presets: { role: presetRole, title: 'Invited by a manager' },
        validation: { first_name: { _nnull: true } },
      });
      creator = await createUser(t, role);
    });

    it('creates a user with the presets, the password hashed and the email in lower case', async () => {
      const email = `${uniq('Mixed')}@Example.com`;
      const res = await t
        .as(creator.token)
        .post('/users')
        .send({ email, password: 'a-good-password', first_name: 'Lin' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        email: email.toLowerCase(),
        role: presetRole,
        title: 'Invited by a manager',
        status: 'active',
        password: '**********',
      });
      expect(JSON.stringify(res.body)).not.toContain('a-good-password');
      expect((await stored(res.body.data.id)).password).toMatch(/^\$argon2/);
      expect((await t.as('anonymous').post('/auth/login').send({ email, password: 'a-good-password' })).status).toBe(
        200,
      );
    });

    it('shows a static token once and stores it hashed', async () => {
      const token = uniq('static-token');
      const res = await t
        .as(creator.token)
        .post('/users')
        .send({ email: `${uniq('tok')}@example.com`, first_name: 'Tok', token });
      expect(res.status).toBe(200);
      expect(res.body.data.token).toBe(token);
      expect((await stored(res.body.data.id)).token).not.toBe(token);
      expect((await t.as('admin').get(`/users/${res.body.data.id}`)).body.data.token).toBe('**********');
      const me = await t.as(token).get('/users/me');
      expect(me.status).toBe(200);
      expect(me.body.data.id).toBe(res.body.data.id);
    });

    it('refuses fields outside the allow-list, failed validation and a taken email', async () => {
      const adminRole = await createRole(t, { admin: true });
      await expectError(
        t
          .as(creator.token)
          .post('/users')
          .send({ email: `${uniq('r')}@example.com`, first_name: 'R', role: adminRole }),
        403,
        'FORBIDDEN',
      );
      await expectError(
        t
          .as(creator.token)
          .post('/users')
          .send({ email: `${uniq('v')}@example.com` }),
        400,
        'FAILED_VALIDATION',
      );
      await expectError(
        t.as(creator.token).post('/users').send({ email: creator.email.toUpperCase(), first_name: 'Dup' }),
        400,
        'RECORD_NOT_UNIQUE',
      );
    });

    it('creates an array all or nothing', async () => {
      const fresh = `${uniq('batch')}@example.com`;
      await expectError(
        t
          .as(creator.token)
          .post('/users')
          .send([{ email: fresh, first_name: 'A' }, { email: `${uniq('b')}@example.com` }]),
        400,
        'FAILED_VALIDATION',
      );
      const search = await t
        .as('admin')
        .get('/users')
        .query({ filter: JSON.stringify({ email: { _eq: fresh } }) });
      expect(search.body.data).toEqual([]);
    });
  });

  describe('delete with a row filter', () => {
    let deleter: Awaited<ReturnType<typeof createUser>>;
    let tag: string;
    beforeAll(async () => {
      tag = uniq('disposable');
      const role = await createRole(t);
      await grant(t, role, 'svc_users', 'read');
      await grant(t, role, 'svc_users', 'delete', { permissions: { first_name: { _eq: tag } } });
      deleter = await createUser(t, role);
    });

    it('deletes matching users and ends their sessions', async () => {
      const target = await createUser(t, { first_name: tag });
      const refresh_token = await refreshTokenOf(target);
      expect((await t.as(deleter.token).delete(`/users/${target.id}`)).status).toBe(204);
      await expectError(t.as('admin').get(`/users/${target.id}`), 403, 'FORBIDDEN');
      await expectError(t.as('anonymous').post('/auth/refresh').send({ refresh_token }), 401, 'INVALID_CREDENTIALS');
    });

    it('refuses users outside the filter, all or nothing', async () => {
      const target = await createUser(t, { first_name: tag });
      const keeper = await createUser(t, { first_name: 'keeper' });
      await expectError(t.as(deleter.token).delete(`/users/${keeper.id}`), 403, 'FORBIDDEN');
      // Without update permission the body is never looked at: forbidden, not invalid.
      await expectError(t.as(deleter.token).patch(`/users/${keeper.id}`).send({ email: 5 }), 403, 'FORBIDDEN');
      await expectError(
        t
          .as(deleter.token)
          .delete('/users')
          .send({ keys: [target.id, keeper.id] }),
        403,
        'FORBIDDEN',
      );
      expect((await t.as('admin').get(`/users/${target.id}`)).status).toBe(200);
      expect((await t.as('admin').get(`/users/${keeper.id}`)).status).toBe(200);
    });

    it('deletes by { query } within the filter', async () => {
      const a = await createUser(t, { first_name: tag, last_name: 'q' });
      const b = await createUser(t, { first_name: tag, last_name: 'q' });
      const res = await t
        .as(deleter.token)
        .delete('/users')
        .send({ query: { filter: { first_name: { _eq: tag } } } });
      expect(res.status).toBe(204);
      for (const id of [a.id, b.id]) await expectError(t.as('admin').get(`/users/${id}`), 403, 'FORBIDDEN');
    });
  });

  describe('session effects for non-admin writers', () => {
    it('a status set by a permitted user ends the sessions of the target', async () => {
      const role = await createRole(t);
      await grant(t, role, 'svc_users', 'read');
      await grant(t, role, 'svc_users', 'update', { fields: ['status', 'password'] });
      const manager = await createUser(t, role);
      const target = await createUser(t);
      const first = await refreshTokenOf(target);
      expect((await t.as(manager.token).patch(`/users/${target.id}`).send({ password: 'a-new-password' })).status).toBe(
        200,
      );
      await expectError(
        t.as('anonymous').post('/auth/refresh').send({ refresh_token: first }),
        401,
        'INVALID_CREDENTIALS',
      );
      const second = await refreshTokenOf({ email: target.email, password: 'a-new-password' });
      expect((await t.as(manager.token).patch(`/users/${target.id}`).send({ status: 'suspended' })).status).toBe(200);
      await expectError(
        t.as('anonymous').post('/auth/refresh').send({ refresh_token: second }),
        401,
        'INVALID_CREDENTIALS',
      );
      await expectError(
        t.as(manager.token).patch(`/users/${target.id}`).send({ tfa_secret: 'ABC' }),
        400,
        'INVALID_PAYLOAD',
      );
    });
  });

  describe('{ query } batches as admin', () => {
    it('updates the users the query selects', async () => {
      const tag = uniq('batch');
      const a = await createUser(t, { first_name: tag });
      const b = await createUser(t, { first_name: tag });
      const other = await createUser(t, { first_name: 'other' });
      const res = await t
        .as('admin')
        .patch('/users')
        .send({ query: { filter: { first_name: { _eq: tag } } }, data: { last_name: 'Batched' } });
      expect(res.status).toBe(200);
      expect(res.body.data.map((u: { id: string }) => u.id).sort()).toEqual([a.id, b.id].sort());
      expect(res.body.data.every((u: { last_name: string }) => u.last_name === 'Batched')).toBe(true);
      expect((await t.as('admin').get(`/users/${other.id}`)).body.data.last_name).not.toBe('Batched');
    });

    it('ends sessions and keeps emails unique on query updates', async () => {
      const tag = uniq('batch');
      const a = await createUser(t, { first_name: tag });
      const b = await createUser(t, { first_name: tag });
      const refresh_token = await refreshTokenOf(a);
      await expectError(
        t
          .as('admin')
          .patch('/users')
          .send({ query: { filter: { first_name: { _eq: tag } } }, data: { email: `${uniq('same')}@example.com` } }),
        400,
        'RECORD_NOT_UNIQUE',
      );
      const res = await t
        .as('admin')
        .patch('/users')
        .send({ query: { filter: { first_name: { _eq: tag } } }, data: { status: 'archived' } });
      expect(res.status).toBe(200);
      await expectError(t.as('anonymous').post('/auth/refresh').send({ refresh_token }), 401, 'INVALID_CREDENTIALS');
      expect((await t.as('admin').get(`/users/${b.id}`)).body.data.status).toBe('archived');
    });

    it('deletes the users the query selects', async () => {
      const tag = uniq('gone');
      const a = await createUser(t, { first_name: tag });
      const b = await createUser(t, { first_name: tag });
      const keep = await createUser(t, { first_name: 'keep' });
      expect(
        (
          await t
            .as('admin')
            .delete('/users')
            .send({ query: { filter: { first_name: { _eq: tag } } } })
        ).status,
      ).toBe(204);
      for (const id of [a.id, b.id]) await expectError(t.as('admin').get(`/users/${id}`), 403, 'FORBIDDEN');
      expect((await t.as('admin').get(`/users/${keep.id}`)).status).toBe(200);
    });

    it('refuses keys and query together, and a query that is not an object', async () => {
      const user = await createUser(t);
      await expectError(
        t
          .as('admin')
          .patch('/users')
          .send({ keys: [user.id], query: {}, data: { first_name: 'x' } }),
        400,
        'INVALID_PAYLOAD',
      );
      await expectError(t.as('admin').delete('/users').send({ query: 'all' }), 400, 'INVALID_PAYLOAD');
      await expectError(
        t
          .as('admin')
          .delete('/users')
          .send({ keys: [user.id], query: {} }),
        400,
        'INVALID_PAYLOAD',
      );
      expect((await t.as('admin').get(`/users/${user.id}`)).status).toBe(200);
    });
  });
});
