/** One deep-diff record of a schema diff (API.md 4.2): N new, D deleted, E edited, A inside an array. */
export interface DiffRecord {
  kind: 'N' | 'D' | 'E' | 'A';
  path?: (string | number)[];
  lhs?: unknown;
  rhs?: unknown;
  index?: number;
  item?: DiffRecord;
}

interface Entry {
  collection: string;
  field?: string;
  related_collection?: string | null;
  diff: DiffRecord[];
}

export interface SchemaDiff {
  collections: Entry[];
  fields: Entry[];
  systemFields?: Entry[];
  relations: Entry[];
}

export type ChangeKind = 'created' | 'changed' | 'deleted';

export interface PropertyChange {
  property: string;
  from: unknown;
  to: unknown;
}

export type PlanSubject = 'collection' | 'field' | 'systemField' | 'relation';

export interface PlanChange {
  kind: ChangeKind;
  /** What changes, and its name within the collection (`author → people` for a relation; empty for the collection). */
  subject: PlanSubject;
  name: string;
  properties: PropertyChange[];
}

export interface PlanGroup {
  collection: string;
  kind: ChangeKind;
  changes: PlanChange[];
}

function wholeKind(diff: DiffRecord[]): ChangeKind {
  if (diff.some((r) => r.kind === 'N' && !r.path)) return 'created';
  if (diff.some((r) => r.kind === 'D' && !r.path)) return 'deleted';
  return 'changed';
}

/** The changed properties of an entity that stays, as `path: from → to`. */
export function propertyChanges(diff: DiffRecord[]): PropertyChange[] {
  return diff
    .filter((r) => r.path)
    .map((r) => {
      const path = (r.path ?? []).join('.');
      if (r.kind === 'A' && r.item) return { property: `${path}[${r.index}]`, from: r.item.lhs, to: r.item.rhs };
      return { property: path, from: r.lhs, to: r.rhs };
    });
}

function nameOf(entry: Entry, what: PlanSubject): string {
  if (what === 'collection') return '';
  if (what === 'relation') return `${entry.field} → ${entry.related_collection ?? 'any'}`;
  return entry.field ?? '';
}

/**
 * The diff regrouped for people: one group per collection (created, changed or deleted), listing what
 * happens to the collection itself, its fields and its relations, with the changed properties.
 */
export function groupPlan(diff: SchemaDiff): PlanGroup[] {
  const groups = new Map<string, PlanGroup>();
  const groupOf = (collection: string) => {
    let group = groups.get(collection);
    if (!group) groups.set(collection, (group = { collection, kind: 'changed', changes: [] }));
    return group;
  };
  const add = (entries: Entry[] | undefined, what: PlanSubject) => {
    for (const entry of entries ?? []) {
      const kind = wholeKind(entry.diff);
      const group = groupOf(entry.collection);
      if (what === 'collection') group.kind = kind;
      group.changes.push({
        kind,
        subject: what,
        name: nameOf(entry, what),
        properties: kind === 'changed' ? propertyChanges(entry.diff) : [],
      });
    }
  };
  add(diff.collections, 'collection');
  add(diff.fields, 'field');
  add(diff.systemFields, 'systemField');
  add(diff.relations, 'relation');
  return [...groups.values()].sort((a, b) => a.collection.localeCompare(b.collection));
}

/** A property value as a short readable text. */
export function showValue(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
