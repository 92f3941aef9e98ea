import type { SchemaObject } from '@nestjs/swagger';
import { FIELD_TYPES } from '../field-types';
import { object, ref } from './schema-shorthand';

const COLLECTION_META = object({
  collection: 'string',
  icon: 'string?',
  note: 'string?',
  display_template: 'string?',
  hidden: 'boolean',
  singleton: 'boolean',
  translations: 'json',
  archive_field: 'string?',
  archive_app_filter: 'boolean',
  archive_value: 'string?',
  unarchive_value: 'string?',
  sort_field: 'string?',
  accountability: { type: 'string', enum: ['all', 'activity'], nullable: true },
  color: 'string?',
  item_duplication_fields: 'json',
  sort: 'integer?',
  group: 'string?',
  collapse: 'string',
  preview_url: 'string?',
  versioning: 'boolean',
  status: { type: 'string', enum: ['active', 'inactive'] },
  autosave_revision_interval: 'number?',
});

const FIELD_META = object(
  {
    id: 'integer',
    collection: 'string',
    field: 'string',
    special: 'strings?',
    interface: 'string?',
    options: 'json',
    display: 'string?',
    display_options: 'json',
    readonly: 'boolean',
    hidden: 'boolean',
    sort: 'integer?',
    width: 'string?',
    translations: 'json',
    note: 'string?',
    conditions: 'json',
    required: 'boolean',
    group: 'string?',
    validation: 'json',
    validation_message: 'string?',
    searchable: 'boolean',
  },
  { nullable: true },
);

const FIELD_SCHEMA = object(
  {
    name: 'string',
    table: 'string',
    data_type: 'string',
    default_value: 'json',
    max_length: 'integer?',
    numeric_precision: 'integer?',
    numeric_scale: 'integer?',
    is_nullable: 'boolean',
    is_unique: 'boolean',
    is_indexed: 'boolean',
    is_primary_key: 'boolean',
    has_auto_increment: 'boolean',
    foreign_key_table: 'string?',
    foreign_key_column: 'string?',
  },
  { nullable: true, description: 'The column as it is in the database; null for alias fields (no column).' },
);

/** The schema's own resources (API.md 11) and the answers that are not rows. */
export const SCHEMA_RESOURCES: Record<string, SchemaObject> = {
  CollectionMeta: COLLECTION_META,
  Collection: object({
    collection: 'string',
    meta: { ...COLLECTION_META, nullable: true },
    schema: object(
      { name: 'string' },
      { nullable: true, description: 'Null for a folder (a collection without a table).' },
    ),
  }),
  CollectionInput: object(
    {
      collection: 'string',
      meta: ref('CollectionMeta'),
      schema: object(
        { name: 'string' },
        { nullable: true, description: 'Null (or absent) for a folder without a table.' },
      ),
      fields: {
        type: 'array',
        items: ref('Field'),
        description: 'The fields to create with the table; a primary key `id` is added when none is given.',
      },
    },
    {
      required: ['collection'],
      example: {
        collection: 'articles',
        schema: {},
        meta: { icon: 'article' },
        fields: [{ field: 'title', type: 'string' }],
      },
    },
  ),
  Field: object(
    {
      collection: 'string',
      field: 'string',
      type: { type: 'string', enum: [...FIELD_TYPES] },
      meta: FIELD_META,
      schema: FIELD_SCHEMA,
    },
    {
      example: {
        field: 'title',
        type: 'string',
        meta: { interface: 'input', required: true },
        schema: { max_length: 200 },
      },
    },
  ),
  Relation: object(
    {
      collection: 'string',
      field: 'string',
      related_collection: 'string?',
      meta: object(
        {
          id: 'integer',
          many_collection: 'string',
          many_field: 'string',
          one_collection: 'string?',
          one_field: 'string?',
          one_collection_field: 'string?',
          one_allowed_collections: 'strings?',
          junction_field: 'string?',
          sort_field: 'string?',
          one_deselect_action: { type: 'string', enum: ['nullify', 'delete'] },
        },
        { nullable: true },
      ),
      schema: object(
        {
          table: 'string',
          column: 'string',
          foreign_key_table: 'string',
          foreign_key_column: 'string',
          constraint_name: 'string?',
          on_update: 'string?',
          on_delete: 'string?',
        },
        { nullable: true },
      ),
    },
    { example: { collection: 'articles', field: 'author', related_collection: 'authors' } },
  ),
  Job: object(
    {
      id: 'uuid',
      type: { type: 'string', enum: ['import', 'export'] },
      collection: 'string',
      format: 'string?',
      status: { type: 'string', enum: ['running', 'completed', 'failed'] },
      user: 'uuid?',
      rows_done: 'integer',
      errors: 'json',
      file: 'uuid?',
      created_on: 'datetime?',
      updated_on: 'datetime?',
      finished_on: 'datetime?',
    },
    { description: 'An import or export running after its request; `file` is the exported file once done.' },
  ),
  AuthTokens: object({
    access_token: 'string',
    expires: { type: 'integer', description: 'Milliseconds until the access token expires.' },
    refresh_token: {
      type: 'string',
      description:
        'In `json` mode only; `cookie` mode sets it as a cookie, `session` mode sets the session cookie instead of both tokens.',
    },
  }),
  SchemaSnapshot: object(
    {
      version: 'integer',
      platform: 'string',
      vendor: 'string',
      collections: { type: 'array', items: ref('Collection') },
      fields: { type: 'array', items: ref('Field') },
      systemFields: { type: 'array', items: {} },
      relations: { type: 'array', items: ref('Relation') },
    },
    { description: 'The user schema of an instance, as `GET /schema/snapshot` answers it (JSON or YAML).' },
  ),
  SchemaDiff: object({
    hash: {
      type: 'string',
      description:
        'The hash of the schema the diff was made against: `POST /schema/apply` refuses it once the schema changed.',
    },
    diff: object({
      collections: { type: 'array', items: {} },
      fields: { type: 'array', items: {} },
      systemFields: { type: 'array', items: {} },
      relations: { type: 'array', items: {} },
    }),
  }),
};
