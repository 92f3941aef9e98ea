import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError } from '../../common/errors/errors';
import { assertItemReadable } from '../items/item-access';
import { ItemsFactory } from '../items/items.factory';
import type { ItemsService, PrimaryKey } from '../items/items.service';
import { ADMIN_ITEM_PERMISSIONS, ItemPermissions, singletonUpdate } from './lib/item-permissions';
import { PermissionRule, PermissionsService } from '../permissions/permissions.service';

/**
 * What the caller may do to one item (`GET /permissions/me/:collection/:key?`), as the reference's app
 * asks before it offers save, delete and share on an item's page: each action is open when the caller
 * has a rule for it and, for a given item, the item passes that rule's row filter now.
 */
@Injectable()
export class ItemPermissionsService {
  constructor(
    private readonly items: ItemsFactory,
    private readonly permissions: PermissionsService,
  ) {}

  async of(acc: Accountability, collection: string, key?: string): Promise<ItemPermissions> {
    // As the reference: anonymous callers and shares learn nothing about anyone's access.
    if (!acc.user) throw new ForbiddenError();
    if (acc.admin) return structuredClone(ADMIN_ITEM_PERMISSIONS);
    const service = this.items.for(collection, acc);
    const singleton = this.singleton(service);
    if (singleton === null) return { update: { access: false }, delete: { access: false }, share: { access: false } };
    const rules = await this.permissions.rules(acc);
    const rule = (action: string): PermissionRule | null =>
      rules.find((r) => r.collection === collection && (r.action as string) === action) ?? null;
    // A singleton without its row yet is saved by a create; with it, its page acts on that row.
    const row = singleton ? await service.singletonKey() : (key ?? null);
    const updateAction = singleton && row === null ? 'create' : 'update';
    const [update, remove, share] = await Promise.all([
      row === null ? rule(updateAction) !== null : service.permits('update', row),
      row === null ? rule('delete') !== null : service.permits('delete', row),
      this.mayShare(acc, collection, rule('share'), row),
    ]);
    return {
      update: singleton && update ? singletonUpdate(rule(updateAction)) : { access: update },
      delete: { access: remove },
      share: { access: share },
    };
  }

  /** Whether the collection is a singleton; null for one the caller cannot name (unknown, or no table). */
  private singleton(service: ItemsService): boolean | null {
    try {
      return service.schema.singleton;
    } catch (error) {
      if (error instanceof ForbiddenError) return null;
      throw error;
    }
  }

  /** As creating a share checks it: a share rule whose row filter the item passes, and the item readable. */
  private async mayShare(
    acc: Accountability,
    collection: string,
    rule: PermissionRule | null,
    row: PrimaryKey | null,
  ): Promise<boolean> {
    if (!rule) return false;
    if (row === null) return true;
    try {
      await assertItemReadable(this.items, acc, collection, String(row), rule.permissions);
      return true;
    } catch (error) {
      if (error instanceof ForbiddenError) return false;
      throw error;
    }
  }
}
