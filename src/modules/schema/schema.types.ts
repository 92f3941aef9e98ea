import { FIELD_TYPES } from '../../common/field-types';

export type FieldType = (typeof FIELD_TYPES)[number];

export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);
}

/** The `schema` member of a field entry (API.md 11), as it is in the database; null for alias fields. */
export interface FieldSchemaInfo {
  name: string;
  table: string;
  data_type: string;
  default_value: unknown;
  max_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: boolean;
  is_unique: boolean;
  is_indexed: boolean;
  is_primary_key: boolean;
  has_auto_increment: boolean;
  foreign_key_table: string | null;
  foreign_key_column: string | null;
}

/** The `meta` member of a field entry: the svc_fields row. */
export interface FieldMeta {
  id?: number;
  collection: string;
  field: string;
  special: string[] | null;
  interface: string | null;
  options: Record<string, unknown> | null;
  display: string | null;
  display_options: Record<string, unknown> | null;
  readonly: boolean;
  hidden: boolean;
  sort: number | null;
  width: string | null;
  translations: unknown[] | null;
  note: string | null;
  conditions: unknown[] | null;
  required: boolean;
  group: string | null;
  validation: Record<string, unknown> | null;
  validation_message: string | null;
  searchable: boolean;
  system?: boolean;
}

export interface FieldOverview {
  collection: string;
  field: string;
  type: FieldType;
  special: string[];
  nullable: boolean;
  primaryKey: boolean;
  autoIncrement: boolean;
  maxLength: number | null;
  /** True when the database fills the column when it is omitted (default, auto-increment). */
  hasDefault: boolean;
  required: boolean;
  searchable: boolean;
  validation: Record<string, unknown> | null;
  meta: FieldMeta | null;
  schema: FieldSchemaInfo | null;
}

/** The svc_collections row (API.md 11 `meta`). */
export interface CollectionMeta {
  collection: string;
  icon: string | null;
  note: string | null;
  display_template: string | null;
  hidden: boolean;
  singleton: boolean;
  translations: unknown[] | null;
  archive_field: string | null;
  archive_app_filter: boolean;
  archive_value: string | null;
  unarchive_value: string | null;
  sort_field: string | null;
  accountability: 'all' | 'activity' | null;
  color: string | null;
  item_duplication_fields: string[] | null;
  sort: number | null;
  group: string | null;
  collapse: string;
  preview_url: string | null;
  versioning: boolean;
  /** Items of an inactive collection can't be read or written (COLLECTION_INACTIVE); its schema can. */
  status: 'active' | 'inactive';
  autosave_revision_interval: number | null;
  system?: boolean;
}

export interface CollectionOverview {
  collection: string;
  /** Null for folders (collections without a table). */
  table: string | null;
  primary: string;
  system: boolean;
  singleton: boolean;
  sortField: string | null;
  accountability: 'all' | 'activity' | null;
  meta: CollectionMeta | null;
  fields: Readonly<Record<string, FieldOverview>>;
}

/** The svc_relations row (API.md 11 relation `meta`). */
export interface RelationMeta {
  id?: number;
  many_collection: string;
  many_field: string;
  one_collection: string | null;
  one_field: string | null;
  one_collection_field: string | null;
  one_allowed_collections: string[] | null;
  junction_field: string | null;
  sort_field: string | null;
  one_deselect_action: string;
  system?: boolean;
}

export interface RelationSchemaInfo {
  table: string;
  column: string;
  foreign_key_table: string;
  foreign_key_column: string;
  constraint_name: string | null;
  on_update: string | null;
  on_delete: string | null;
}

/** A relation entry of API.md 11. */
export interface RelationOverview {
  collection: string;
  field: string;
  related_collection: string | null;
  meta: RelationMeta | null;
  schema: RelationSchemaInfo | null;
}

/**
 * What a relational field leads to. `m2o`: this row holds the related key in `field`. `o2m`: related rows
 * hold this row's key in `relatedField`.
 */
export interface RelationLink {
  type: 'm2o' | 'o2m';
  collection: string;
  field: string;
  related: string;
  /** m2o: the related primary key; o2m: the foreign-key field on the related collection. */
  relatedField: string;
  relation: RelationOverview;
  /**
   * Set on the many-to-one a many-to-any's `item` field makes toward one of its allowed collections
   * (`item:circles`): the field of this row that names the collection its key belongs to.
   */
  collectionField?: string;
  /**
   * Set on a one-to-many whose junction collection serves several of them through the same key (a
   * policy's `roles` and `users`, both svc_access rows by `policy`): the junction's other key, which a
   * row must have set to belong to this one.
   */
  junctionKey?: string;
}

// Defined beside the catalog they are read from, so the count cache needs no schema import.
export type { ForeignKeyRef, ReferencingKeys } from '../../database/dialects/catalog';
