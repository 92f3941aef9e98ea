/** System routes read one system collection each; `/items/:collection` names its own. */
const SYSTEM_ROUTES: Record<string, string> = {
  access: 'svc_access',
  activity: 'svc_activity',
  collections: 'svc_collections',
  comments: 'svc_comments',
  dashboards: 'svc_dashboards',
  fields: 'svc_fields',
  files: 'svc_files',
  folders: 'svc_folders',
  notifications: 'svc_notifications',
  panels: 'svc_panels',
  permissions: 'svc_permissions',
  policies: 'svc_policies',
  presets: 'svc_presets',
  relations: 'svc_relations',
  revisions: 'svc_revisions',
  roles: 'svc_roles',
  settings: 'svc_settings',
  shares: 'svc_shares',
  translations: 'svc_translations',
  users: 'svc_users',
  versions: 'svc_versions',
};

/**
 * The collection a request reads: its `:collection` route parameter, else the system collection of
 * the route, else null (`/server/info`, `/schema/snapshot`). Used to name exports and to scope cached reads.
 */
export function routeCollection(path: string, params: Record<string, unknown> = {}): string | null {
  if (typeof params.collection === 'string') return params.collection;
  const [first, second] = path.split('/').filter((s) => s !== '');
  if (first === 'items') return second ? decodeURIComponent(second) : null;
  return (first && SYSTEM_ROUTES[first]) || null;
}
