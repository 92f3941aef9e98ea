import { Table, TableForeignKey, TableIndex } from 'typeorm';
import type { columnsFor } from './column-types';

type Columns = ReturnType<typeof columnsFor>;

const fk = (columnNames: string[], referencedTableName: string, onDelete: string, referencedColumnNames = ['id']) =>
  new TableForeignKey({ columnNames, referencedTableName, referencedColumnNames, onDelete });

function rolesTable(c: Columns): Table {
  return new Table({
    name: 'svc_roles',
    columns: [
      c.uuidPrimary(),
      c.string('name', 100, { isNullable: false }),
      c.string('icon', 64, { default: "'supervised_user_circle'" }),
      c.text('description'),
      c.text('ip_access'),
      c.boolean('enforce_tfa', false),
      c.boolean('admin_access', false),
      c.boolean('app_access', true),
    ],
  });
}

function usersTable(c: Columns): Table {
  return new Table({
    name: 'svc_users',
    columns: [
      c.uuidPrimary(),
      c.string('first_name', 50),
      c.string('last_name', 50),
      c.string('email', 128),
      c.string('password'),
      c.string('location'),
      c.string('title', 50),
      c.text('description'),
      c.json('tags'),
      c.uuid('avatar'),
      c.string('language', 255),
      c.string('tfa_secret'),
      c.string('status', 16, { isNullable: false, default: "'active'" }),
      c.uuid('role'),
      c.string('token'),
      c.timestamp('last_access'),
      c.string('last_page'),
      c.string('provider', 128, { isNullable: false, default: "'default'" }),
      c.string('external_identifier'),
      c.json('auth_data'),
      c.boolean('email_notifications', true),
      c.string('appearance', 255),
      c.string('theme_dark', 255),
      c.string('theme_light', 255),
    ],
    indices: [
      new TableIndex({ name: 'svc_users_email_unique', columnNames: ['email'], isUnique: true }),
      new TableIndex({ name: 'svc_users_token_unique', columnNames: ['token'], isUnique: true }),
      new TableIndex({
        name: 'svc_users_external_identifier_unique',
        columnNames: ['external_identifier'],
        isUnique: true,
      }),
    ],
    foreignKeys: [fk(['role'], 'svc_roles', 'SET NULL')],
  });
}

function permissionsTable(c: Columns): Table {
  return new Table({
    name: 'svc_permissions',
    columns: [
      c.increments(),
      c.uuid('role'),
      c.string('collection', 64, { isNullable: false }),
      c.string('action', 10, { isNullable: false }),
      c.json('permissions'),
      c.json('validation'),
      c.json('presets'),
      c.text('fields'),
    ],
    indices: [new TableIndex({ name: 'svc_permissions_role_collection_index', columnNames: ['role', 'collection'] })],
    foreignKeys: [fk(['role'], 'svc_roles', 'CASCADE')],
  });
}

function foldersTable(c: Columns): Table {
  return new Table({
    name: 'svc_folders',
    columns: [c.uuidPrimary(), c.string('name', 255, { isNullable: false }), c.uuid('parent')],
    foreignKeys: [fk(['parent'], 'svc_folders', 'CASCADE')],
  });
}

function filesTable(c: Columns): Table {
  return new Table({
    name: 'svc_files',
    columns: [
      c.uuidPrimary(),
      c.string('storage', 255, { isNullable: false }),
      c.string('filename_disk', 255),
      c.string('filename_download', 255, { isNullable: false }),
      c.string('title', 255),
      c.string('type', 255),
      c.uuid('folder'),
      c.uuid('uploaded_by'),
      c.timestamp('created_on', { isNullable: false, default: c.now() }),
      c.uuid('modified_by'),
      c.timestamp('modified_on', { isNullable: false, default: c.now() }),
      c.string('charset', 50),
      c.bigInteger('filesize'),
      c.integer('width'),
      c.integer('height'),
      c.integer('duration'),
      c.string('embed', 200),
      c.text('description'),
      c.text('location'),
      c.json('tags'),
      c.json('metadata'),
      c.integer('focal_point_x'),
      c.integer('focal_point_y'),
      c.string('tus_id', 64),
      c.json('tus_data'),
      c.timestamp('uploaded_on'),
    ],
    foreignKeys: [
      fk(['folder'], 'svc_folders', 'SET NULL'),
      fk(['uploaded_by'], 'svc_users', 'SET NULL'),
      fk(['modified_by'], 'svc_users', 'SET NULL'),
    ],
  });
}

function sessionsTable(c: Columns): Table {
  return new Table({
    name: 'svc_sessions',
    columns: [
      // The refresh token is stored only as its SHA-256 hex digest (64 characters).
      c.string('token', 64, { isPrimary: true, isNullable: false }),
      c.uuid('user'),
      c.timestamp('expires', { isNullable: false }),
      c.string('ip', 255),
      c.text('user_agent'),
      c.string('origin', 255),
      c.uuid('share'),
      c.string('next_token', 64),
    ],
    indices: [new TableIndex({ name: 'svc_sessions_user_index', columnNames: ['user'] })],
    foreignKeys: [fk(['user'], 'svc_users', 'CASCADE')],
  });
}

function collectionsTable(c: Columns): Table {
  return new Table({
    name: 'svc_collections',
    columns: [
      c.string('collection', 64, { isPrimary: true, isNullable: false }),
      c.string('icon', 64),
      c.text('note'),
      c.string('display_template', 255),
      c.boolean('hidden', false),
      c.boolean('singleton', false),
      c.json('translations'),
      c.string('archive_field', 64),
      c.boolean('archive_app_filter', true),
      c.string('archive_value', 255),
      c.string('unarchive_value', 255),
      c.string('sort_field', 64),
      c.string('accountability', 255, { default: "'all'" }),
      c.string('color', 255),
      c.json('item_duplication_fields'),
      c.integer('sort'),
      c.string('group', 64),
      c.string('collapse', 255, { isNullable: false, default: "'open'" }),
      c.string('preview_url', 255),
      c.boolean('versioning', false),
    ],
  });
}

function fieldsTable(c: Columns): Table {
  return new Table({
    name: 'svc_fields',
    columns: [
      c.increments(),
      c.string('collection', 64, { isNullable: false }),
      c.string('field', 64, { isNullable: false }),
      c.string('special', 64),
      c.string('interface', 64),
      c.json('options'),
      c.string('display', 64),
      c.json('display_options'),
      c.boolean('readonly', false),
      c.boolean('hidden', false),
      c.integer('sort'),
      c.string('width', 30, { default: "'full'" }),
      c.json('translations'),
      c.text('note'),
      c.json('conditions'),
      c.boolean('required', false),
      c.string('group', 64),
      c.json('validation'),
      c.text('validation_message'),
      c.boolean('searchable', true),
    ],
    indices: [
      new TableIndex({
        name: 'svc_fields_collection_field_unique',
        columnNames: ['collection', 'field'],
        isUnique: true,
      }),
    ],
  });
}

function relationsTable(c: Columns): Table {
  return new Table({
    name: 'svc_relations',
    columns: [
      c.increments(),
      c.string('many_collection', 64, { isNullable: false }),
      c.string('many_field', 64, { isNullable: false }),
      c.string('one_collection', 64),
      c.string('one_field', 64),
      c.string('one_collection_field', 64),
      c.text('one_allowed_collections'),
      c.string('junction_field', 64),
      c.string('sort_field', 64),
      c.string('one_deselect_action', 255, { isNullable: false, default: "'nullify'" }),
    ],
    indices: [
      new TableIndex({
        name: 'svc_relations_many_unique',
        columnNames: ['many_collection', 'many_field'],
        isUnique: true,
      }),
    ],
  });
}

function versionsTable(c: Columns): Table {
  return new Table({
    name: 'svc_versions',
    columns: [
      c.uuidPrimary(),
      c.string('key', 64, { isNullable: false }),
      c.string('name', 255),
      c.string('collection', 64, { isNullable: false }),
      c.string('item', 255),
      c.string('hash', 255),
      c.timestamp('date_created', { default: c.now() }),
      c.timestamp('date_updated', { default: c.now() }),
      c.uuid('user_created'),
      c.uuid('user_updated'),
      c.json('delta'),
    ],
    indices: [new TableIndex({ name: 'svc_versions_collection_item_index', columnNames: ['collection', 'item'] })],
    foreignKeys: [
      fk(['collection'], 'svc_collections', 'CASCADE', ['collection']),
      fk(['user_created'], 'svc_users', 'SET NULL'),
      fk(['user_updated'], 'svc_users', 'SET NULL'),
    ],
  });
}

function activityTable(c: Columns): Table {
  return new Table({
    name: 'svc_activity',
    columns: [
      c.increments(),
      c.string('action', 45, { isNullable: false }),
      c.uuid('user'),
      c.timestamp('timestamp', { isNullable: false, default: c.now() }),
      c.string('ip', 50),
      c.text('user_agent'),
      c.string('origin', 255),
      c.string('collection', 64, { isNullable: false }),
      c.string('item', 255, { isNullable: false }),
    ],
    indices: [
      new TableIndex({ name: 'svc_activity_collection_item_index', columnNames: ['collection', 'item'] }),
      new TableIndex({ name: 'svc_activity_timestamp_index', columnNames: ['timestamp'] }),
    ],
  });
}

function revisionsTable(c: Columns): Table {
  return new Table({
    name: 'svc_revisions',
    columns: [
      c.increments(),
      c.integer('activity', { isNullable: false }),
      c.string('collection', 64, { isNullable: false }),
      c.string('item', 255, { isNullable: false }),
      c.json('data'),
      c.json('delta'),
      c.integer('parent'),
      c.uuid('version'),
    ],
    indices: [new TableIndex({ name: 'svc_revisions_collection_item_index', columnNames: ['collection', 'item'] })],
    foreignKeys: [
      fk(['activity'], 'svc_activity', 'CASCADE'),
      fk(['parent'], 'svc_revisions', 'SET NULL'),
      fk(['version'], 'svc_versions', 'CASCADE'),
    ],
  });
}

function settingsTable(c: Columns): Table {
  return new Table({
    name: 'svc_settings',
    columns: [
      c.increments(),
      c.string('project_name', 100, { isNullable: false, default: "'Vellum'" }),
      c.string('project_url', 255),
      c.string('project_color', 255, { default: "'#6644FF'" }),
      c.uuid('project_logo'),
      c.string('project_descriptor', 100),
      c.string('default_language', 255, { isNullable: false, default: "'en-US'" }),
      c.integer('auth_login_attempts', { default: 25 }),
      c.string('auth_password_policy', 100),
      c.string('storage_asset_transform', 7, { default: "'all'" }),
      c.json('storage_asset_presets'),
      c.uuid('storage_default_folder'),
      c.text('custom_css'),
      c.uuid('public_foreground'),
      c.uuid('public_background'),
      c.uuid('public_favicon'),
      c.text('public_note'),
    ],
    foreignKeys: [fk(['storage_default_folder'], 'svc_folders', 'SET NULL')],
  });
}

/** The system tables in creation order: each one only references tables created before it. */
export function systemTables(c: Columns): Table[] {
  return [
    rolesTable(c),
    usersTable(c),
    permissionsTable(c),
    foldersTable(c),
    filesTable(c),
    sessionsTable(c),
    collectionsTable(c),
    fieldsTable(c),
    relationsTable(c),
    versionsTable(c),
    activityTable(c),
    revisionsTable(c),
    settingsTable(c),
  ];
}
