import type { SchemaOverview } from '../schema-overview';
import type { CollectionOverview, FieldOverview, RelationOverview } from '../schema.types';
import { SCHEMA_METADATA } from '../system-schema';
import type {
  Snapshot,
  SnapshotCollection,
  SnapshotField,
  SnapshotRelation,
  SnapshotSystemField,
} from './snapshot.types';

/** API.md 4.1: the `schema` members a snapshot keeps for a field, in this order. */
const FIELD_SCHEMA_KEYS = [
  'name',
  'table',
  'data_type',
  'default_value',
  'max_length',
  'numeric_precision',
  'numeric_scale',
  'is_nullable',
  'is_unique',
  'is_indexed',
  'is_primary_key',
  'is_generated',
  'generation_expression',
  'has_auto_increment',
  'foreign_key_table',
  'foreign_key_column',
] as const;

/** Meta rows lose their database id and the `system` marker: neither means anything on another instance. */
function stripMeta<T extends object>(meta: T | null): Record<string, unknown> | null {
  if (!meta) return null;
  const { id: _id, system: _system, ...rest } = meta as Record<string, unknown>;
  return rest;
}

const metaId = (meta: { id?: number } | null): number => meta?.id ?? Number.MAX_SAFE_INTEGER;

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function collectionEntry(collection: CollectionOverview): SnapshotCollection {
  return {
    collection: collection.collection,
    meta: stripMeta(collection.meta),
    schema: collection.table ? { name: collection.table } : null,
  };
}

/** `now()`, `CURRENT_TIMESTAMP()`, `current_timestamp(3)`: each vendor's spelling of the same default. */
const NOW = /^(now\(\)|current_timestamp(\(\d*\))?)$/i;

/**
 * One spelling per vendor-neutral fact, so the same field reads the same on every vendor. MySQL's
 * introspection leaves out sizes equal to its defaults (varchar 255, decimal precision 10), which every
 * dialect also creates when none is given; the current-time default is spelled as the SQL standard does.
 */
function portable(type: string, schema: Record<string, unknown>): Record<string, unknown> {
  const out = { ...schema };
  if ((type === 'string' || type === 'hash') && out.max_length === null) out.max_length = 255;
  if (type === 'decimal' && out.numeric_precision === null) out.numeric_precision = 10;
  if (typeof out.default_value === 'string' && NOW.test(out.default_value)) out.default_value = 'CURRENT_TIMESTAMP';
  return out;
}

/** A field as the snapshot describes it. */
export function snapshotField(field: FieldOverview): SnapshotField {
  const info = field.schema as unknown as Record<string, unknown> | null;
  const schema = info
    ? portable(
        field.type,
        Object.fromEntries(FIELD_SCHEMA_KEYS.map((key) => [key, info[key] ?? (key === 'is_generated' ? false : null)])),
      )
    : null;
  return { collection: field.collection, field: field.field, type: field.type, meta: stripMeta(field.meta), schema };
}

function relationEntry(relation: RelationOverview): SnapshotRelation {
  return {
    collection: relation.collection,
    field: relation.field,
    related_collection: relation.related_collection,
    meta: stripMeta(relation.meta),
    schema: relation.schema ? { ...relation.schema } : null,
  };
}

/**
 * API.md 4.1: the user schema as a snapshot. System and untracked collections are left out (their indexed fields are
 * listed in `systemFields`); entries are ordered by collection, then by creation (the meta row id,
 * which is then dropped), so the same schema always gives the same snapshot and hash.
 */
export function buildSnapshot(overview: SchemaOverview, platform: string, vendor: string): Snapshot {
  const all = [...overview.collections.values()];
  // As the reference: tables and columns without meta rows (not adopted yet) are no part of a snapshot.
  const user = all.filter((c) => !c.system && c.meta !== null).sort((a, b) => byName(a.collection, b.collection));
  const userNames = new Set(user.map((c) => c.collection));

  const fields = user.flatMap((c) =>
    Object.values(c.fields)
      .filter((f) => f.meta !== null)
      .sort((a, b) => metaId(a.meta) - metaId(b.meta) || byName(a.field, b.field))
      .map(snapshotField),
  );

  const systemFields: SnapshotSystemField[] = all
    .filter((c) => c.system && !SCHEMA_METADATA.has(c.collection))
    .sort((a, b) => byName(a.collection, b.collection))
    .flatMap((c) =>
      Object.values(c.fields)
        .filter((f) => f.schema?.is_indexed && !f.schema.is_primary_key)
        .sort((a, b) => byName(a.field, b.field))
        .map((f) => ({ collection: c.collection, field: f.field, schema: { is_indexed: true } })),
    );

  const relations = overview.relations
    .filter((r) => userNames.has(r.collection) && !r.meta?.system)
    .sort((a, b) => byName(a.collection, b.collection) || metaId(a.meta) - metaId(b.meta) || byName(a.field, b.field))
    .map(relationEntry);

  return { version: 1, platform, vendor, collections: user.map(collectionEntry), fields, systemFields, relations };
}
