import { EntityManager, In } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError } from '../../common/errors/errors';
import { isUuid } from '../../common/is-uuid';
import { chunks, inChunks } from '../../database/key-lists';
import type { RowWrite } from '../items/row-write-guards';
import { adminSources } from './admin-holders';
import { UserEntity } from './entities/user.entity';

/** What decides a user's access (their own policies included): non-admins may not set them on themselves (PATCH /users/me or /users/:id). */
export const SELF_PROTECTED = ['role', 'policies', 'status', 'token', 'provider', 'external_identifier'] as const;

/**
 * Only administrators make administrators or touch them: a caller who is not one may neither give any
 * user a role with admin access, nor write to or delete a user in such a role, nor set what decides
 * their own access. Every svc_users row write of the engine passes here (REST, batches, nested writes
 * through relations), inside its transaction, after nested many-to-one writes (a role created on the way
 * is seen). Internal writes (no accountability) and administrators pass.
 */
export async function assertUserWrite(
  manager: EntityManager,
  acc: Accountability | null,
  write: RowWrite,
): Promise<void> {
  if (!acc || acc.admin) return;
  const keys = write.keys.map(String).filter(isUuid);
  if (
    acc.user &&
    keys.includes(acc.user) &&
    write.values.some((row) => SELF_PROTECTED.some((field) => row[field] !== undefined))
  ) {
    throw new ForbiddenError();
  }
  const roles = new Set(write.values.map((row) => row.role).filter((role): role is string => typeof role === 'string'));
  if (keys.length) for (const role of await currentRoles(manager, keys)) roles.add(role);
  if (!roles.size && !keys.length) return;
  // Read once per write, in its transaction: what the write itself created on the way counts.
  const sources = await adminSources(manager);
  const adminRoles = new Set(sources.roles);
  if ([...roles].some((role) => isUuid(role) && adminRoles.has(role))) throw new ForbiddenError();
  if (keys.length && (await anyOwnAdmin(manager, keys, sources.policies))) throw new ForbiddenError();
}

/**
 * Only administrators change what gives admin access: a write by anyone else (nested ones included) to
 * policies, access rows or roles is refused when it changes which policies have admin access, which
 * roles' chains hold one, or which users hold one of their own; its transaction undoes it.
 */
export async function keepingAdminSources<T>(
  manager: EntityManager,
  acc: Accountability | null,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  if (!acc || acc.admin) return work(manager);
  const before = await adminFingerprint(manager);
  const out = await work(manager);
  if ((await adminFingerprint(manager)) !== before) throw new ForbiddenError();
  return out;
}

/** What gives admin access as one comparable value: the admin roles and policies, the users holding one of those policies. */
async function adminFingerprint(manager: EntityManager): Promise<string> {
  const { roles, policies } = await adminSources(manager);
  const user = manager.connection.driver.escape('user');
  const holders = await inChunks(policies, async (part) => {
    const query = manager
      .createQueryBuilder()
      .select(`a.${user}`, 'user')
      .from('svc_access', 'a')
      .where(`a.${user} IS NOT NULL`)
      .andWhere('a.policy IN (:...part)', { part });
    return (await query.getRawMany<{ user: unknown }>()).map((row) => String(row.user));
  });
  return JSON.stringify([[...roles].sort(), [...policies].sort(), holders.sort()]);
}

/** Whether one of the users `ids` has admin access through a policy of their own (one of `policies`, the admin ones). */
async function anyOwnAdmin(manager: EntityManager, ids: string[], policies: string[]): Promise<boolean> {
  if (!policies.length) return false;
  const user = manager.connection.driver.escape('user');
  for (const part of chunks(ids)) {
    const query = manager
      .createQueryBuilder()
      .select('a.id', 'id')
      .from('svc_access', 'a')
      .where(`a.${user} IN (:...ids)`, { ids: part })
      .andWhere('a.policy IN (:...policies)', { policies });
    if ((await query.limit(1).getRawMany()).length > 0) return true;
  }
  return false;
}

/**
 * The roles `ids` hold as last committed, their rows locked until the transaction ends, so that a
 * promotion committed meanwhile is seen (a plain read would answer MariaDB's snapshot, taken at the
 * write's first read) and one still running waits. SQLite runs one transaction at a time.
 */
async function currentRoles(manager: EntityManager, ids: string[]): Promise<string[]> {
  const rows = await inChunks(ids, (part): Promise<{ role: string | null }[]> => {
    const query = manager
      .createQueryBuilder(UserEntity, 'u')
      .select('u.role', 'role')
      .where({ id: In(part) });
    if (!['sqlite', 'better-sqlite3'].includes(manager.connection.options.type)) query.setLock('pessimistic_write');
    return query.getRawMany();
  });
  return rows.map((row) => row.role).filter((role): role is string => typeof role === 'string');
}
