import { UsersService } from '../../src/modules/users/users.service';
import type { TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
  role: string;
}

/** A role through the users service (roles have no endpoint yet). */
export async function createRole(t: TestApp, options: { admin?: boolean; enforceTfa?: boolean } = {}): Promise<string> {
  const role = await t.app.get(UsersService).createRole({
    name: uniq('role'),
    admin_access: options.admin ?? false,
    app_access: true,
    enforce_tfa: options.enforceTfa ?? false,
  });
  return role.id;
}

/** A user created through POST /users, as an administrator would. */
export async function createUser(
  t: TestApp,
  fields: Record<string, unknown> & { role?: string } = {},
): Promise<CreatedUser> {
  const email = `${uniq('user')}@example.com`;
  const password = uniq('password');
  const role = fields.role ?? (await createRole(t));
  const res = await t.as('admin').post('/users').send({ email, password, role, ...fields });
  if (res.status !== 200) throw new Error(`user creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, email: (fields.email as string | undefined) ?? email, password: (fields.password as string | undefined) ?? password, role };
}
