import { ipInList } from '../../../common/ip-address';

/** What a policy (or a role's own flags, as Vellum's earlier clients set them) grants besides its permissions. */
export interface GrantFlags {
  admin: boolean;
  app: boolean;
  enforceTfa: boolean;
  /** Addresses and CIDR ranges the grant is limited to; null or empty: any. */
  ip: string[] | null;
}

/**
 * One source of permissions: `policy:<id>`, or the permissions written with a role and no policy
 * (`role:<id>`, `role:$public` for those without either), which act as that role's own policy.
 */
export interface Grant extends GrantFlags {
  key: string;
}

/** Roles (with their parent and own flags), policies, and which policies each role has (null: the public). */
export interface AccessTree {
  roles: ReadonlyMap<string, GrantFlags & { parent: string | null }>;
  policies: ReadonlyMap<string, GrantFlags>;
  rolePolicies: ReadonlyMap<string | null, readonly string[]>;
}

export interface Globals {
  admin_access: boolean;
  app_access: boolean;
  enforce_tfa: boolean;
}

const NONE: GrantFlags = { admin: false, app: false, enforceTfa: false, ip: null };

/** The role, its parent, and so on up; a cycle or an unknown parent ends the chain. */
export function roleChain(tree: AccessTree, role: string | null): string[] {
  const chain: string[] = [];
  for (let current = role; current && !chain.includes(current); current = tree.roles.get(current)?.parent ?? null) {
    if (!tree.roles.has(current)) break;
    chain.push(current);
  }
  return chain;
}

/**
 * Every grant of a caller, in order: without a role the public access (a user without a role keeps it,
 * as before policies), else each role of the chain (its own permissions, then its policies by sort),
 * then the user's own policies. A policy reached twice counts once.
 */
export function grantsOf(tree: AccessTree, role: string | null, userPolicies: readonly string[]): Grant[] {
  const grants: Grant[] = [];
  const seen = new Set<string>();
  const addPolicies = (ids: readonly string[] | undefined) => {
    for (const id of ids ?? []) {
      const policy = tree.policies.get(id);
      if (!policy || seen.has(id)) continue;
      seen.add(id);
      grants.push({ key: `policy:${id}`, ...policy });
    }
  };
  if (role === null) {
    grants.push({ key: 'role:$public', ...NONE });
    addPolicies(tree.rolePolicies.get(null));
  }
  for (const id of roleChain(tree, role)) {
    const { parent: _parent, ...own } = tree.roles.get(id)!;
    grants.push({ key: `role:${id}`, ...own });
    addPolicies(tree.rolePolicies.get(id));
  }
  addPolicies(userPolicies);
  return grants;
}

/** The grants that apply to a request from `ip`: one limited to other addresses contributes nothing. */
export function grantsFrom(grants: readonly Grant[], ip: string | null): Grant[] {
  return grants.filter((g) => !g.ip?.length || ipInList(g.ip, ip));
}

/** Admin or app access when any grant gives it; two-factor enforced when any grant enforces it. */
export function globalsOf(grants: readonly Grant[]): Globals {
  return {
    admin_access: grants.some((g) => g.admin),
    app_access: grants.some((g) => g.app),
    enforce_tfa: grants.some((g) => g.enforceTfa),
  };
}

/** The policy keys among `grants` (what `$CURRENT_POLICIES` stands for). */
export function policyIds(grants: readonly Grant[]): string[] {
  return grants.filter((g) => g.key.startsWith('policy:')).map((g) => g.key.slice('policy:'.length));
}
