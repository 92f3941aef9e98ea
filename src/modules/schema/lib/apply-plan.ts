import { applyChange } from 'deep-diff';
import type { DiffDeleted, DiffEdit, DiffNew } from 'deep-diff';
import { InvalidPayloadError } from '../../../common/errors/errors';
import { prototypeKeyReason, prototypeSegment } from '../../../common/prototype-keys';
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
  for (const record of diff) {
    if (!record.path) continue;
    // deep-diff walks the path as given: through `__proto__` it would write into Object.prototype.
    const through = prototypeSegment(record.path);
    if (through !== null) throw new InvalidPayloadError(prototypeKeyReason(through, 'A diff path'));
    applyChange(copy, true, record);
  }
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
    const after = creation
      ? (creation.rhs as SnapshotRelation)
      : before && !removed(entry.diff)
        ? patched(before, entry.diff)
        : undefined;
    const oneField = after?.meta?.one_field;
    if (after?.related_collection && typeof oneField === 'string' && oneField !== before?.meta?.one_field) {
      keys.add(`${after.related_collection}.${oneField}`);
    }
  }
  return keys;
}

const fieldKey = (collection: string, field: string) => `${collection}.${field}`;

/** The current schema, keyed for the checks of each step. */
interface Current {
  collections: Map<string, SnapshotCollection>;
  fields: Map<string, SnapshotField>;
  relations: Map<string, SnapshotRelation>;
}

/**
 * Orders the changes of a diff into steps that the database accepts (API.md 4.3) and checks them
 * against the current schema: creating what exists or changing what is missing is a 400 naming it.
 * The plan is what `?dry_run=true` answers and what the apply executes.
 */
export function planApply(snapshot: Snapshot, diff: SnapshotDiff): PlanStep[] {
  const current: Current = {
    collections: new Map(snapshot.collections.map((c) => [c.collection, c])),
    fields: new Map(snapshot.fields.map((f) => [fieldKey(f.collection, f.field), f])),
    relations: new Map(snapshot.relations.map((r) => [fieldKey(r.collection, r.field), r])),
  };
  const collections = planCollections(diff, current);
  const createdNames = new Set(collections.created.map((c) => c.collection));
  const fields = planFields(diff, current, createdNames);
  const relations = planRelations(diff, current, new Set(collections.deleted));
  return [
    ...creationOrder(collections.created).map((entry): PlanStep => ({
      action: 'create_collection',
      collection: entry.collection,
      entry,
      fields: fields.ofNewCollections.get(entry.collection) ?? [],
    })),
    ...relations.intoDeleted,
    ...collections.deleted.map((collection): PlanStep => ({ action: 'delete_collection', collection })),
    ...collections.updated,
    ...fields.replace,
    ...fields.create,
    ...fields.update,
    ...fields.remove,
    ...planSystemFields(diff),
    ...inAliasOrder(relations.create, diff, createdNames),
    ...relations.update,
    ...fields.afterRelations,
    ...relations.remove,
  ];
}

/**
 * Relations that bring a one-to-many alias create its field, so their order is the order of those
 * fields (their meta ids, which snapshots and GET /fields follow). They are put in the order the diff
 * lists the alias fields (the target snapshot's), or the aliases a snapshot adds to an existing
 * collection would be listed in the relations' alphabetical order instead of its own (a new collection
 * is made with its aliases). Relations without such a field keep their places.
 */
function inAliasOrder(steps: PlanStep[], diff: SnapshotDiff, createdNames: Set<string>): PlanStep[] {
  const position = new Map(diff.fields.map((entry, i) => [fieldKey(entry.collection, entry.field), i]));
  const aliasPosition = (step: PlanStep): number | undefined => {
    if (step.action !== 'create_relation') return undefined;
    const oneField = step.entry.meta?.one_field;
    const related = step.entry.related_collection;
    // A new collection already has its aliases: its relations keep the diff's order, which snapshots
    // follow (by collection, then creation).
    if (!related || createdNames.has(related) || typeof oneField !== 'string') return undefined;
    return position.get(fieldKey(related, oneField));
  };
  const positions = steps.map(aliasPosition);
  const withAlias = steps
    .map((step, i) => ({ step, at: positions[i] }))
    .filter((entry): entry is { step: PlanStep; at: number } => entry.at !== undefined)
    .sort((a, b) => a.at - b.at);
  let next = 0;
  return steps.map((step, i) => (positions[i] === undefined ? step : withAlias[next++].step));
}

function planCollections(diff: SnapshotDiff, current: Current) {
  const created: SnapshotCollection[] = [];
  const deleted: string[] = [];
  const updated: PlanStep[] = [];
  for (const entry of diff.collections) {
    const exists = current.collections.has(entry.collection);
    const creation = added(entry.diff);
    if (creation) {
      if (exists) throw new InvalidPayloadError(`Collection "${entry.collection}" already exists`);
      created.push(creation.rhs as SnapshotCollection);
    } else if (!exists) {
      throw new InvalidPayloadError(`Collection "${entry.collection}" does not exist`);
    } else if (removed(entry.diff)) {
      deleted.push(entry.collection);
    } else {
      updated.push({
        action: 'update_collection',
        collection: entry.collection,
        entry: patched(current.collections.get(entry.collection)!, entry.diff),
      });
    }
  }
  return { created, deleted, updated };
}

/** A column turning into an alias (or back) comes as a deletion and a creation of the same key. */
function replacedFieldKeys(diff: SnapshotDiff): Set<string> {
  const addedKeys = new Set(diff.fields.filter((f) => added(f.diff)).map((f) => fieldKey(f.collection, f.field)));
  return new Set(
    diff.fields
      .filter((f) => removed(f.diff) && addedKeys.has(fieldKey(f.collection, f.field)))
      .map((f) => fieldKey(f.collection, f.field)),
  );
}

function planFields(diff: SnapshotDiff, current: Current, createdNames: Set<string>) {
  const steps = {
    replace: [] as PlanStep[],
    create: [] as PlanStep[],
    update: [] as PlanStep[],
    remove: [] as PlanStep[],
    afterRelations: [] as PlanStep[],
  };
  const ofNewCollections = new Map<string, SnapshotField[]>();
  const replaced = replacedFieldKeys(diff);
  const madeByRelations = aliasesMadeByRelations(diff, current.relations);
  for (const entry of diff.fields) {
    const key = fieldKey(entry.collection, entry.field);
    const creation = added(entry.diff);
    if (creation) {
      const field = creation.rhs as SnapshotField;
      if (current.fields.has(key) && !replaced.has(key)) throw new InvalidPayloadError(`Field "${key}" already exists`);
      if (!current.collections.has(entry.collection) && !createdNames.has(entry.collection)) {
        throw new InvalidPayloadError(`Collection "${entry.collection}" of field "${key}" does not exist`);
      }
      if (createdNames.has(entry.collection)) {
        // Made with the collection in the order listed, aliases among the columns (a relation then keeps its
        // alias as it finds it): snapshots list fields in the order they were made.
        const listed = ofNewCollections.get(entry.collection);
        if (listed) listed.push(field);
        else ofNewCollections.set(entry.collection, [field]);
      } else if (field.type === 'alias' && madeByRelations.has(key)) {
        // The relation creates its one-to-many alias field; the entry's meta is set on it afterwards.
        steps.afterRelations.push({
          action: 'update_field',
          collection: entry.collection,
          field: entry.field,
          entry: field,
        });
      } else {
        steps.create.push({ action: 'create_field', collection: entry.collection, field: entry.field, entry: field });
      }
    } else if (!current.fields.has(key)) {
      throw new InvalidPayloadError(`Field "${key}" does not exist`);
    } else if (removed(entry.diff)) {
      (replaced.has(key) ? steps.replace : steps.remove).push({
        action: 'delete_field',
        collection: entry.collection,
        field: entry.field,
      });
    } else {
      steps.update.push({
        action: 'update_field',
        collection: entry.collection,
        field: entry.field,
        entry: patched(current.fields.get(key)!, entry.diff),
      });
    }
  }
  return { ...steps, ofNewCollections };
}

function planSystemFields(diff: SnapshotDiff): PlanStep[] {
  return diff.systemFields.map((entry) => {
    const change = entry.diff.find(
      (r): r is DiffEdit<unknown> => r.kind === 'E' && r.path?.join('.') === 'schema.is_indexed',
    );
    if (!change || entry.diff.length !== 1) {
      throw new InvalidPayloadError(
        `Only the index of system field "${fieldKey(entry.collection, entry.field)}" can change`,
      );
    }
    return {
      action: 'set_system_field_index',
      collection: entry.collection,
      field: entry.field,
      is_indexed: change.rhs === true,
    };
  });
}

function planRelations(diff: SnapshotDiff, current: Current, deletedNames: Set<string>) {
  const steps = {
    create: [] as PlanStep[],
    update: [] as PlanStep[],
    remove: [] as PlanStep[],
    intoDeleted: [] as PlanStep[],
  };
  for (const entry of diff.relations) {
    const key = fieldKey(entry.collection, entry.field);
    const existing = current.relations.get(key);
    const creation = added(entry.diff);
    if (creation) {
      if (existing) throw new InvalidPayloadError(`Relation on "${key}" already exists`);
      steps.create.push({
        action: 'create_relation',
        collection: entry.collection,
        field: entry.field,
        entry: creation.rhs as SnapshotRelation,
      });
    } else if (!existing) {
      throw new InvalidPayloadError(`Relation on "${key}" does not exist`);
    } else if (removed(entry.diff)) {
      const step: PlanStep = { action: 'delete_relation', collection: entry.collection, field: entry.field };
      // A foreign key into a collection about to be dropped must go first, or the drop is refused.
      (deletedNames.has(existing.related_collection ?? '') ? steps.intoDeleted : steps.remove).push(step);
    } else {
      steps.update.push({
        action: 'update_relation',
        collection: entry.collection,
        field: entry.field,
        entry: patched(existing, entry.diff),
      });
    }
  }
  return steps;
}
