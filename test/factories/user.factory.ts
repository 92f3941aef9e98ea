import { generateSync } from 'otplib';
import type { TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
  role: string | null;
  /** An access token, when the user was created by role (signed in once at creation). */
  token: string;
}

/** Creates a role through `POST /roles` (as admin) and returns its id. */
export async function createRole(
  t: TestApp,
  values: Record<string, unknown> & { admin?: boolean } = {},
): Promise<string> {
  const { admin, ...rest } = values;
  const res = await t
    .as('admin')
    .post('/roles')
    .send({ name: uniq('role'), admin_access: admin ?? false, app_access: true, ...rest });
  if (res.status !== 200) throw new Error(`creating a role failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}

/** Grants `action` on `collection` to a role (null = public) through `POST /permissions`. */
export async function grant(
  t: TestApp,
  role: string | null,
  collection: string,
  action: 'create' | 'read' | 'update' | 'delete',
  rule: { fields?: string[] | string; permissions?: unknown; validation?: unknown; presets?: unknown } = {},
): Promise<number> {
  const res = await t
    .as('admin')
    .post('/permissions')
    .send({ role, collection, action, fields: ['*'], ...rule });
  if (res.status !== 200)
    throw new Error(`granting ${action} on ${collection} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/**
 * A user created through `POST /users`, as an administrator would.
 * - `createUser(t, roleId | null)`: a user of that role, already signed in (`token`), for permission tests.
 * - `createUser(t, { ...fields })`: exactly those fields and no sign-in, so session and activity
 *   tests start from a clean slate; without `role` a fresh non-admin role is made.
 */
export async function createUser(
  t: TestApp,
  roleOrFields: string | null | (Record<string, unknown> & { role?: string | null }) = {},
): Promise<CreatedUser> {
  const byRole = roleOrFields === null || typeof roleOrFields === 'string';
  const fields = byRole ? { role: roleOrFields } : roleOrFields;
  const email = (fields.email as string | undefined) ?? `${uniq('user')}@example.com`;
  const password = (fields.password as string | undefined) ?? uniq('password');
  const role = fields.role === undefined ? await createRole(t) : fields.role;
  const res = await t
    .as('admin')
    .post('/users')
    .send({ ...fields, email, password, role });
  if (res.status !== 200) throw new Error(`user creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, email, password, role, token: byRole ? await t.login(email, password) : '' };
}

/** Turns two-factor sign-in on for `user` through the API (generate, then enable with a code) and returns the secret. */
export async function enableTfa(t: TestApp, user: CreatedUser): Promise<string> {
  const token = user.token || (await t.login(user.email, user.password));
  const generated = await t.as(token).post('/users/me/tfa/generate').send({ password: user.password });
  if (generated.status !== 200)
    throw new Error(`tfa/generate failed: ${generated.status} ${JSON.stringify(generated.body)}`);
  const { secret } = generated.body.data as { secret: string };
  const enabled = await t
    .as(token)
    .post('/users/me/tfa/enable')
    .send({ secret, otp: generateSync({ secret }) });
  if (enabled.status !== 204) throw new Error(`tfa/enable failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  return secret;
}
