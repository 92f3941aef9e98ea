import { UsersService } from '../../src/modules/users/users.service';
import type { TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** Creates a role through `POST /roles` (as admin) and returns its id. */
export async function createRole(t: TestApp, values: Record<string, unknown> = {}): Promise<string> {
  const res = await t.as('admin').post('/roles').send({ name: uniq('role'), ...values });
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
  const res = await t.as('admin').post('/permissions').send({ role, collection, action, fields: ['*'], ...rule });
  if (res.status !== 200) throw new Error(`granting ${action} on ${collection} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** A user of the given role (the users API belongs to another module; this goes through its service). */
export async function createUser(t: TestApp, role: string | null): Promise<{ id: string; email: string; token: string }> {
  const email = `${uniq('user')}@example.com`;
  const password = 'user-password-1';
  const user = await t.app.get(UsersService).createUser({ email, password, role });
  return { id: user.id, email, token: await t.login(email, password) };
}
