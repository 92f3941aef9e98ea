import type { EntityManager } from 'typeorm';
import { InvalidPayloadError } from '../../common/errors/errors';

/**
 * The roles whose parent chain comes back to themselves. A user of such a role would get the access of
 * every role of the loop, and whoever set it meant a tree: a write that makes one is refused.
 */
export function rolesInCycles(parents: ReadonlyMap<string, string | null>): Set<string> {
  const looped = new Set<string>();
  const done = new Set<string>();
  for (const start of parents.keys()) {
    const path: string[] = [];
    let current: string | null | undefined = start;
    for (; current && !done.has(current) && !path.includes(current); current = parents.get(current)) path.push(current);
    if (current && path.includes(current)) for (const id of path.slice(path.indexOf(current))) looped.add(id);
    for (const id of path) done.add(id);
  }
  return looped;
}

async function loopedRoles(manager: EntityManager): Promise<Set<string>> {
  const rows = await manager
    .createQueryBuilder()
    .select(['r.id AS id', 'r.parent AS parent'])
    .from('svc_roles', 'r')
    .getRawMany<{ id: string; parent: string | null }>();
  return rolesInCycles(new Map(rows.map((r) => [String(r.id), r.parent === null ? null : String(r.parent)])));
}

/** Runs `work`, a write of roles, refusing it (400) when it makes a role its own ancestor; a loop stored before stays readable. */
export async function keepingRoleTree<T>(
  manager: EntityManager,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  const before = await loopedRoles(manager);
  const out = await work(manager);
  const added = [...(await loopedRoles(manager))].find((id) => !before.has(id));
  if (added)
    throw new InvalidPayloadError(
      `Role "${added}" would be its own ancestor: a role's parent cannot be itself or one of its descendants`,
    );
  return out;
}
