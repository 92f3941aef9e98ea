/**
 * The tags of the OpenAPI document, in the order Swagger UI and generated clients list them: the way a
 * client meets the API (sign in, content, schema, files) before the administration and the rest.
 */
export const API_TAGS = [
  {
    name: 'Authentication',
    description: 'Sign in with email and password, refresh and end sessions, reset a forgotten password.',
  },
  {
    name: 'Items',
    description:
      'The items of the user collections: read with the shared query parameters, create, update and delete one or many.',
  },
  { name: 'Collections', description: 'The collections (tables) of the schema and their metadata.' },
  { name: 'Fields', description: 'The fields (columns) of the collections, their types and metadata.' },
  {
    name: 'Relations',
    description: 'The relations between collections (many-to-one foreign keys and their reverse sides).',
  },
  { name: 'Files', description: 'File records and their content: uploads, imports from a URL, metadata updates.' },
  { name: 'Assets', description: 'The content of a file, or an image transformation of it.' },
  { name: 'Folders', description: 'Virtual folders that organise the file library.' },
  {
    name: 'Versions',
    description: 'Content versions of an item: save changes apart, compare, promote them to the main item.',
  },
  {
    name: 'Schema',
    description: 'Snapshots of the schema, their differences, and applying a difference to another instance.',
  },
  {
    name: 'Utilities',
    description:
      'Hashes, random strings, manual sorting, reverting a revision, imports, exports and their jobs, the cache.',
  },
  { name: 'Users', description: 'Users, the signed-in user, invitations and two-factor authentication.' },
  {
    name: 'Roles',
    description: 'Roles grouping users and their access (written by administrators; app users read their own).',
  },
  {
    name: 'Permissions',
    description: 'The permission rules of each role per collection and action, and the caller’s own access.',
  },
  {
    name: 'Server',
    description: 'Health, information and the API specifications (OpenAPI, GraphQL SDL) of this instance.',
  },
  {
    name: 'Policies',
    description:
      'Policies: sets of permissions and access flags attached to roles and users (administrators only), and the caller’s own access flags.',
  },
  {
    name: 'Access',
    description: 'The access rows attaching policies to roles and users, in order (administrators only).',
  },
  { name: 'Settings', description: 'The project settings (a singleton).' },
  { name: 'Activity', description: 'The log of every action taken through the API.' },
  { name: 'Revisions', description: 'The data of an item after each change, for history and revert.' },
  { name: 'Comments', description: 'Comments on items.' },
  { name: 'Dashboards', description: 'Insights dashboards.' },
  { name: 'Panels', description: 'The panels of the insights dashboards.' },
  { name: 'Notifications', description: 'Notifications sent to users (mentions, exports).' },
  { name: 'Presets', description: 'Saved views and bookmarks of the collection layouts.' },
  {
    name: 'Shares',
    description: 'Links that share one item with people outside the project, and signing in with them.',
  },
  { name: 'Translations', description: 'Custom translation strings of the app.' },
  {
    name: 'Extensions',
    description: 'Installed extensions: Vellum loads none, and answers as the reference platform does without any.',
  },
  { name: 'GraphQL', description: 'The GraphQL endpoints for the items and the system collections.' },
] as const;

export type ApiTagName = (typeof API_TAGS)[number]['name'];
