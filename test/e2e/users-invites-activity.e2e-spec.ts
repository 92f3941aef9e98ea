import type { Email } from 'postal-mime';
import { createRole, createUser } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { mailSettled } from '../helpers/mail-settled';
import { startSmtpSink, SmtpSink } from '../helpers/smtp-sink';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

const INVITE_URL = 'https://app.example.com/accept';

function tokenIn(mail: Email): string {
  const href = /href="([^"]+)"/.exec(mail.html ?? '')?.[1] ?? '';
  return new URL(href.replace(/&amp;/g, '&')).searchParams.get('token') as string;
}

describe('/users: invites, activity and revisions', () => {
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

  describe('invites', () => {
    it('mails an invite; accepting it activates the user with the chosen password', async () => {
      const role = await createRole(t);
      const email = `${uniq('invitee')}@example.com`;
      expect((await t.as('admin').post('/users/invite').send({ email, role, invite_url: INVITE_URL })).status).toBe(
        204,
      );
      const mail = await smtp.waitFor(email);
      const token = tokenIn(mail);

      const [invited] = (await t.as('admin').get('/users?limit=-1')).body.data.filter(
        (u: { email: string }) => u.email === email,
      );
      expect(invited).toMatchObject({ status: 'invited', role });
      await expectError(
        t.as('anonymous').post('/auth/login').send({ email, password: 'anything' }),
        401,
        'INVALID_CREDENTIALS',
      );

      expect(
        (await t.as('anonymous').post('/users/invite/accept').send({ token, password: 'invitee-password' })).status,
      ).toBe(204);
      expect((await t.as('anonymous').post('/auth/login').send({ email, password: 'invitee-password' })).status).toBe(
        200,
      );
    });

    it('refuses to accept an invite for a user who is neither invited nor active', async () => {
      const role = await createRole(t);
      const email = `${uniq('gone')}@example.com`;
      await t.as('admin').post('/users/invite').send({ email, role });
      const token = tokenIn(await smtp.waitFor(email));
      const [invited] = (await t.as('admin').get('/users?limit=-1')).body.data.filter(
        (u: { email: string }) => u.email === email,
      );
      await t.as('admin').patch(`/users/${invited.id}`).send({ status: 'suspended' });
      await expectError(
        t.as('anonymous').post('/users/invite/accept').send({ token, password: 'some-password' }),
        400,
        'INVALID_PAYLOAD',
      );
    });

    it('leaves an existing active user alone: no error, no mail, nothing changed', async () => {
      const user = await createUser(t);
      const otherRole = await createRole(t);
      expect((await t.as('admin').post('/users/invite').send({ email: user.email, role: otherRole })).status).toBe(204);
      expect((await t.as('admin').get(`/users/${user.id}`)).body.data).toMatchObject({
        status: 'active',
        role: user.role,
      });
      await mailSettled(t);
      expect(smtp.mails.some((mail) => mail.to?.some((a) => a.address === user.email))).toBe(false);
    });

    it('invites several emails at once', async () => {
      const role = await createRole(t);
      const emails = [`${uniq('a')}@example.com`, `${uniq('b')}@example.com`];
      expect((await t.as('admin').post('/users/invite').send({ email: emails, role })).status).toBe(204);
      for (const email of emails) expect(tokenIn(await smtp.waitFor(email))).toEqual(expect.any(String));
    });

    it('refuses an invite_url outside USER_INVITE_URL_ALLOW_LIST, and non-admins', async () => {
      const role = await createRole(t);
      await expectError(
        t
          .as('admin')
          .post('/users/invite')
          .send({ email: `${uniq('c')}@example.com`, role, invite_url: 'https://evil.example.com/x' }),
        400,
        'INVALID_PAYLOAD',
      );
      await expectError(
        t
          .as(userToken)
          .post('/users/invite')
          .send({ email: `${uniq('d')}@example.com`, role }),
        403,
        'FORBIDDEN',
      );
    });

    it('refuses a malformed invite token', () =>
      expectError(
        t.as('anonymous').post('/users/invite/accept').send({ token: 'garbage', password: 'x-password' }),
        403,
        'INVALID_TOKEN',
      ));

    it('invites and accepts over GraphQL (users_invite, users_invite_accept) as over REST', async () => {
      const gql = (who: string, query: string, variables: Record<string, unknown>) =>
        t.as(who).post('/graphql/system').send({ query, variables });
      const role = await createRole(t);
      const email = `${uniq('gql-invitee')}@example.com`;
      const invite =
        'mutation($email: String!, $role: String!, $url: String) { users_invite(email: $email, role: $role, invite_url: $url) }';
      const refused = await gql(userToken, invite, { email, role });
      expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
      const badRole = await gql('admin', invite, { email, role: 'not-a-role' });
      expect(badRole.body.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
      expect((await gql('admin', invite, { email, role, url: INVITE_URL })).body).toEqual({
        data: { users_invite: true },
      });
      const token = tokenIn(await smtp.waitFor(email));
      const accept =
        'mutation($token: String!, $password: String!) { users_invite_accept(token: $token, password: $password) }';
      const garbage = await gql('anonymous', accept, { token: 'garbage', password: 'x-password' });
      expect(garbage.body.errors[0].extensions.code).toBe('INVALID_TOKEN');
      expect((await gql('anonymous', accept, { token, password: 'gql-invitee-password' })).body).toEqual({
        data: { users_invite_accept: true },
      });
      expect(
        (await t.as('anonymous').post('/auth/login').send({ email, password: 'gql-invitee-password' })).status,
      ).toBe(200);
    });
  });

  describe('activity and revisions', () => {
    const history = async (id: string) =>
      (
        await t
          .as('admin')
          .get(
            `/activity?filter[collection][_eq]=svc_users&filter[item][_eq]=${id}&sort=id&fields=action,user,revisions.data,revisions.delta`,
          )
      ).body.data;

    it("records an administrator's create, update and delete of a user, with revisions whose secrets are concealed", async () => {
      const adminId = (await t.as('admin').get('/users/me?fields=id')).body.data.id;
      const created = await t
        .as('admin')
        .post('/users')
        .send({ email: `${uniq('tracked')}@example.com`, password: 'first-password', first_name: 'Ann' });
      const id = created.body.data.id;
      await t.as('admin').patch(`/users/${id}`).send({ first_name: 'Bea', password: 'second-password' }).expect(200);
      await t.as('admin').delete(`/users/${id}`).expect(204);
      const [create, update, remove] = await history(id);
      expect([create.action, update.action, remove.action]).toEqual(['create', 'update', 'delete']);
      expect([create.user, update.user, remove.user]).toEqual([adminId, adminId, adminId]);
      expect(create.revisions[0].data).toMatchObject({ id, first_name: 'Ann', password: '**********' });
      expect(update.revisions[0].data).toMatchObject({ id, first_name: 'Bea', password: '**********' });
      expect(update.revisions[0].delta).toEqual({ first_name: 'Bea', password: '**********' });
      expect(remove.revisions).toEqual([]);
      expect(JSON.stringify([create, update])).not.toMatch(/password"?:"?\$argon2/);
    });

    it("records a user's change of their own profile", async () => {
      const user = await createUser(t);
      const token = await t.login(user.email, user.password);
      await t.as(token).patch('/users/me').send({ first_name: 'Own' }).expect(200);
      const updates = (await history(user.id)).filter((a: { action: string }) => a.action === 'update');
      expect(updates).toEqual([
        { action: 'update', user: user.id, revisions: [expect.objectContaining({ delta: { first_name: 'Own' } })] },
      ]);
    });
  });
});
