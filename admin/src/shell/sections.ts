/** The Studio's sections in the navigation and the breadcrumbs; `admin` ones only for a user with admin access. */
export const SECTIONS = [
  { path: 'content', label: 'Content', admin: false },
  { path: 'files', label: 'Files', admin: false },
  { path: 'users', label: 'Users', admin: true },
  { path: 'roles', label: 'Roles', admin: true },
  { path: 'policies', label: 'Policies', admin: true },
  { path: 'activity', label: 'Activity', admin: false },
  { path: 'settings', label: 'Settings', admin: true },
  { path: 'data-model', label: 'Data model', admin: true },
  { path: 'schema', label: 'Schema moves', admin: true },
  { path: 'profile', label: 'Your account', admin: false },
] as const;

/** What the last part of a section's path names, when it is not a collection (content, data model). */
export const ENTRY_LABELS: Record<string, string> = { files: 'File', users: 'User', roles: 'Role', policies: 'Policy' };
