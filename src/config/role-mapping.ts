/** AUTH_<NAME>_ROLE_MAPPING: group → role id pairs, in the order written (the first group the person has wins). */
export type RoleMapping = ReadonlyArray<readonly [group: string, roleId: string]>;

/**
 * The mapping as the reference writes it, a JSON object (with or without its `json:` prefix). Kept as
 * pairs: a group may be called `__proto__` without reaching an object's prototype.
 */
export function parseRoleMapping(text: string): RoleMapping {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^json:/, ''));
  } catch {
    throw new Error('must be a JSON object of group names to role ids');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('must be a JSON object of group names to role ids');
  const pairs = Object.entries(parsed as Record<string, unknown>);
  if (pairs.some(([, role]) => typeof role !== 'string' || role === '')) throw new Error('every group must map to a role id');
  return pairs as [string, string][];
}

/**
 * The role the provider's groups claim gives: the first mapped group the person belongs to, null when none
 * (the default role then). A claim that is not a list maps nothing, as in the reference.
 */
export function mappedRole(mapping: RoleMapping, groups: unknown): string | null {
  if (!Array.isArray(groups)) return null;
  return mapping.find(([group]) => groups.includes(group))?.[1] ?? null;
}
