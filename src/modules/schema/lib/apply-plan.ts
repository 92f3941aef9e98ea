import { applyChange } from 'deep-diff';
import type { DiffDeleted, DiffEdit, DiffNew } from 'deep-diff';
import { InvalidPayloadError } from '../../../common/errors/errors';
import type {
  DiffRecord,
  Snapshot,
  SnapshotCollection,
  SnapshotDiff,
  SnapshotField,
  SnapshotRelation,
} from './snapshot.types';

export type PlanStep =
  | { action: 'create_collection'; collection: string; entry: SnapshotCollection; fields: SnapshotField[] }
  | { action: 'delete_collection'; collection: string }
  | { action: 'update_collection'; collection: string; entry: SnapshotCollection }
  | { action: 'create_field'; collection: string; field: string; entry: SnapshotField }
  | { action: 'update_field'; collection: string; field: string; entry: SnapshotField }
  | { action: 'delete_field'; collection: string; field: string }
  | { action: 'set_system_field_index'; collection: string; field: string; is_indexed: boolean }
  | { action: 'create_relation'; collection: string; field: string; entry: SnapshotRelation }
  | { action: 'update_relation'; collection: string; field: string; entry: SnapshotRelation }
  | { action: 'delete_relation'; collection: string; field: string };

const added = (diff: DiffRecord[]) => diff.find((r): r is DiffNew<unknown> => r.kind === 'N' && !r.path);
const removed = (diff: DiffRecord[]) => diff.find((r): r is DiffDeleted<unknown> => r.kind === 'D' && !r.path);

function patched<T>(current: T, diff: DiffRecord[]): T {
  const copy = structuredClone(current);
  for (const record of diff) if (record.path) applyChange(copy, true, record);
  return copy;
}

/** Top-level collections first, then those grouped under a collection created before them (API.md 4.3). */
function creationOrder(created: SnapshotCollection[]): SnapshotCollection[] {
  const names = new Set(created.map((c) => c.collection));
  const ordered: SnapshotCollection[] = [];
  const placed = new Set<string>();
  let pending = created;
  while (pending.length > 0) {
    const ready = pending.filter((c) => {
      const group = c.meta?.group as string | null | undefined;
      return !group || !names.has(group) || placed.has(group);
    });
    // A group cycle cannot be ordered: create the rest as they come rather than loop forever.
    const batch = ready.length > 0 ? ready : pending;
    for (const c of batch) {
      ordered.push(c);
      placed.add(c.collection);
    }
    pending = pending.filter((c) => !placed.has(c.collection));
  }
  return ordered;
}

/** `collection.field` of the one-to-many alias fields that relations created or changed by the diff bring. */
function aliasesMadeByRelations(diff: SnapshotDiff, current: Map<string, SnapshotRelation>): Set<string> {
  const keys = new Set<string>();
  for (const entry of diff.relations) {
    const creation = added(entry.diff);
    const before = current.get(`${entry.collection}.${entry.field}`);
    const after = creation ? (creation.rhs as SnapshotRelation) : before && !removed(entry.diff) ? patched(before, entry.diff) : undefined;
    const oneField = after?.meta?.one_field;
    if (after?.related_collection && typeof oneField === 'string' && oneField !== before?.meta?.one_field) {
      keys.add(`${after.related_collection}.${oneField}`);
    }
  }
  return keys;
}

/**
 * Orders the changes of a diff into steps that the database accepts (API.md 4.3) and checks them
 * against the current schema: creating what exists or changing what is missing is a 400 naming it.
 * The plan is what `?dry_run=true` answers and what the apply executes.
 */
export function planApply(current: Snapshot, diff: SnapshotDiff): PlanStep[] {
  const collections = new Map(current.collections.map((c) => [c.collection, c]));
  const fieldKey = (collection: string, field: string) => `${collection}.${field}`;
  const fields = new Map(current.fields.map((f) => [fieldKey(f.collection, f.field), f]));
  const relations = new Map(current.relations.map((r) => [fieldKey(r.collection, r.field), r]));

  const created: SnapshotCollection[] = [];
  const deleted: string[] = [];
  const updated: PlanStep[] = [];
  for (const entry of diff.collections) {
    const exists = collections.has(entry.collection);
    const creation = added(entry.diff);
    if (creation) {
      if (exists) throw new InvalidPayloadError(`Collection "${entry.collection}" already exists`);
      created.push(creation.rhs as SnapshotCollection);
    } else if (!exists) {
      throw new InvalidPayloadError(`Collection "${entry.collection}" does not exist`);
    } else if (removed(entry.diff)) {
      deleted.push(entry.collection);
    } else {
      updated.push({ action: 'update_collection', collection: entry.collection, entry: patched(collections.get(entry.collection)!, entry.diff) });
    }
  }
  const createdNames = new Set(created.map((c) => c.collection));
  const deletedNames = new Set(deleted);

  const newFieldsOfNewCollections = new Map<string, SnapshotField[]>();
  // A column turning into an alias (or back) comes as a deletion and a creation of the same key.
  const replaced = new Set(
    diff.fields
      .filter((f) => removed(f.diff) && diff.fields.some((g) => g !== f && g.collection === f.collection && g.field === f.field && added(g.diff)))
      .map((f) => fieldKey(f.collection, f.field)),
  );
  const fieldSteps: Record<'replace' | 'create' | 'update' | 'remove' | 'afterRelations', PlanStep[]> = {
    replace: [],
    create: [],
    update: [],
    remove: [],
    afterRelations: [],
  };
  const madeByRelations = aliasesMadeByRelations(diff, relations);
  for (const entry of diff.fields) {
    const key = fieldKey(entry.collection, entry.field);
    const creation = added(entry.diff);
    if (creation) {
      const field = creation.rhs as SnapshotField;
      if (fields.has(key) && !replaced.has(key)) throw new InvalidPayloadError(`Field "${key}" already exists`);
      if (!collections.has(entry.collection) && !createdNames.has(entry.collection)) {
        throw new InvalidPayloadError(`Collection "${entry.collection}" of field "${key}" does not exist`);
      }
      if (field.type === 'alias' && madeByRelations.has(key)) {
        // The relation creates its one-to-many alias field; the entry's meta is set on it afterwards.
        fieldSteps.afterRelations.push({ action: 'update_field', collection: entry.collection, field: entry.field, entry: field });
      } else if (createdNames.has(entry.collection) && field.type !== 'alias') {
        newFieldsOfNewCollections.set(entry.collection, [...(newFieldsOfNewCollections.get(entry.collection) ?? []), field]);
      } else {
        fieldSteps.create.push({ action: 'create_field', collection: entry.collection, field: entry.field, entry: field });
      }
    } else if (!fields.has(key)) {
      throw new InvalidPayloadError(`Field "${key}" does not exist`);
    } else if (removed(entry.diff)) {
      (replaced.has(key) ? fieldSteps.replace : fieldSteps.remove).push({ action: 'delete_field', collection: entry.collection, field: entry.field });
    } else {
      fieldSteps.update.push({ action: 'update_field', collection: entry.collection, field: entry.field, entry: patched(fields.get(key)!, entry.diff) });
    }
  }

  const systemSteps: PlanStep[] = diff.systemFields.map((entry) => {
    const change = entry.diff.find((r): r is DiffEdit<unknown> => r.kind === 'E' && r.path?.join('.') === 'schema.is_indexed');
    if (!change || entry.diff.length !== 1) {
      throw new InvalidPayloadError(`Only the index of system field "${fieldKey(entry.collection, entry.field)}" can change`);
    }
    return { action: 'set_system_field_index', collection: entry.collection, field: entry.field, is_indexed: change.rhs === true };
  });

  const relationSteps: { create: PlanStep[]; update: PlanStep[]; remove: PlanStep[]; intoDeleted: PlanStep[] } = {
    create: [],
    update: [],
    remove: [],
    intoDeleted: [],
  };
  for (const entry of diff.relations) {
    const key = fieldKey(entry.collection, entry.field);
    const creation = added(entry.diff);
    if (creation) {
      if (relations.has(key)) throw new InvalidPayloadError(`Relation on "${key}" already exists`);
      relationSteps.create.push({ action: 'create_relation', collection: entry.collection, field: entry.field, entry: creation.rhs as SnapshotRelation });
    } else if (!relations.has(key)) {
      throw new InvalidPayloadError(`Relation on "${key}" does not exist`);
    } else if (removed(entry.diff)) {
      const step: PlanStep = { action: 'delete_relation', collection: entry.collection, field: entry.field };
      // A foreign key into a collection about to be dropped must go first, or the drop is refused.
      (deletedNames.has(relations.get(key)!.related_collection ?? '') ? relationSteps.intoDeleted : relationSteps.remove).push(step);
    } else {
      relationSteps.update.push({ action: 'update_relation', collection: entry.collection, field: entry.field, entry: patched(relations.get(key)!, entry.diff) });
    }
  }

  return [
    ...creationOrder(created).map(
      (entry): PlanStep => ({ action: 'create_collection', collection: entry.collection, entry, fields: newFieldsOfNewCollections.get(entry.collection) ?? [] }),
    ),
    ...relationSteps.intoDeleted,
    ...deleted.map((collection): PlanStep => ({ action: 'delete_collection', collection })),
    ...updated,
    ...fieldSteps.replace,
    ...fieldSteps.create,
    ...fieldSteps.update,
    ...fieldSteps.remove,
    ...systemSteps,
    ...relationSteps.create,
    ...relationSteps.update,
    ...fieldSteps.afterRelations,
    ...relationSteps.remove,
  ];
}
