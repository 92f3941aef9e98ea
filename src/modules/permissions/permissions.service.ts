import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import type { Filter } from '../../common/query/query.types';
import { SystemCacheService } from '../cache/system-cache.service';
import type { SchemaOverview } from '../schema/schema-overview';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { AccessGrantsService } from './access-grants.service';
import { globalsOf, Grant } from './lib/access-grants';
import { withAppAccess } from './lib/app-access-permissions';
import { mergeRules } from './lib/merge-rules';
import { remember } from './lib/remember';
import { sharePermissions } from './lib/share-permissions';

export type PermissionAction = 'create' | 'read' | 'update' | 'delete';

/** One svc_permissions row, parsed. `fields` null or containing `*` means every field. */
export interface Permission {
  collection: string;
  action: PermissionAction;
  fields: string[] | null;
  permissions: Filter | null;
  validation: Filter | null;
  presets: Record<string, unknown> | null;
}

export type PermissionRule = Pick<Permission, 'fields' | 'permissions' | 'validation' | 'presets'>;
export type PermissionLookup = (collection: string, action: PermissionAction) => PermissionRule | null;

/** What an admin may do: everything, with no row filter. */
export const FULL_ACCESS = Object.freeze({ fields: null, permissions: null, validation: null, presets: null });

interface Row {
  collection: string;
  action: string;
  fields: string | null;
  permissions: unknown;
  validation: unknown;
  presets: unknown;
}

function json<T>(value: unknown): T | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return null;
    }
  }
  return value as T;
}

/**
 * The permission rows of each grant (a policy, or the rows written with a role and no policy), read once
 * and kept until a system reload, as are the merged rules of each set of grants: the items engine
 * announces one after every write to svc_permissions, svc_policies, svc_access or svc_roles, on every
 * instance.
 */
@Injectable()
export class PermissionsService implements OnModuleInit {
  private cache = new Map<string, Promise<Permission[]>>();
  private merged = new Map<string, Promise<Permission[]>>();
  private shares = new Map<string, Promise<Permission[]>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly systemCache: SystemCacheService,
    private readonly grants: AccessGrantsService,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    this.systemCache.onReload(() => {
      this.cache.clear();
      this.merged.clear();
      this.shares.clear();
    });
  }

  /** After a committed change of permissions, policies, access or roles, here and on every other instance. */
  async changed(): Promise<void> {
    await this.systemCache.broadcastReload();
  }

  private rowsOf(grant: string): Promise<Permission[]> {
    return remember(this.cache, grant, () => this.loadRows(grant));
  }

  private loadRows(grant: string): Promise<Permission[]> {
    const qb = this.dataSource
      .createQueryBuilder()
      .select([
        'p.collection AS collection',
        'p.action AS action',
        'p.fields AS fields',
        'p.permissions AS permissions',
        'p.validation AS validation',
        'p.presets AS presets',
      ])
      .from('svc_permissions', 'p');
    const [kind, id] = [grant.slice(0, grant.indexOf(':')), grant.slice(grant.indexOf(':') + 1)];
    if (kind === 'policy') qb.where('p.policy = :id', { id });
    else if (id === '$public') qb.where('p.role IS NULL AND p.policy IS NULL');
    else qb.where('p.role = :id AND p.policy IS NULL', { id });
    return qb
      .orderBy('p.id')
      .getRawMany<Row>()
      .then((list) =>
        list.map((row) => ({
          collection: row.collection,
          action: row.action as PermissionAction,
          fields: row.fields
            ? row.fields
                .split(',')
                .map((f) => f.trim())
                .filter(Boolean)
            : null,
          permissions: json<Filter>(row.permissions),
          validation: json<Filter>(row.validation),
          presets: json<Record<string, unknown>>(row.presets),
        })),
      );
  }

  /** The rules of a set of grants, merged, with what app access grants by itself when `app`. */
  private rulesOfGrants(grants: Grant[], app: boolean): Promise<Permission[]> {
    const key = `${app ? 'app' : 'api'}|${grants.map((g) => g.key).join('|')}`;
    return remember(this.merged, key, async () => {
      const rules = mergeRules(await Promise.all(grants.map((g) => this.rowsOf(g.key))));
      return app ? withAppAccess(rules) : rules;
    });
  }

  /**
   * The rules of the caller's policies, with what app access grants by itself; kept like the rows, since
   * the items engine remembers per list which variables it uses.
   */
  private async rulesOf(acc: Accountability): Promise<Permission[]> {
    if (acc.share) {
      const overview = this.moduleRef.get(SchemaOverviewService, { strict: false }).current;
      // Keyed by the schema's version too: a new relation opens (or closes) related rows.
      return remember(this.shares, `${acc.share.id}@${overview.version}`, () =>
        this.shareRules(acc.share!.id, overview),
      );
    }
    return this.rulesOfGrants(await this.grants.grants(acc), acc.app);
  }

  /**
   * A share session's rules, from the share as it is now (its role may have changed since sign-in; a
   * deleted share opens nothing). The schema module depends on this one, so its overview is looked up
   * at run time rather than injected.
   */
  private async shareRules(id: string, overview: SchemaOverview): Promise<Permission[]> {
    const share = await this.dataSource
      .createQueryBuilder()
      .select(['s.collection AS collection', 's.item AS item', 's.role AS role'])
      .from('svc_shares', 's')
      .where('s.id = :id', { id })
      .getRawOne<{ collection: string; item: string; role: string | null }>();
    const primary = share && overview.collection(share.collection)?.primary;
    if (!share || !primary) return [];
    const grants = await this.grants.grants({ user: null, role: share.role, ip: null });
    const admin = share.role !== null && globalsOf(grants).admin_access;
    return sharePermissions(
      { ...share, primary },
      overview.relations,
      admin ? 'admin' : await this.rulesOfGrants(grants, false),
    );
  }

  /** What `$CURRENT_ROLES` and `$CURRENT_POLICIES` stand for in the caller's rules, presets and queries. */
  async context(acc: Accountability): Promise<{ roles: string[]; policies: string[] }> {
    return this.grants.context(acc);
  }

  /** A synchronous view of the caller's permissions, for planning reads across several collections. */
  async lookup(acc: Accountability | null): Promise<PermissionLookup> {
    if (!acc || acc.admin) return () => FULL_ACCESS;
    const rows = await this.rulesOf(acc);
    return (collection, action) => rows.find((p) => p.collection === collection && p.action === action) ?? null;
  }

  /** Every rule of the caller (empty for admins), e.g. to see which variables they use. */
  async rules(acc: Accountability | null): Promise<Permission[]> {
    return !acc || acc.admin ? [] : this.rulesOf(acc);
  }

  /**
   * The caller's permission for an action on a collection: FULL_ACCESS for admins and internal calls
   * (acc null), null when there is none.
   */
  async find(acc: Accountability | null, collection: string, action: PermissionAction): Promise<PermissionRule | null> {
    if (!acc || acc.admin) return FULL_ACCESS;
    const rows = await this.rulesOf(acc);
    return rows.find((p) => p.collection === collection && p.action === action) ?? null;
  }
}
