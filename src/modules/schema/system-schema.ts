import type { Filter } from '../../common/query/query.types';
import type { FieldType, RelationMeta } from './schema.types';

/** A JSON value or a comma-separated list stored as text. */
const JSON_TEXT = { type: 'json', special: ['cast-json'] } as const satisfies { type: FieldType; special: string[] };
const CSV_TEXT = { type: 'csv', special: ['cast-csv'] } as const satisfies { type: FieldType; special: string[] };
const UUID_KEY = { type: 'uuid', special: ['uuid'] } as const satisfies { type: FieldType; special: string[] };
/** Who made an item and when, and who changed it last and when: filled in by the server. */
const CREATED = {
  date_created: { type: 'timestamp', special: ['date-created'] },
  user_created: { type: 'uuid', special: ['user-created'] },
} as const satisfies Record<string, { type: FieldType; special: string[] }>;
const UPDATED = {
  date_updated: { type: 'timestamp', special: ['date-updated'] },
  user_updated: { type: 'uuid', special: ['user-updated'] },
} as const satisfies Record<string, { type: FieldType; special: string[] }>;

/**
 * The system collections served by the items engine. Their columns come from the migrations; what the
 * column alone cannot tell (JSON stored as text, hashed or concealed values, CSV lists) is declared here.
 */
export const SYSTEM_COLLECTIONS: Record<
  string,
  {
    accountability: 'all' | 'activity' | null;
    singleton?: boolean;
    fields: Record<string, { type?: FieldType; special?: string[]; validation?: Filter }>;
  }
> = {
  svc_users: {
    accountability: 'all',
    fields: {
      id: { type: 'uuid', special: ['uuid'] },
      password: { type: 'hash', special: ['hash', 'conceal'] },
      tfa_secret: { special: ['conceal'] },
      token: { special: ['conceal'] },
      tags: { type: 'json', special: ['cast-json'] },
      auth_data: { type: 'json', special: ['cast-json'] },
      theme_light_overrides: { type: 'json', special: ['cast-json'] },
      theme_dark_overrides: { type: 'json', special: ['cast-json'] },
      role: { type: 'uuid', special: ['m2o'] },
      avatar: { type: 'uuid' },
      last_access: { type: 'timestamp' },
    },
  },
  svc_roles: {
    accountability: 'all',
    fields: {
      id: { type: 'uuid', special: ['uuid'] },
      ip_access: { type: 'csv', special: ['cast-csv'] },
      parent: { type: 'uuid', special: ['m2o'] },
    },
  },
  svc_policies: { accountability: 'all', fields: { id: UUID_KEY, ip_access: CSV_TEXT } },
  svc_access: {
    accountability: 'all',
    fields: {
      id: UUID_KEY,
      role: { type: 'uuid', special: ['m2o'] },
      user: { type: 'uuid', special: ['m2o'] },
      policy: { type: 'uuid', special: ['m2o'] },
    },
  },
  svc_permissions: {
    accountability: 'all',
    fields: {
      role: { type: 'uuid' },
      policy: { type: 'uuid', special: ['m2o'] },
      permissions: { type: 'json', special: ['cast-json'] },
      validation: { type: 'json', special: ['cast-json'] },
      presets: { type: 'json', special: ['cast-json'] },
      fields: { type: 'csv', special: ['cast-csv'] },
    },
  },
  svc_files: {
    accountability: 'all',
    fields: {
      id: { type: 'uuid', special: ['uuid'] },
      folder: { type: 'uuid', special: ['m2o'] },
      uploaded_by: { type: 'uuid', special: ['user-created'] },
      modified_by: { type: 'uuid', special: ['user-updated'] },
      created_on: { type: 'timestamp', special: ['date-created'] },
      modified_on: { type: 'timestamp', special: ['date-updated'] },
      uploaded_on: { type: 'timestamp' },
      tags: { type: 'json', special: ['cast-json'] },
      metadata: { type: 'json', special: ['cast-json'] },
      tus_data: { type: 'json', special: ['cast-json'] },
    },
  },
  svc_folders: { accountability: 'all', fields: { id: { type: 'uuid', special: ['uuid'] }, parent: { type: 'uuid' } } },
  svc_versions: { accountability: 'all', fields: { id: UUID_KEY, ...CREATED, ...UPDATED, delta: JSON_TEXT } },
  // The schema's own metadata, listed as the reference lists its own (read-only here: /collections,
  // /fields and /relations write them).
  svc_collections: { accountability: null, fields: { translations: JSON_TEXT, item_duplication_fields: JSON_TEXT } },
  svc_fields: {
    accountability: null,
    fields: {
      special: CSV_TEXT,
      options: JSON_TEXT,
      display_options: JSON_TEXT,
      translations: JSON_TEXT,
      conditions: JSON_TEXT,
      validation: JSON_TEXT,
    },
  },
  svc_relations: { accountability: null, fields: { one_allowed_collections: CSV_TEXT } },
  svc_activity: { accountability: null, fields: { user: { type: 'uuid' }, timestamp: { type: 'timestamp' } } },
  svc_revisions: {
    accountability: null,
    fields: {
      data: { type: 'json', special: ['cast-json'] },
      delta: { type: 'json', special: ['cast-json'] },
      version: { type: 'uuid' },
    },
  },
  svc_settings: {
    accountability: 'all',
    singleton: true,
    fields: {
      storage_asset_presets: { type: 'json', special: ['cast-json'] },
      project_logo: { type: 'uuid' },
      storage_default_folder: { type: 'uuid' },
      public_foreground: { type: 'uuid' },
      public_background: { type: 'uuid' },
      public_favicon: { type: 'uuid' },
    },
  },
  svc_presets: {
    accountability: null,
    fields: {
      user: { type: 'uuid', special: ['m2o'] },
      role: { type: 'uuid', special: ['m2o'] },
      layout_query: JSON_TEXT,
      layout_options: JSON_TEXT,
      filter: JSON_TEXT,
    },
  },
  svc_notifications: {
    accountability: null,
    fields: {
      timestamp: { type: 'timestamp', special: ['date-created'] },
      status: { validation: { status: { _in: ['inbox', 'archived'] } } },
      recipient: { type: 'uuid', special: ['m2o'] },
      sender: { type: 'uuid', special: ['m2o'] },
    },
  },
  svc_shares: {
    accountability: 'all',
    fields: {
      id: { type: 'uuid', special: ['uuid'] },
      role: { type: 'uuid', special: ['m2o'] },
      password: { type: 'hash', special: ['hash', 'conceal'] },
      user_created: { type: 'uuid', special: ['user-created'] },
      date_created: { type: 'timestamp', special: ['date-created'] },
      date_start: { type: 'timestamp' },
      date_end: { type: 'timestamp' },
    },
  },
  svc_comments: { accountability: null, fields: { id: UUID_KEY, ...CREATED, ...UPDATED } },
  svc_dashboards: { accountability: 'all', fields: { id: UUID_KEY, ...CREATED } },
  svc_panels: {
    accountability: 'all',
    fields: {
      id: UUID_KEY,
      dashboard: { type: 'uuid', special: ['m2o'] },
      show_header: { type: 'boolean' },
      options: JSON_TEXT,
      ...CREATED,
    },
  },
  svc_translations: { accountability: 'all', fields: { id: UUID_KEY } },
  // Listed for administrators as the reference lists its own; no route reads or writes them as items.
  svc_sessions: {
    accountability: null,
    fields: {
      token: { special: ['conceal'] },
      user: { type: 'uuid' },
      share: { type: 'uuid' },
      next_token: { special: ['conceal'] },
    },
  },
  svc_migrations: { accountability: null, fields: {} },
};

/** Relations between system collections, so `fields=role.name` or `filter[user][email]` work on them. */
export const SYSTEM_RELATIONS: (Omit<
  RelationMeta,
  'one_collection_field' | 'one_allowed_collections' | 'junction_field' | 'sort_field' | 'one_deselect_action'
> &
  Partial<Pick<RelationMeta, 'one_deselect_action' | 'junction_field' | 'sort_field'>>)[] = [
  { many_collection: 'svc_users', many_field: 'role', one_collection: 'svc_roles', one_field: 'users' },
  { many_collection: 'svc_users', many_field: 'avatar', one_collection: 'svc_files', one_field: null },
  { many_collection: 'svc_permissions', many_field: 'role', one_collection: 'svc_roles', one_field: null },
  // As the reference: svc_access is the junction of two many-to-manys. A policy's `roles` are its access rows
  // with a role, its `users` those with a user; roles and users list theirs as `policies`. A permission or
  // access row taken out of its list is deleted: without its owner, it would attach its policy to the public.
  {
    many_collection: 'svc_permissions',
    many_field: 'policy',
    one_collection: 'svc_policies',
    one_field: 'permissions',
    one_deselect_action: 'delete',
  },
  {
    many_collection: 'svc_access',
    many_field: 'policy',
    one_collection: 'svc_policies',
    one_field: 'roles',
    one_deselect_action: 'delete',
    junction_field: 'role',
  },
  {
    many_collection: 'svc_access',
    many_field: 'policy',
    one_collection: 'svc_policies',
    one_field: 'users',
    one_deselect_action: 'delete',
    junction_field: 'user',
  },
  {
    many_collection: 'svc_access',
    many_field: 'role',
    one_collection: 'svc_roles',
    one_field: 'policies',
    one_deselect_action: 'delete',
    junction_field: 'policy',
    sort_field: 'sort',
  },
  {
    many_collection: 'svc_access',
    many_field: 'user',
    one_collection: 'svc_users',
    one_field: 'policies',
    one_deselect_action: 'delete',
    junction_field: 'policy',
    sort_field: 'sort',
  },
  { many_collection: 'svc_roles', many_field: 'parent', one_collection: 'svc_roles', one_field: 'children' },
  { many_collection: 'svc_files', many_field: 'folder', one_collection: 'svc_folders', one_field: null },
  { many_collection: 'svc_files', many_field: 'uploaded_by', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_files', many_field: 'modified_by', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_folders', many_field: 'parent', one_collection: 'svc_folders', one_field: null },
  { many_collection: 'svc_versions', many_field: 'user_created', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_versions', many_field: 'user_updated', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_activity', many_field: 'user', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_revisions', many_field: 'activity', one_collection: 'svc_activity', one_field: 'revisions' },
  { many_collection: 'svc_revisions', many_field: 'version', one_collection: 'svc_versions', one_field: null },
  { many_collection: 'svc_revisions', many_field: 'parent', one_collection: 'svc_revisions', one_field: null },
  { many_collection: 'svc_presets', many_field: 'user', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_presets', many_field: 'role', one_collection: 'svc_roles', one_field: null },
  { many_collection: 'svc_notifications', many_field: 'recipient', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_notifications', many_field: 'sender', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_shares', many_field: 'role', one_collection: 'svc_roles', one_field: null },
  { many_collection: 'svc_shares', many_field: 'user_created', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_comments', many_field: 'user_created', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_comments', many_field: 'user_updated', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_dashboards', many_field: 'user_created', one_collection: 'svc_users', one_field: null },
  { many_collection: 'svc_panels', many_field: 'dashboard', one_collection: 'svc_dashboards', one_field: 'panels' },
  { many_collection: 'svc_panels', many_field: 'user_created', one_collection: 'svc_users', one_field: null },
];

/**
 * The schema's own metadata tables: listed like the other system collections, but their indexes are
 * Vellum's own, never a user's, so a snapshot leaves them out (older snapshots stay without a diff).
 */
export const SCHEMA_METADATA: ReadonlySet<string> = new Set(['svc_collections', 'svc_fields', 'svc_relations']);

/**
 * The system collections whose REST routes write plain items through the items engine (collectionController
 * without a creator of its own). The others (users, files, folders, shares, comments, versions, settings)
 * have rules of their own on every write (the last admin stays, uploads, share rights), which a write
 * through the plain engine elsewhere (a revert, a GraphQL mutation) must not go around.
 */
export const PLAIN_WRITE_SYSTEM_COLLECTIONS: ReadonlySet<string> = new Set([
  'svc_roles',
  'svc_permissions',
  'svc_policies',
  'svc_access',
  'svc_presets',
  'svc_notifications',
  'svc_dashboards',
  'svc_panels',
  'svc_translations',
]);

export function isSystemCollection(name: string): boolean {
  return name.startsWith('svc_');
}
