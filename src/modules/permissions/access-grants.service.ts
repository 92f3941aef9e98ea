import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { storedBoolean as truthy } from '../../database/stored-boolean';
import { SystemCacheService } from '../cache/system-cache.service';
import {
  AccessTree,
  Globals,
  Grant,
  GrantFlags,
  globalsOf,
  grantsFrom,
  grantsOf,
  policyIds,
  roleChain,
} from './lib/access-grants';
import { remember } from './lib/remember';

type Caller = Pick<Accountability, 'user' | 'role' | 'ip'>;

interface FlagRow {
  id: string;
  admin_access: unknown;
  app_access: unknown;
  enforce_tfa: unknown;
  ip_access: string | null;
}

function flagsOf(row: FlagRow): GrantFlags {
  const ip = (row.ip_access ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return {
    admin: truthy(row.admin_access),
    app: truthy(row.app_access),
    enforceTfa: truthy(row.enforce_tfa),
    ip: ip.length ? ip : null,
  };
}

const FLAG_COLUMNS = (alias: string) =>
  ['id', 'admin_access', 'app_access', 'enforce_tfa', 'ip_access'].map((c) => `${alias}.${c} AS ${c}`);

/**
 * Which policies a caller has (their role's, its ancestors', their own), read once and kept until a system
 * reload: the items engine announces one after every write to svc_policies, svc_access, svc_roles or
 * svc_permissions, on every instance.
 */
@Injectable()
export class AccessGrantsService implements OnModuleInit {
  private tree = new Map<string, Promise<AccessTree>>();
  private users = new Map<string, Promise<string[]>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly systemCache: SystemCacheService,
  ) {}

  onModuleInit(): void {
    this.systemCache.onReload(() => {
      this.tree.clear();
      this.users.clear();
    });
  }

  /** The grants that apply to the caller's request (a policy limited to other addresses is left out). */
  async grants(caller: Caller): Promise<Grant[]> {
    return grantsFrom(await this.allGrants(caller), caller.ip);
  }

  /**
   * Admin access, app access and enforced two-factor, from every grant that applies to the caller; with
   * `ip` undefined, from every grant whatever the address (what a token announces to its client).
   */
  async globals(caller: Omit<Caller, 'ip'> & { ip?: string | null }): Promise<Globals> {
    const all = await this.allGrants(caller);
    return globalsOf(caller.ip === undefined ? all : grantsFrom(all, caller.ip));
  }

  private async allGrants(caller: Omit<Caller, 'ip'>): Promise<Grant[]> {
    const own = caller.user ? await remember(this.users, caller.user, () => this.loadUserPolicies(caller.user!)) : [];
    return grantsOf(await this.loadedTree(), caller.role, own);
  }

  private loadedTree(): Promise<AccessTree> {
    return remember(this.tree, 'tree', () => this.loadTree());
  }

  /** What `$CURRENT_ROLES` and `$CURRENT_POLICIES` stand for: the role chain and the policies that apply. */
  async context(caller: Caller): Promise<{ roles: string[]; policies: string[] }> {
    return { roles: roleChain(await this.loadedTree(), caller.role), policies: policyIds(await this.grants(caller)) };
  }

  /** `user` is a reserved word of PostgreSQL. */
  private get userColumn(): string {
    return this.dataSource.driver.escape('user');
  }

  private async loadTree(): Promise<AccessTree> {
    const q = () => this.dataSource.createQueryBuilder();
    const roles = await q()
      .select([...FLAG_COLUMNS('r'), 'r.parent AS parent'])
      .from('svc_roles', 'r')
      .getRawMany<FlagRow & { parent: string | null }>();
    const policies = await q().select(FLAG_COLUMNS('p')).from('svc_policies', 'p').getRawMany<FlagRow>();
    const links = await q()
      .select(['a.role AS role', 'a.policy AS policy'])
      .from('svc_access', 'a')
      .where(`a.${this.userColumn} IS NULL`)
      .orderBy('a.sort')
      .addOrderBy('a.id')
      .getRawMany<{ role: string | null; policy: string }>();
    const rolePolicies = new Map<string | null, string[]>();
    for (const link of links) rolePolicies.set(link.role, [...(rolePolicies.get(link.role) ?? []), link.policy]);
    return {
      roles: new Map(roles.map((row) => [row.id, { ...flagsOf(row), parent: row.parent ?? null }])),
      policies: new Map(policies.map((row) => [row.id, flagsOf(row)])),
      rolePolicies,
    };
  }

  private async loadUserPolicies(user: string): Promise<string[]> {
    const rows = await this.dataSource
      .createQueryBuilder()
      .select('a.policy', 'policy')
      .from('svc_access', 'a')
      .where(`a.${this.userColumn} = :user`, { user })
      .orderBy('a.sort')
      .addOrderBy('a.id')
      .getRawMany<{ policy: string }>();
    return rows.map((row) => row.policy);
  }
}
