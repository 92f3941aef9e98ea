/** System routes read one system collection each; `/items/:collection` names its own. */
const SYSTEM_ROUTES: Record<string, string> = {
  activity: 'svc_activity',
  collections: 'svc_collections',
  fields: 'svc_fields',
  files: 'svc_files',
  folders: 'svc_folders',
  permissions: 'svc_permissions',
  relations: 'svc_relations',
  revisions: 'svc_revisions',
  roles: 'svc_roles',
  settings: 'svc_settings',
  users: 'svc_users',
  versions: 'svc_versions',
};

/**
 * The collection a request reads, or null when the route is not about one collection
 * (`/server/info`, `/schema/snapshot`). Used to name exports and to scope cached reads.
 */
export function routeCollection(path: string, params: Record<string, unknown> = {}): string | null {
  const [first, second] = path.split('/').filter((s) => s !== '');
  if (first === 'items') return typeof params.collection === 'string' ? params.collection : second ? decodeURIComponent(second) : null;
  return (first && SYSTEM_ROUTES[first]) || null;
}
