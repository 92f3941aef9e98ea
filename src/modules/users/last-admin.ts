import { EntityManager, In } from 'typeorm';
import { UnprocessableContentError } from '../../common/errors/errors';
import { isUuid } from '../../common/is-uuid';
import { chunks } from '../../database/key-lists';
import { holdsAdmin } from './admin-holders';
import { UserEntity } from './entities/user.entity';

/**
 * As the reference: the last active admin can be neither deleted, moved out of an admin role nor given
 * another status, or no one could administer the instance any more.
 */
export function lastAdminError(): UnprocessableContentError {
  return new UnprocessableContentError("You can't remove the last active admin user");
}

/** How many of `ids` (all users without it) are active users with admin access (role chain or own policies). */
async function activeAdmins(manager: EntityManager, ids?: string[]): Promise<number> {
  const admin = await holdsAdmin(manager, 'u');
  const count = (part?: string[]) => {
    const query = manager
      .createQueryBuilder(UserEntity, 'u')
      .where('u.status = :active', { active: 'active' })
      .andWhere(admin.sql, admin.params);
    if (part) query.andWhere({ id: In(part) });
    return query.getCount();
  };
  if (!ids) return count();
  let total = 0;
  for (const part of chunks(ids)) total += await count(part);
  return total;
}

/**
 * Write-locks the rows of the active users (an UPDATE that changes nothing: every vendor's row lock,
 * SQLite's database lock). Taken first in the transaction, before any read, so a second write that may
 * remove an admin waits for the first to commit and then counts what it left (MariaDB's snapshot starts
 * at the first plain read). All active users, not only the admins: who is an admin depends on roles,
 * their parents and policies, which would take plain reads to find before the lock.
 */
async function lockActiveUsers(manager: EntityManager): Promise<void> {
  const status = manager.connection.driver.escape('status');
  await manager
    .createQueryBuilder()
    .update(UserEntity)
    .set({ status: () => status })
    .where(`${status} = :active`, { active: 'active' })
    .execute();
}

/**
 * Runs a write of users in one transaction (`manager`'s, or a new one) after which an active admin
 * remains, whoever writes. `changed`: the users whose role or status the write sets, or that it deletes;
 * when one of them is an active admin, the rule is checked after the write, inside the transaction, with
 * the active users locked from its start, so two concurrent demotions of two admins cannot both pass.
 */
export async function keepingAnAdmin<T>(
  manager: EntityManager,
  changed: string[],
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  // Other keys name no user (the write refuses them); a uuid column would refuse them in the count.
  const ids = changed.filter(isUuid);
  return manager.transaction(async (tx) => {
    if (ids.length) await lockActiveUsers(tx);
    const guarded = ids.length > 0 && (await activeAdmins(tx, ids)) > 0;
    const out = await work(tx);
    if (guarded && (await activeAdmins(tx)) === 0) throw lastAdminError();
    return out;
  });
}

/**
 * Runs `work`, a write of what makes users admins (policies, access rows, roles), on `manager`'s
 * transaction, refusing it when it leaves no active admin where there was one: taking the admin policy
 * from the last admin's role is as final as demoting them.
 */
export async function keepingAnyAdmin<T>(
  manager: EntityManager,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  await lockActiveUsers(manager);
  const before = await activeAdmins(manager);
  const out = await work(manager);
  if (before > 0 && (await activeAdmins(manager)) === 0) throw lastAdminError();
  return out;
}
