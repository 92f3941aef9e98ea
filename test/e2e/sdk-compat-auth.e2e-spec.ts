import {
  acceptUserInvite,
  authentication,
  createCollection,
  createDirectus,
  createItem,
  createUser,
  customEndpoint,
  inviteUser,
  passwordRequest,
  passwordReset,
  randomString,
  readItems,
  readMe,
  readRoles,
  readUsers,
  rest,
  staticToken,
  updateMe,
  updateUser,
} from '@directus/sdk';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { cookieFetch, INVITE_URL, linkToken, RESET_URL, sdkError, useSdkApp } from '../helpers/sdk-compat';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** Every way the reference platform's own client logs in, refreshes and fails, as its users see it. */
describe("@directus/sdk (the reference platform's own client) against Vellum: authentication and errors", () => {
  const sdk = useSdkApp();

  describe('authentication', () => {
    it("json mode: login, readMe, updateMe, refresh, logout with the SDK's token storage", async () => {
      const client = createDirectus(sdk.url)
        .with(authentication('json', { autoRefresh: false }))
        .with(rest());
      const login = await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(login).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires: 900_000,
        expires_at: expect.any(Number),
      });
      expect(await client.getToken()).toBe(login.access_token);

      const me = await client.request(readMe({ fields: ['id', 'email', 'role.name'] }));
      expect(me).toEqual({ id: expect.any(String), email: ADMIN_EMAIL, role: { name: expect.any(String) } });
      const updated = await client.request(updateMe({ first_name: 'Ada' }, { fields: ['first_name'] }));
      expect(updated).toEqual({ first_name: 'Ada' });

      const refreshed = await client.refresh();
      expect(refreshed).toEqual(
        expect.objectContaining({
          access_token: expect.any(String),
          refresh_token: expect.any(String),
          expires: 900_000,
        }),
      );
      expect(refreshed.refresh_token).not.toBe(login.refresh_token);
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(ADMIN_EMAIL);

      await client.logout();
      expect(await client.getToken()).toBeNull();
      const reused = createDirectus(sdk.url).with(rest());
      const { status, codes } = await sdkError(
        reused.request(
          customEndpoint({
            path: '/auth/refresh',
            method: 'POST',
            body: JSON.stringify({ refresh_token: refreshed.refresh_token, mode: 'json' }),
          }),
        ),
      );
      expect({ status, codes }).toEqual({ status: 401, codes: ['INVALID_CREDENTIALS'] });
    });

    it('cookie mode (the default): the refresh token travels in the cookie a Node fetch with a jar keeps', async () => {
      const { fetch: jarFetch, jar } = cookieFetch();
      const client = createDirectus(sdk.url, { globals: { fetch: jarFetch } })
        .with(authentication('cookie', { autoRefresh: false }))
        .with(rest());
      const login = await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(login).toEqual({ access_token: expect.any(String), expires: 900_000, expires_at: expect.any(Number) });
      expect(jar.has('svc_refresh_token')).toBe(true);
      const first = jar.get('svc_refresh_token');

      const refreshed = await client.refresh();
      expect(refreshed.access_token).toEqual(expect.any(String));
      expect(jar.get('svc_refresh_token')).not.toBe(first);
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(ADMIN_EMAIL);

      await client.logout();
      expect(jar.has('svc_refresh_token')).toBe(false);
    });

    it('session mode: the access token lives only in the session cookie', async () => {
      const { fetch: jarFetch, jar } = cookieFetch();
      const client = createDirectus(sdk.url, { globals: { fetch: jarFetch } })
        .with(authentication('session', { autoRefresh: false }))
        .with(rest());
      const login = await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(login).toEqual({ expires: 86_400_000, expires_at: expect.any(Number) });
      expect(jar.has('svc_session_token')).toBe(true);
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(ADMIN_EMAIL);

      await client.refresh();
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(ADMIN_EMAIL);

      const cookie = jar.get('svc_session_token') as string;
      await client.logout();
      expect(jar.has('svc_session_token')).toBe(false);
      const stale = createDirectus(sdk.url)
        .with(staticToken(decodeURIComponent(cookie)))
        .with(rest());
      expect((await sdkError(stale.request(readMe()))).codes).toEqual(['INVALID_CREDENTIALS']);
    });

    it('the rest() login command and a static token', async () => {
      const anonymous = createDirectus(sdk.url).with(rest());
      const { login } = await import('@directus/sdk');
      const tokens = await anonymous.request(login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { mode: 'json' }));
      expect(tokens).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires: 900_000 });

      const admin = await sdk.adminClient();
      const role = (
        await admin.request(readRoles({ fields: ['id'], filter: { name: { _neq: 'Administrator' } }, limit: 1 }))
      )[0];
      const user = await admin.request(
        createUser({ email: `${uniq('static')}@example.com`, password: 'static-pass-1', role: role?.id ?? null }),
      );
      const secret = uniq('static-token');
      await admin.request(updateUser(user.id, { token: secret }));
      const client = createDirectus(sdk.url).with(staticToken(secret)).with(rest());
      expect((await client.request(readMe({ fields: ['id'] }))).id).toBe(user.id);
    });

    it('password request and reset', async () => {
      const admin = await sdk.adminClient();
      const email = `${uniq('forgetful')}@example.com`;
      const user = await admin.request(createUser({ email, password: 'old-password-1' }));
      const anonymous = createDirectus(sdk.url).with(rest());
      expect(await anonymous.request(passwordRequest(email, RESET_URL))).toBeNull();
      const token = linkToken(await sdk.smtp.waitFor(email));
      expect(await anonymous.request(passwordReset(token, 'new-password-2'))).toBeNull();
      const client = createDirectus(sdk.url)
        .with(authentication('json', { autoRefresh: false }))
        .with(rest());
      await client.login({ email, password: 'new-password-2' });
      // A user without a role may not read their own row: the reference answers its id alone.
      expect(await client.request(readMe({ fields: ['email'] }))).toEqual({ id: user.id });
    });

    it('invite and accept', async () => {
      const admin = await sdk.adminClient();
      const roles = await admin.request(readRoles({ fields: ['id', 'name'] }));
      const email = `${uniq('invitee')}@example.com`;
      expect(await admin.request(inviteUser(email, roles[0].id, INVITE_URL))).toBeNull();
      const token = linkToken(await sdk.smtp.waitFor(email));
      const anonymous = createDirectus(sdk.url).with(rest());
      expect(await anonymous.request(acceptUserInvite(token, 'invited-pass-1'))).toBeNull();
      const client = createDirectus(sdk.url)
        .with(authentication('json', { autoRefresh: false }))
        .with(rest());
      await client.login({ email, password: 'invited-pass-1' });
    });
  });

  describe('errors as a reference client sees them', () => {
    it('INVALID_CREDENTIALS on a wrong password', async () => {
      const client = createDirectus(sdk.url)
        .with(authentication('json', { autoRefresh: false }))
        .with(rest());
      const e = await sdkError(client.login({ email: ADMIN_EMAIL, password: 'wrong' }));
      expect({ status: e.status, codes: e.codes }).toEqual({ status: 401, codes: ['INVALID_CREDENTIALS'] });
      expect((e.error as Error).message).toEqual(expect.any(String));
    });

    it('TOKEN_EXPIRED, INVALID_TOKEN and INVALID_CREDENTIALS for the tokens a client holds', async () => {
      const me = (token: string) => createDirectus(sdk.url).with(staticToken(token)).with(rest()).request(readMe());
      const claims = { id: randomUUID(), role: null, app_access: true, admin_access: true };
      const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, sdk.t.config.secret, {
        issuer: 'vellum',
      });
      expect(await sdkError(me(expired))).toEqual(expect.objectContaining({ status: 401, codes: ['TOKEN_EXPIRED'] }));
      const forged = jwt.sign(claims, 'another-secret-of-sufficient-length-0123', { issuer: 'vellum' });
      expect(await sdkError(me(forged))).toEqual(expect.objectContaining({ status: 403, codes: ['INVALID_TOKEN'] }));
      expect(await sdkError(me('no-such-static-token'))).toEqual(
        expect.objectContaining({ status: 401, codes: ['INVALID_CREDENTIALS'] }),
      );
    });

    it('cookie mode without a cookie store: login works, refresh is INVALID_PAYLOAD (Node fetch keeps no cookies)', async () => {
      const client = createDirectus(sdk.url)
        .with(authentication('cookie', { autoRefresh: false }))
        .with(rest());
      await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect((await client.request(readMe({ fields: ['email'] }))).email).toBe(ADMIN_EMAIL);
      expect(await sdkError(client.refresh())).toEqual(
        expect.objectContaining({ status: 400, codes: ['INVALID_PAYLOAD'] }),
      );
    });

    it('FORBIDDEN for the public role and for unknown collections', async () => {
      const anonymous = createDirectus(sdk.url).with(rest());
      expect(await sdkError(anonymous.request(readItems('nothing_here')))).toEqual(
        expect.objectContaining({ status: 403, codes: ['FORBIDDEN'] }),
      );
      const admin = await sdk.adminClient();
      expect(await sdkError(admin.request(readItems(uniq('missing'))))).toEqual(
        expect.objectContaining({ status: 403, codes: ['FORBIDDEN'] }),
      );
    });

    it('INVALID_PAYLOAD, FAILED_VALIDATION and INVALID_QUERY', async () => {
      const client = createDirectus(sdk.url)
        .with(authentication('json', { autoRefresh: false }))
        .with(rest());
      expect(await sdkError(client.login({ email: 'not-an-email', password: 'x' }))).toEqual(
        expect.objectContaining({ status: 400, codes: ['INVALID_PAYLOAD'] }),
      );
      const admin = await sdk.adminClient();
      expect(await sdkError(admin.request(createUser({ email: 'not-an-email', password: 'x' })))).toEqual(
        expect.objectContaining({ status: 400, codes: ['FAILED_VALIDATION'] }),
      );
      expect(await sdkError(admin.request(readUsers({ filter: { no_such_field: { _eq: 1 } } as never })))).toEqual(
        expect.objectContaining({ status: 400, codes: ['INVALID_QUERY'] }),
      );
      // A field that does not exist in `fields` is a permission error, as the reference answers it.
      expect(await sdkError(admin.request(readUsers({ fields: ['no_such_field'] })))).toEqual(
        expect.objectContaining({ status: 403, codes: ['FORBIDDEN'] }),
      );
      expect(await sdkError(admin.request(randomString(501)))).toEqual(
        expect.objectContaining({ status: 400, codes: ['INVALID_QUERY'] }),
      );
      const unique = uniq('unique');
      await admin.request(
        createCollection({
          collection: unique,
          schema: {},
          fields: [
            { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
            { field: 'code', type: 'string', schema: { is_unique: true } },
          ],
        }),
      );
      await admin.request(createItem(unique, { code: 'a' }));
      expect(await sdkError(admin.request(createItem(unique, { code: 'a' })))).toEqual(
        expect.objectContaining({ status: 400, codes: ['RECORD_NOT_UNIQUE'] }),
      );
    });
  });
});
