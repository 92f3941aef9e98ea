import type { CatalogColumn, CatalogTable } from '../../../database/dialects/catalog';
import { SchemaOverview } from '../schema-overview';
import type {
  CollectionMeta,
  CollectionOverview,
  FieldMeta,
  FieldOverview,
  FieldSchemaInfo,
  ForeignKeyRef,
  FieldType,
  ReferencingKeys,
  RelationMeta,
  RelationOverview,
} from '../schema.types';
import { isFieldType } from '../schema.types';
import { SYSTEM_COLLECTIONS, SYSTEM_RELATIONS } from '../system-schema';
import { fieldTypeOfColumn } from './field-type-of-column';

export interface OverviewSource {
  tables: CatalogTable[];
  collections: CollectionMeta[];
  fields: (FieldMeta & { type: string | null })[];
  relations: RelationMeta[];
  version: number;
}

/** Introspected defaults come back quoted (`'active'`) or as expressions (`CURRENT_TIMESTAMP`). */
function defaultValueOf(raw: unknown, type: FieldType): unknown {
  if (raw === undefined || raw === null) return null;
  let value: unknown = raw;
  if (typeof value === 'string') {
    const quoted = /^'(.*)'(::[\w ]+)?$/s.exec(value);
    if (quoted) value = quoted[1];
    else if (/^null$/i.test(value)) return null;
  }
  if (type === 'boolean') return value === true || value === 'true' || value === '1' || value === 1;
  if (
    (type === 'integer' || type === 'float' || type === 'bigInteger') &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    !isNaN(Number(value))
  )
    return Number(value);
  return value;
}

function defaultFieldMeta(collection: string, field: string, special: string[], system: boolean): FieldMeta {
  return {
    collection,
    field,
    special: special.length ? special : null,
    interface: null,
    options: null,
    display: null,
    display_options: null,
    readonly: false,
    hidden: false,
    sort: null,
    width: 'full',
    translations: null,
    note: null,
    conditions: null,
    required: false,
    group: null,
    validation: null,
    validation_message: null,
    searchable: true,
    ...(system ? { system: true } : {}),
  };
}

function systemCollectionMeta(
  collection: string,
  accountability: 'all' | 'activity' | null,
  singleton: boolean,
): CollectionMeta {
  return {
    collection,
    icon: null,
    note: null,
    display_template: null,
    hidden: false,
    singleton,
    translations: null,
    archive_field: null,
    archive_app_filter: true,
    archive_value: null,
    unarchive_value: null,
    sort_field: null,
    accountability,
    color: null,
    item_duplication_fields: null,
    sort: null,
    group: null,
    collapse: 'open',
    preview_url: null,
    versioning: false,
    status: 'active',
    autosave_revision_interval: null,
    system: true,
  };
}

type FieldRow = FieldMeta & { type: string | null };
type SystemCollection = (typeof SYSTEM_COLLECTIONS)[string];

/** Pure: turns the meta rows and one introspection pass into the immutable overview. */
export function buildOverview(source: OverviewSource): SchemaOverview {
  const tables = new Map(source.tables.map((t) => [t.name, t]));
  const collectionRows = new Map(source.collections.map((c) => [c.collection, c]));
  const fieldRows = new Map<string, FieldRow[]>();
  for (const row of source.fields) {
    const list = fieldRows.get(row.collection) ?? [];
    list.push(row);
    fieldRows.set(row.collection, list);
  }
  const relationMetas = withSystemRelations(source.relations);

  // A table without meta rows is served as the reference serves it, when it has a primary key to address rows by.
  const untracked = source.tables.filter((t) => t.columns.some((c) => c.isPrimary)).map((t) => t.name);
  const names = new Set<string>([...Object.keys(SYSTEM_COLLECTIONS), ...collectionRows.keys(), ...untracked]);
  const collections = new Map<string, CollectionOverview>();
  for (const name of names) {
    const system = Object.hasOwn(SYSTEM_COLLECTIONS, name) ? SYSTEM_COLLECTIONS[name] : undefined;
    const table = tables.get(name) ?? null;
    if (system && !table) continue;
    const meta =
      collectionRows.get(name) ??
      (system ? systemCollectionMeta(name, system.accountability, system.singleton ?? false) : null);
    collections.set(name, collectionOverview(name, table, meta, system, fieldRows.get(name) ?? [], relationMetas));
  }

  const relations = relationMetas
    .filter((r) => collections.has(r.many_collection))
    .map((meta) => relationOverview(meta, tables.get(meta.many_collection)));
  return new SchemaOverview(collections, relations, source.version, referencingKeys(source.tables));
}

/** The introspected foreign keys by referenced table (PostgreSQL names one of another schema `schema.table`). */
function referencingKeys(tables: CatalogTable[]): ReferencingKeys {
  const names = new Set(tables.map((t) => t.name));
  const out = new Map<string, ForeignKeyRef[]>();
  for (const table of tables) {
    for (const fk of table.foreignKeys) {
      const referenced = names.has(fk.referencedTableName)
        ? fk.referencedTableName
        : fk.referencedTableName.slice(fk.referencedTableName.indexOf('.') + 1);
      out.set(referenced, [
        ...(out.get(referenced) ?? []),
        { table: table.name, onDelete: fk.onDelete, onUpdate: fk.onUpdate },
      ]);
    }
  }
  return out;
}

function withSystemRelations(relations: RelationMeta[]): RelationMeta[] {
  return [
    ...SYSTEM_RELATIONS.map((r) => ({
      one_deselect_action: 'nullify',
      junction_field: null,
      sort_field: null,
      ...r,
      one_collection_field: null,
      one_allowed_collections: null,
      system: true,
    })),
    ...relations,
  ];
}

/**
 * A field row's meta, without the type (the field's own member). Copied without it rather than deleted
 * from a copy: `delete` turns an object into a slow dictionary, and every snapshot reads these metas.
 */
function withoutType(row: FieldRow): FieldMeta {
  const { type: _type, ...meta } = row;
  return meta;
}

function collectionOverview(
  name: string,
  table: CatalogTable | null,
  meta: CollectionMeta | null,
  system: SystemCollection | undefined,
  fieldList: FieldRow[],
  relationMetas: RelationMeta[],
): CollectionOverview {
  // Looked up by names from requests: `fields.constructor` or `fields.__proto__` must not find Object's members.
  const fields = Object.create(null) as Record<string, FieldOverview>;
  const rows = new Map(fieldList.map((r) => [r.field, r]));
  let primary = 'id';
  for (const column of table?.columns ?? []) {
    fields[column.name] = columnField(name, table!, column, rows.get(column.name), system);
    if (column.isPrimary) primary = column.name;
  }
  for (const row of rows.values()) {
    if (fields[row.field]) continue;
    fields[row.field] = aliasField(name, row.field, row.special ?? [], withoutType(row));
  }
  for (const relation of relationMetas) {
    if (relation.one_collection === name && relation.one_field && !fields[relation.one_field]) {
      fields[relation.one_field] = aliasField(
        name,
        relation.one_field,
        ['o2m'],
        defaultFieldMeta(name, relation.one_field, ['o2m'], !!system),
      );
    }
  }
  return {
    collection: name,
    table: table ? name : null,
    primary,
    system: !!system,
    singleton: meta?.singleton ?? false,
    // A sort field that is not a column (a typo, or a field deleted since) would break every read: ignored.
    sortField:
      meta?.sort_field && fields[meta.sort_field] && fields[meta.sort_field].type !== 'alias' ? meta.sort_field : null,
    accountability: meta ? meta.accountability : 'all',
    meta,
    fields,
  };
}

function columnField(
  name: string,
  table: CatalogTable,
  column: CatalogColumn,
  row: FieldRow | undefined,
  system: SystemCollection | undefined,
): FieldOverview {
  const declared = system?.fields[column.name];
  const storedType = row?.type;
  const type: FieldType = isFieldType(storedType)
    ? storedType
    : (declared?.type ?? fieldTypeOfColumn(column.type, column.length, column.width));
  const special = row?.special ?? declared?.special ?? [];
  const schema = columnSchema(name, table, column, type);
  const fieldMeta = row
    ? withoutType(row)
    : system
      ? { ...defaultFieldMeta(name, column.name, special, true), validation: declared?.validation ?? null }
      : null;
  return {
    collection: name,
    field: column.name,
    type,
    special,
    nullable: column.isNullable,
    primaryKey: column.isPrimary,
    autoIncrement: schema.has_auto_increment,
    maxLength: type === 'string' || type === 'uuid' || type === 'hash' ? schema.max_length : null,
    hasDefault: schema.has_auto_increment || (column.default !== undefined && column.default !== null),
    required: row?.required ?? false,
    searchable: row?.searchable ?? true,
    validation: row?.validation ?? declared?.validation ?? null,
    meta: fieldMeta,
    schema,
  };
}

function columnSchema(name: string, table: CatalogTable, column: CatalogColumn, type: FieldType): FieldSchemaInfo {
  const single = (columnNames: string[]) => columnNames.length === 1 && columnNames[0] === column.name;
  const indexed = table.indices.some((i) => i.columnNames[0] === column.name);
  const unique =
    column.isUnique ||
    table.indices.some((i) => i.isUnique && single(i.columnNames)) ||
    table.uniques.some((u) => single(u.columnNames));
  const foreignKey = table.foreignKeys.find((fk) => single(fk.columnNames));
  return {
    name: column.name,
    table: name,
    data_type: column.type,
    default_value: column.isGenerated ? null : defaultValueOf(column.default, type),
    max_length: column.length ? Number(column.length) : null,
    numeric_precision: column.precision ?? null,
    numeric_scale: column.scale ?? null,
    is_nullable: column.isNullable,
    is_unique: unique || column.isPrimary,
    is_indexed: indexed || column.isPrimary,
    is_primary_key: column.isPrimary,
    has_auto_increment: column.isGenerated && column.generationStrategy === 'increment',
    foreign_key_table: foreignKey?.referencedTableName ?? null,
    foreign_key_column: foreignKey?.referencedColumnNames[0] ?? null,
  };
}

function relationOverview(meta: RelationMeta, table: CatalogTable | undefined): RelationOverview {
  const fk = table?.foreignKeys.find((f) => f.columnNames.length === 1 && f.columnNames[0] === meta.many_field);
  return {
    collection: meta.many_collection,
    field: meta.many_field,
    related_collection: meta.one_collection,
    meta: meta.system ? { ...meta } : meta,
    schema: fk
      ? {
          table: meta.many_collection,
          column: meta.many_field,
          foreign_key_table: fk.referencedTableName,
          foreign_key_column: fk.referencedColumnNames[0],
          constraint_name: fk.name ?? null,
          on_update: fk.onUpdate ?? 'NO ACTION',
          on_delete: fk.onDelete ?? 'NO ACTION',
        }
      : null,
  };
}

function aliasField(collection: string, field: string, special: string[], meta: FieldMeta): FieldOverview {
  return {
    collection,
    field,
    type: 'alias',
    special,
    nullable: true,
    primaryKey: false,
    autoIncrement: false,
    maxLength: null,
    hasDefault: false,
    required: false,
    searchable: false,
    validation: null,
    meta,
    schema: null,
  };
}
