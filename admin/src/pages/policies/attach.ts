import { AccessRow, nestedChange, nextSort } from '../../access-rows';
import { api } from '../../api';

/** What a policy is attached to: a role (and so its users and its child roles' users) or one user. */
export type Owner = 'role' | 'user';

const pathOf = (owner: Owner, id: string) => `/${owner === 'role' ? 'roles' : 'users'}/${encodeURIComponent(id)}`;

/** The owner's access rows with their policies' names, for its page. */
export async function accessOf(owner: Owner, id: string): Promise<AccessRow[]> {
  const fields = ['id', 'sort', 'policy.id', 'policy.name'].map((f) => `policies.${f}`).join(',');
  return (await api<{ policies: AccessRow[] }>('GET', `${pathOf(owner, id)}?fields=${fields}`)).policies;
}

/**
 * Attaches the policy after the owner's others, in the detailed form of the owner's nested `policies`:
 * the sort is the owner's order, read first since the policy's page does not know it.
 */
export async function attach(owner: Owner, id: string, policy: string): Promise<void> {
  const sort = nextSort(await accessOf(owner, id));
  await api('PATCH', pathOf(owner, id), { policies: nestedChange([{ policy, sort }]) });
}

/** Deletes one of the owner's access rows. */
export async function detach(owner: Owner, id: string, row: string): Promise<void> {
  await api('PATCH', pathOf(owner, id), { policies: nestedChange([], [row]) });
}

/** Gives the owner's access rows new sorts (the order their policies apply in). */
export async function reorder(owner: Owner, id: string, changes: { id: string; sort: number }[]): Promise<void> {
  await api('PATCH', pathOf(owner, id), { policies: nestedChange([], [], changes) });
}
