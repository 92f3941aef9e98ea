/** AUTH_<NAME>_ROLE_MAPPING: group → role id pairs, in the order written (the first group the person has wins). */
export type RoleMapping = ReadonlyArray<readonly [group: string, roleId: string]>;

/** The reference writes these options as JSON objects, with or without the `json:` prefix of its env reader. */
function jsonObject(text: string, shape: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^json:/, ''));
  } catch {
    throw new Error(`must be a JSON object of ${shape}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`must be a JSON object of ${shape}`);
  return parsed as Record<string, unknown>;
}

/** Kept as pairs: a group may be called `__proto__` without reaching an object's prototype. */
export function parseRoleMapping(text: string): RoleMapping {
  const pairs = Object.entries(jsonObject(text, 'group names to role ids'));
  if (pairs.some(([, role]) => typeof role !== 'string' || role === ''))
    throw new Error('every group must map to a role id');
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

/** AUTH_<NAME>_PARAMS: extra authorization request parameters. Values that are not strings are sent as their JSON text. */
export function parseAuthParams(text: string): Record<string, string> {
  const params = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(jsonObject(text, 'parameter names to values')))
    params[key] = typeof value === 'string' ? value : JSON.stringify(value);
  return params;
}
