import type { Permission } from '../permissions.service';

export type AccessLevel = 'none' | 'partial' | 'full';

export interface ActionAccess {
  access: AccessLevel;
  fields?: string[];
  presets?: Record<string, unknown>;
}

const ACTIONS = ['create', 'read', 'update', 'delete', 'share'] as const;

export type CollectionAccess = Record<string, Record<(typeof ACTIONS)[number], ActionAccess>>;

/**
 * What the caller may do per collection, in the reference's `/permissions/me` shape: `full` without a
 * row filter, `partial` with one, `none` without a rule; the union of the rules' fields (`*` absorbs
 * the rest) and their presets merged. Admins get `full` on every collection of the schema.
 */
export function collectionAccess(admin: boolean, rules: Permission[], collections: Iterable<string>): CollectionAccess {
  const result = Object.create(null) as CollectionAccess;
  if (admin) {
    for (const collection of collections) {
      result[collection] = Object.fromEntries(
        ACTIONS.map((action) => [action, { access: 'full', fields: ['*'] }]),
      ) as CollectionAccess[string];
    }
    return result;
  }
  for (const rule of rules) {
    const entry = (result[rule.collection] ??= Object.fromEntries(
      ACTIONS.map((action) => [action, { access: 'none' }]),
    ) as CollectionAccess[string]);
    const info = entry[rule.action];
    const filtered = rule.permissions !== null && Object.keys(rule.permissions).length > 0;
    info.access = filtered || info.access === 'partial' ? 'partial' : 'full';
    const fields = rule.fields ?? ['*'];
    if (info.fields?.[0] !== '*')
      info.fields = fields.includes('*') ? ['*'] : [...new Set([...(info.fields ?? []), ...fields])];
    if (rule.presets) info.presets = { ...info.presets, ...rule.presets };
  }
  return result;
}
