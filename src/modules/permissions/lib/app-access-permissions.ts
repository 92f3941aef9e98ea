import type { Permission } from '../permissions.service';

const everyField = { fields: null, validation: null, presets: null } as const;

const ownUser = { user: { _eq: '$CURRENT_USER' } } as const;
const ownNotifications = { recipient: { _eq: '$CURRENT_USER' } } as const;
const ownComments = { user_created: { _eq: '$CURRENT_USER' } } as const;

/**
 * What app access grants by itself, as the reference's minimal app permissions do (of the system
 * collections Vellum has): the schema's metadata, the settings, the caller's own user, roles, policies and
 * activity, the presets meant for them (their own, their role's, everyone's), their own
 * notifications, the shares and the comments they made, and the translation strings. Without them
 * the Studio could not even read the data model it draws.
 */
export const APP_ACCESS_PERMISSIONS: readonly Permission[] = Object.freeze([
  { collection: 'svc_collections', action: 'read', permissions: null, ...everyField },
  { collection: 'svc_fields', action: 'read', permissions: null, ...everyField },
  { collection: 'svc_relations', action: 'read', permissions: null, ...everyField },
  { collection: 'svc_settings', action: 'read', permissions: null, ...everyField },
  { collection: 'svc_activity', action: 'read', permissions: { user: { _eq: '$CURRENT_USER' } }, ...everyField },
  { collection: 'svc_roles', action: 'read', permissions: { id: { _in: '$CURRENT_ROLES' } }, ...everyField },
  { collection: 'svc_policies', action: 'read', permissions: { id: { _in: '$CURRENT_POLICIES' } }, ...everyField },
  {
    collection: 'svc_access',
    action: 'read',
    permissions: { _or: [{ user: { _eq: '$CURRENT_USER' } }, { role: { _in: '$CURRENT_ROLES' } }] },
    ...everyField,
  },
  {
    collection: 'svc_presets',
    action: 'read',
    permissions: {
      _or: [
        ownUser,
        { _and: [{ user: { _null: true } }, { role: { _eq: '$CURRENT_ROLE' } }] },
        { _and: [{ user: { _null: true } }, { role: { _null: true } }] },
      ],
    },
    ...everyField,
  },
  // Writes only of the caller's own presets: a role's or everyone's are the administrator's to set.
  { collection: 'svc_presets', action: 'create', permissions: null, fields: null, validation: ownUser, presets: null },
  {
    collection: 'svc_presets',
    action: 'update',
    permissions: ownUser,
    fields: null,
    validation: ownUser,
    presets: null,
  },
  { collection: 'svc_presets', action: 'delete', permissions: ownUser, ...everyField },
  { collection: 'svc_notifications', action: 'read', permissions: ownNotifications, ...everyField },
  // A recipient files a notification away (inbox, archived); what it says stays the sender's.
  {
    collection: 'svc_notifications',
    action: 'update',
    permissions: ownNotifications,
    fields: ['status'],
    validation: null,
    presets: null,
  },
  { collection: 'svc_shares', action: 'read', permissions: { user_created: { _eq: '$CURRENT_USER' } }, ...everyField },
  { collection: 'svc_comments', action: 'read', permissions: ownComments, ...everyField },
  // Commenting needs read access to the item too, which the comments module checks.
  {
    collection: 'svc_comments',
    action: 'create',
    permissions: null,
    fields: null,
    validation: { comment: { _nnull: true } },
    presets: null,
  },
  // An author edits what they said, never where it stands.
  {
    collection: 'svc_comments',
    action: 'update',
    permissions: ownComments,
    fields: ['comment'],
    validation: null,
    presets: null,
  },
  { collection: 'svc_comments', action: 'delete', permissions: ownComments, ...everyField },
  { collection: 'svc_translations', action: 'read', permissions: null, ...everyField },
  {
    collection: 'svc_users',
    action: 'read',
    permissions: { id: { _eq: '$CURRENT_USER' } },
    validation: null,
    presets: null,
    fields: [
      'id',
      'first_name',
      'last_name',
      'last_page',
      'email',
      'password',
      'location',
      'title',
      'description',
      'tags',
      'avatar',
      'language',
      'appearance',
      'theme_light',
      'theme_dark',
      'theme_light_overrides',
      'theme_dark_overrides',
      'text_direction',
      'tfa_secret',
      'status',
      'role',
    ],
  },
]);

/**
 * A role's rules plus the minimal ones of app access it has no rule of its own for: one rule per
 * collection and action is what the engine reads, and a role's own rule is the broader one in practice.
 */
export function withAppAccess(rules: Permission[]): Permission[] {
  const own = new Set(rules.map((r) => `${r.collection}:${r.action}`));
  return [...rules, ...APP_ACCESS_PERMISSIONS.filter((p) => !own.has(`${p.collection}:${p.action}`))];
}
