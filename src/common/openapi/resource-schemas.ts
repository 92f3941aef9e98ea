import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { ERROR_SCHEMA } from './error-responses';
import { object, ref } from './schema-shorthand';

const STAMPS = { date_created: 'datetime?', user_created: 'm2o:user', date_updated: 'datetime?', user_updated: 'm2o:user' };

/** The rows of the system collections as the API answers them (API.md 11), one schema each. */
const SYSTEM_ROWS: Record<string, SchemaObject> = {
  User: object({
    id: 'uuid', first_name: 'string?', last_name: 'string?', email: 'string?', password: 'string?', location: 'string?',
    title: 'string?', description: 'string?', tags: 'json', avatar: 'm2o:file', language: 'string?', tfa_secret: 'string?',
    status: { type: 'string', enum: ['draft', 'invited', 'unverified', 'active', 'suspended', 'archived'] }, role: 'm2o:role',
    token: 'string?', last_access: 'datetime?', last_page: 'string?', provider: 'string', external_identifier: 'string?',
    auth_data: 'json', email_notifications: 'boolean', appearance: 'string?', theme_dark: 'string?', theme_light: 'string?',
  }, { description: 'A user; `password`, `tfa_secret` and `token` are answered concealed (`**********`).' }),
  Role: object({
    id: 'uuid', name: 'string', icon: 'string?', description: 'string?', ip_access: 'strings?', enforce_tfa: 'boolean',
    admin_access: 'boolean', app_access: 'boolean', parent: 'm2o:role', children: 'o2m:roles', users: 'o2m:users', policies: 'o2m:access rows',
  }),
  Policy: object({
    id: 'uuid', name: 'string', icon: 'string?', description: 'string?', ip_access: 'strings?', enforce_tfa: 'boolean',
    admin_access: 'boolean', app_access: 'boolean', roles: 'o2m:access rows', users: 'o2m:access rows', permissions: 'o2m:permissions',
  }, { description: 'A set of permissions and access flags, attached to roles and users through access rows (`svc_access`).' }),
  AccessRow: object({ id: 'uuid', role: 'm2o:role', user: 'm2o:user', policy: 'm2o:policy', sort: 'integer?' }, {
    description: 'Attaches `policy` to `role` or to `user` (one of them; neither: the public access); `sort` orders a role’s or user’s policies.',
  }),
  Permission: object({
    id: 'integer', policy: 'm2o:policy', role: 'm2o:role', collection: 'string', action: { type: 'string', enum: ['create', 'read', 'update', 'delete', 'share'] },
    permissions: 'json', validation: 'json', presets: 'json', fields: 'strings?',
  }, { description: 'A rule: what `policy` (null: the public access; `role` as before policies) may do with `collection`, on which rows (`permissions`) and fields.' }),
  File: object({
    id: 'uuid', storage: 'string', filename_disk: 'string?', filename_download: 'string', title: 'string?', type: 'string?',
    folder: 'm2o:folder', uploaded_by: 'm2o:user', created_on: 'datetime', modified_by: 'm2o:user', modified_on: 'datetime',
    uploaded_on: 'datetime?', charset: 'string?', filesize: 'integer?', width: 'integer?', height: 'integer?', duration: 'integer?',
    embed: 'string?', description: 'string?', location: 'string?', tags: 'json', metadata: 'json', focal_point_x: 'integer?', focal_point_y: 'integer?',
  }),
  Folder: object({ id: 'uuid', name: 'string', parent: 'm2o:folder' }),
  Version: object({ id: 'uuid', key: 'string', name: 'string?', collection: 'string', item: 'string?', hash: 'string?', ...STAMPS, delta: 'json' }),
  Activity: object({
    id: 'integer', action: 'string', user: 'm2o:user', timestamp: 'datetime', ip: 'string?', user_agent: 'string?', origin: 'string?',
    collection: 'string', item: 'string', revisions: 'o2m:revisions',
  }),
  Revision: object({ id: 'integer', activity: 'm2o:activity', collection: 'string', item: 'string', data: 'json', delta: 'json', parent: 'm2o:revision', version: 'm2o:version' }),
  Settings: object({
    id: 'integer', project_name: 'string', project_url: 'string?', project_color: 'string?', project_logo: 'm2o:file',
    project_descriptor: 'string?', default_language: 'string', auth_login_attempts: 'integer?', auth_password_policy: 'string?',
    storage_asset_transform: { type: 'string', enum: ['all', 'none', 'presets'] }, storage_asset_presets: 'json',
    storage_default_folder: 'm2o:folder', custom_css: 'string?', public_foreground: 'm2o:file', public_background: 'm2o:file',
    public_favicon: 'm2o:file', public_note: 'string?',
  }),
  Comment: object({ id: 'uuid', collection: 'string', item: 'string', comment: 'string', ...STAMPS }),
  Dashboard: object({ id: 'uuid', name: 'string', icon: 'string', note: 'string?', color: 'string?', date_created: 'datetime?', user_created: 'm2o:user', panels: 'o2m:panels' }),
  Panel: object({
    id: 'uuid', dashboard: 'm2o:dashboard', name: 'string?', icon: 'string?', color: 'string?', show_header: 'boolean', note: 'string?',
    type: 'string', position_x: 'integer', position_y: 'integer', width: 'integer', height: 'integer', options: 'json',
    date_created: 'datetime?', user_created: 'm2o:user',
  }),
  Notification: object({
    id: 'integer', timestamp: 'datetime?', status: { type: 'string', enum: ['inbox', 'archived'] }, recipient: 'm2o:user', sender: 'm2o:user',
    subject: 'string', message: 'string?', collection: 'string?', item: 'string?',
  }),
  Preset: object({
    id: 'integer', bookmark: 'string?', user: 'm2o:user', role: 'm2o:role', collection: 'string', search: 'string?', layout: 'string?',
    layout_query: 'json', layout_options: 'json', refresh_interval: 'integer?', filter: 'json', icon: 'string?', color: 'string?',
  }),
  Share: object({
    id: 'uuid', name: 'string?', collection: 'string', item: 'string', role: 'm2o:role', password: 'string?', user_created: 'm2o:user',
    date_created: 'datetime?', date_start: 'datetime?', date_end: 'datetime?', times_used: 'integer?', max_uses: 'integer?',
  }),
  Translation: object({ id: 'uuid', language: 'string', key: 'string', value: 'string' }),
};

const COLLECTION_META = object({
  collection: 'string', icon: 'string?', note: 'string?', display_template: 'string?', hidden: 'boolean', singleton: 'boolean',
  translations: 'json', archive_field: 'string?', archive_app_filter: 'boolean', archive_value: 'string?', unarchive_value: 'string?',
  sort_field: 'string?', accountability: { type: 'string', enum: ['all', 'activity'], nullable: true }, color: 'string?',
  item_duplication_fields: 'json', sort: 'integer?', group: 'string?', collapse: 'string', preview_url: 'string?', versioning: 'boolean',
});

const FIELD_META = object({
  id: 'integer', collection: 'string', field: 'string', special: 'strings?', interface: 'string?', options: 'json', display: 'string?',
  display_options: 'json', readonly: 'boolean', hidden: 'boolean', sort: 'integer?', width: 'string?', translations: 'json', note: 'string?',
  conditions: 'json', required: 'boolean', group: 'string?', validation: 'json', validation_message: 'string?', searchable: 'boolean',
}, { nullable: true });

const FIELD_SCHEMA = object({
  name: 'string', table: 'string', data_type: 'string', default_value: 'json', max_length: 'integer?', numeric_precision: 'integer?',
  numeric_scale: 'integer?', is_nullable: 'boolean', is_unique: 'boolean', is_indexed: 'boolean', is_primary_key: 'boolean',
  has_auto_increment: 'boolean', foreign_key_table: 'string?', foreign_key_column: 'string?',
}, { nullable: true, description: 'The column as it is in the database; null for alias fields (no column).' });

const FIELD_TYPES = ['string', 'text', 'integer', 'bigInteger', 'float', 'decimal', 'boolean', 'json', 'csv', 'uuid', 'hash', 'date', 'time', 'dateTime', 'timestamp', 'alias'];

/** The schema's own resources (API.md 11) and the answers that are not rows. */
const SCHEMA_RESOURCES: Record<string, SchemaObject> = {
  CollectionMeta: COLLECTION_META,
  Collection: object({ collection: 'string', meta: { ...COLLECTION_META, nullable: true }, schema: object({ name: 'string' }, { nullable: true, description: 'Null for a folder (a collection without a table).' }) }),
  CollectionInput: object({
    collection: 'string', meta: ref('CollectionMeta'), schema: object({ name: 'string' }, { nullable: true, description: 'Null (or absent) for a folder without a table.' }),
    fields: { type: 'array', items: ref('Field'), description: 'The fields to create with the table; a primary key `id` is added when none is given.' },
  }, { required: ['collection'], example: { collection: 'articles', schema: {}, meta: { icon: 'article' }, fields: [{ field: 'title', type: 'string' }] } }),
  Field: object({ collection: 'string', field: 'string', type: { type: 'string', enum: FIELD_TYPES }, meta: FIELD_META, schema: FIELD_SCHEMA }, {
    example: { field: 'title', type: 'string', meta: { interface: 'input', required: true }, schema: { max_length: 200 } },
  }),
  Relation: object({
    collection: 'string', field: 'string', related_collection: 'string?',
    meta: object({
      id: 'integer', many_collection: 'string', many_field: 'string', one_collection: 'string?', one_field: 'string?',
      one_collection_field: 'string?', one_allowed_collections: 'strings?', junction_field: 'string?', sort_field: 'string?',
      one_deselect_action: { type: 'string', enum: ['nullify', 'delete'] },
    }, { nullable: true }),
    schema: object({
      table: 'string', column: 'string', foreign_key_table: 'string', foreign_key_column: 'string', constraint_name: 'string?', on_update: 'string?', on_delete: 'string?',
    }, { nullable: true }),
  }, { example: { collection: 'articles', field: 'author', related_collection: 'authors' } }),
  Job: object({
    id: 'uuid', type: { type: 'string', enum: ['import', 'export'] }, collection: 'string', format: 'string?',
    status: { type: 'string', enum: ['running', 'completed', 'failed'] }, user: 'uuid?', rows_done: 'integer', errors: 'json', file: 'uuid?',
    created_on: 'datetime?', updated_on: 'datetime?', finished_on: 'datetime?',
  }, { description: 'An import or export running after its request; `file` is the exported file once done.' }),
  AuthTokens: object({
    access_token: 'string', expires: { type: 'integer', description: 'Milliseconds until the access token expires.' },
    refresh_token: { type: 'string', description: 'In `json` mode only; `cookie` mode sets it as a cookie, `session` mode sets the session cookie instead of both tokens.' },
  }),
  SchemaSnapshot: object({
    version: 'integer', platform: 'string', vendor: 'string', collections: { type: 'array', items: ref('Collection') },
    fields: { type: 'array', items: ref('Field') }, systemFields: { type: 'array', items: {} }, relations: { type: 'array', items: ref('Relation') },
  }, { description: 'The user schema of an instance, as `GET /schema/snapshot` answers it (JSON or YAML).' }),
  SchemaDiff: object({
    hash: { type: 'string', description: 'The hash of the schema the diff was made against: `POST /schema/apply` refuses it once the schema changed.' },
    diff: object({ collections: { type: 'array', items: {} }, fields: { type: 'array', items: {} }, systemFields: { type: 'array', items: {} }, relations: { type: 'array', items: {} } }),
  }),
};

/** Shapes shared by the bodies and answers of every items-like endpoint (API.md 1.6, 1.7). */
const SHARED: Record<string, SchemaObject | ReferenceObject> = {
  Error: ERROR_SCHEMA,
  Meta: object({ total_count: 'integer', filter_count: 'integer' }, { description: 'The counts asked for with `meta`.' }),
  PrimaryKey: { oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'A primary key: a UUID or string, or an integer.' },
  Item: {
    type: 'object',
    additionalProperties: true,
    description: 'An item of a user collection: its fields by name. A relational field holds the related key, or the related item when `fields` reaches into it.',
    example: { id: 1, title: 'Hello world', status: 'published' },
  },
  Query: object({
    fields: 'strings', filter: { type: 'object', additionalProperties: true }, sort: 'strings', limit: 'integer', offset: 'integer',
    page: 'integer', search: 'string', deep: { type: 'object', additionalProperties: true }, aggregate: { type: 'object', additionalProperties: true },
    groupBy: 'strings', alias: { type: 'object', additionalProperties: { type: 'string' } },
  }, { description: 'The query parameters as one JSON object.', example: { filter: { status: { _eq: 'draft' } }, limit: 10 } }),
};

/** components.schemas: everything the operations reference besides the DTO classes Nest finds itself. */
export function resourceSchemas(): Record<string, SchemaObject | ReferenceObject> {
  return { ...SHARED, ...SCHEMA_RESOURCES, ...SYSTEM_ROWS };
}
