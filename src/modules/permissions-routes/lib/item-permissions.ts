import type { PermissionRule } from '../../permissions/permissions.service';

export type ItemAction = 'update' | 'delete' | 'share';

export interface ItemActionAccess {
  access: boolean;
  fields?: string[];
  presets?: Record<string, unknown>;
}

export type ItemPermissions = Record<ItemAction, ItemActionAccess>;

/** Admins may do anything to any item. */
export const ADMIN_ITEM_PERMISSIONS: Readonly<ItemPermissions> = Object.freeze({
  update: { access: true },
  delete: { access: true },
  share: { access: true },
});

/**
 * A singleton's update entry carries what its form needs: the fields the rule lets the caller write
 * (`*` for all) and the values it presets; other entries say only whether the action is open.
 */
export function singletonUpdate(rule: PermissionRule | null): ItemActionAccess {
  if (!rule) return { access: false };
  const fields = !rule.fields || rule.fields.includes('*') ? ['*'] : [...rule.fields];
  return { access: true, fields, presets: { ...(rule.presets ?? {}) } };
}
