import { diff as deepDiff } from 'deep-diff';
import { DEFAULT_STRING_LENGTH } from '../../../database/dialects/dialect';
import type { DiffRecord, Snapshot, SnapshotDiff, SnapshotField, SnapshotRelation } from './snapshot.types';

export type DiffMode = 'mirror' | 'merge';

/**
 * Members that describe the same schema differently on each vendor (`varchar` vs `character varying`,
 * generated constraint names): comparing them would make a cross-vendor round trip never settle.
 */
const VENDOR_SPECIFIC_FIELD_SCHEMA = ['data_type', 'numeric_precision', 'numeric_scale', 'generation_expression'];
const VENDOR_SPECIFIC_RELATION_SCHEMA = ['constraint_name', 'on_update'];

function without(value: Record<string, unknown> | null, keys: string[]): Record<string, unknown> | null {
  if (!value) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/** Only text columns have a length of their own; a uuid is `char(36)` on one vendor and a native type on another. */
const SIZED_TYPES = ['string', 'hash'];

function comparableField(field: SnapshotField): SnapshotField {
  // An auto-increment key is described by each vendor in its own way; only its meta is compared.
  if (field.schema?.has_auto_increment === true) return { ...field, schema: null };
  if (!SIZED_TYPES.includes(field.type))
    return { ...field, schema: without(field.schema, [...VENDOR_SPECIFIC_FIELD_SCHEMA, 'max_length']) };
  const schema = without(field.schema, VENDOR_SPECIFIC_FIELD_SCHEMA);
  // Snapshots taken on MariaDB before lengths were read back there say null for the default length.
  if (schema && schema.max_length === null) schema.max_length = DEFAULT_STRING_LENGTH;
  return { ...field, schema };
}

function comparableRelation(relation: SnapshotRelation): SnapshotRelation {
  return { ...relation, schema: without(relation.schema, VENDOR_SPECIFIC_RELATION_SCHEMA) };
}

function differences(lhs: unknown, rhs: unknown): DiffRecord[] {
  return deepDiff(lhs, rhs) ?? [];
}

const isAlias = (field: SnapshotField) => field.type === 'alias';

/** A whole-entity record when one side is missing, else the path-level differences of the comparable forms. */
function entityDiff<T>(
  before: T | undefined,
  after: T | undefined,
  comparable: (entry: T) => unknown = (e) => e,
): DiffRecord[] {
  if (!before) return [{ kind: 'N', rhs: after }];
  if (!after) return [{ kind: 'D', lhs: before }];
  return differences(comparable(before), comparable(after));
}

type Keep = (records: DiffRecord[]) => DiffRecord[];

const fieldKey = (f: { collection: string; field: string }) => `${f.collection}\u0000${f.field}`;

/**
 * API.md 4.2: what must change to turn `current` into `target`, as deep-diff records per collection,
 * field and relation. Whole-entity records carry no `path`. `merge` leaves whole-entity deletions out.
 */
export function diffSnapshot(current: Snapshot, target: Snapshot, mode: DiffMode = 'mirror'): SnapshotDiff {
  const keep: Keep = (records) => (mode === 'merge' ? records.filter((r) => r.kind !== 'D' || r.path) : records);
  const targetCollections = new Map(target.collections.map((c) => [c.collection, c]));
  const currentCollections = new Map(current.collections.map((c) => [c.collection, c]));
  const deletedCollections = new Set(
    mode === 'merge'
      ? []
      : current.collections.filter((c) => !targetCollections.has(c.collection)).map((c) => c.collection),
  );

  const collections: SnapshotDiff['collections'] = [];
  for (const name of [...new Set([...currentCollections.keys(), ...targetCollections.keys()])].sort()) {
    const diff = keep(entityDiff(currentCollections.get(name), targetCollections.get(name)));
    if (diff.length > 0) collections.push({ collection: name, diff });
  }
  const fields = diffFields(current.fields, target.fields, deletedCollections, keep);
  const fieldsDeletedWhole = new Set(
    fields.filter((f) => f.diff.some((r) => r.kind === 'D' && !r.path)).map((f) => fieldKey(f)),
  );
  return {
    collections,
    fields,
    systemFields: diffSystemFields(current.systemFields, target.systemFields),
    relations: diffRelations(current.relations, target.relations, deletedCollections, fieldsDeletedWhole, keep),
  };
}

function diffFields(
  current: SnapshotField[],
  target: SnapshotField[],
  deletedCollections: Set<string>,
  keep: Keep,
): SnapshotDiff['fields'] {
  const targetFields = new Map(target.map((f) => [fieldKey(f), f]));
  const currentFields = new Map(current.map((f) => [fieldKey(f), f]));
  const fields: SnapshotDiff['fields'] = [];
  // The target's own order, not the alphabet: a new collection's columns are created in the order
  // its fields are listed, which is the order GET /fields answers afterwards (as the reference does).
  for (const key of inTargetOrder(targetFields, currentFields)) {
    const before = currentFields.get(key);
    const after = targetFields.get(key);
    const { collection, field } = (before ?? after)!;
    if (deletedCollections.has(collection)) continue;
    if (before && after && isAlias(before) !== isAlias(after)) {
      // A column cannot become an alias (or the reverse) in place: delete, then create.
      fields.push({ collection, field, diff: keep([{ kind: 'D', lhs: before }]) });
      fields.push({ collection, field, diff: [{ kind: 'N', rhs: after }] });
      continue;
    }
    const diff = keep(entityDiff(before, after, comparableField));
    if (diff.length > 0) fields.push({ collection, field, diff });
  }
  return fields;
}

/** By collection, then field, in code-unit order as buildSnapshot lists them (localeCompare's first call costs 6 ms of ICU set-up). */
function byCollectionField(a: { collection: string; field: string }, b: { collection: string; field: string }): number {
  if (a.collection !== b.collection) return a.collection < b.collection ? -1 : 1;
  return a.field < b.field ? -1 : a.field > b.field ? 1 : 0;
}

function diffSystemFields(
  current: Snapshot['systemFields'],
  target: Snapshot['systemFields'],
): SnapshotDiff['systemFields'] {
  const targetSystem = new Map(target.map((f) => [fieldKey(f), f]));
  const currentKeys = new Set(current.map(fieldKey));
  const systemFields: SnapshotDiff['systemFields'] = [];
  for (const before of [...current].sort(byCollectionField)) {
    // An indexed system field missing from the target means its index is to be dropped.
    const after = targetSystem.get(fieldKey(before)) ?? { ...before, schema: { is_indexed: false } };
    const diff = differences(before, after);
    if (diff.length > 0) systemFields.push({ collection: before.collection, field: before.field, diff });
  }
  for (const after of target) {
    if (!currentKeys.has(fieldKey(after))) {
      const before = { ...after, schema: { is_indexed: false } };
      systemFields.push({ collection: after.collection, field: after.field, diff: differences(before, after) });
    }
  }
  return systemFields;
}

function diffRelations(
  current: SnapshotRelation[],
  target: SnapshotRelation[],
  deletedCollections: Set<string>,
  fieldsDeletedWhole: Set<string>,
  keep: Keep,
): SnapshotDiff['relations'] {
  const targetRelations = new Map(target.map((r) => [fieldKey(r), r]));
  const currentRelations = new Map(current.map((r) => [fieldKey(r), r]));
  const relations: SnapshotDiff['relations'] = [];
  // Relations are made in this order, and snapshots list a collection's relations in the order made.
  for (const key of inTargetOrder(targetRelations, currentRelations)) {
    const before = currentRelations.get(key);
    const after = targetRelations.get(key);
    const { collection, field, related_collection } = (after ?? before)!;
    if (deletedCollections.has(collection)) continue;
    // Dropping the field drops its foreign key with it.
    if (!after && fieldsDeletedWhole.has(key)) continue;
    const diff = keep(entityDiff(before, after, comparableRelation));
    if (diff.length > 0) relations.push({ collection, field, related_collection, diff });
  }
  return relations;
}

export function isEmptyDiff(diff: SnapshotDiff): boolean {
  return (
    diff.collections.length === 0 &&
    diff.fields.length === 0 &&
    diff.systemFields.length === 0 &&
    diff.relations.length === 0
  );
}

/** The target's keys in its order, then those only the current schema has, alphabetically. */
function inTargetOrder(target: Map<string, unknown>, current: Map<string, unknown>): string[] {
  return [...target.keys(), ...[...current.keys()].filter((key) => !target.has(key)).sort()];
}
