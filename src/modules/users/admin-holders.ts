import { EntityManager } from 'typeorm';
import { storedBoolean as truthy } from '../../database/stored-boolean';
import { roleChain } from '../permissions/lib/access-grants';

/**
 * What gives admin access, read in `manager`'s transaction: the policies with admin access, and the roles
 * whose chain (the role, its parent, ...) holds one of them or sets admin access on its own.
 */
export async function adminSources(manager: EntityManager): Promise<{ roles: string[]; policies: string[] }> {
  const q = () => manager.createQueryBuilder();
  const policyRows = await q()
    .select(['p.id AS id', 'p.admin_access AS admin_access'])
    .from('svc_policies', 'p')
    .getRawMany<{ id: string; admin_access: unknown }>();
  const policies = new Set(policyRows.filter((p) => truthy(p.admin_access)).map((p) => p.id));
  const roleRows = await q()
    .select(['r.id AS id', 'r.parent AS parent', 'r.admin_access AS admin_access'])
    .from('svc_roles', 'r')
    .getRawMany<{ id: string; parent: string | null; admin_access: unknown }>();
  const links = await q()
    .select(['a.role AS role', 'a.policy AS policy'])
    .from('svc_access', 'a')
    .where('a.role IS NOT NULL')
    .getRawMany<{ role: string; policy: string }>();
  const direct = new Set([
    ...roleRows.filter((r) => truthy(r.admin_access)).map((r) => r.id),
    ...links.filter((l) => policies.has(l.policy)).map((l) => l.role),
  ]);
  const none = { admin: false, app: false, enforceTfa: false, ip: null };
  const tree = {
    roles: new Map(roleRows.map((r) => [r.id, { ...none, parent: r.parent ?? null }])),
    policies: new Map(),
    rolePolicies: new Map(),
  };
  const roles = roleRows.map((r) => r.id).filter((id) => roleChain(tree, id).some((r) => direct.has(r)));
  return { roles, policies: [...policies] };
}

/**
 * A condition on svc_users (aliased `alias`) that holds for the users with admin access through their
 * role chain or a policy of their own; its parameters go with it. Always false when nothing gives admin.
 */
export async function holdsAdmin(
  manager: EntityManager,
  alias?: string,
): Promise<{ sql: string; params: Record<string, unknown> }> {
  const { roles, policies } = await adminSources(manager);
  const escape = (name: string) => manager.connection.driver.escape(name);
  const column = (name: string) => (alias ? `${alias}.${escape(name)}` : escape(name));
  const parts: string[] = [];
  if (roles.length) parts.push(`${column('role')} IN (:...adminRoles)`);
  if (policies.length)
    parts.push(
      `${column('id')} IN (SELECT ${escape('user')} FROM ${escape('svc_access')} WHERE ${escape('policy')} IN (:...adminPolicies) AND ${escape('user')} IS NOT NULL)`,
    );
  return {
    sql: parts.length ? `(${parts.join(' OR ')})` : '1 = 0',
    params: { adminRoles: roles, adminPolicies: policies },
  };
}
