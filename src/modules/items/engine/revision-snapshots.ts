import { isPlainObject } from '../../../common/is-plain-object';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { FieldOverview } from '../../schema/schema.types';
import { CONCEALED, Item } from './items.types';
import type { ReadableFields, ReadNode } from './read-plan';
import { isSecret } from './shape-rows';

const REVISIONS = 'svc_revisions';
const SNAPSHOTS = new Set(['data', 'delta']);

/** A revision's `data` or `delta`: a copy of an item of another collection, whose rules decide what of it is read. */
export function isSnapshot(field: Pick<FieldOverview, 'collection' | 'field'>): boolean {
  return field.collection === REVISIONS && SNAPSHOTS.has(field.field);
}

/** What a read of `node` selects besides its columns: the collection and item its snapshots copy. */
export function snapshotColumns(node: ReadNode): string[] {
  return node.columns.some((c) => isSnapshot({ collection: node.collection, field: c.field }))
    ? ['collection', 'item']
    : [];
}

/** What the caller may see of the items revisions copy. */
export interface SnapshotAccess {
  overview: SchemaOverview;
  readable: ReadableFields;
  /** Whether the item is within the caller's row filter of its collection. */
  visible(collection: string, item: string): boolean;
}

/**
 * `item` (shaped from `row`) with each snapshot cut to the fields the caller may read of the item's
 * collection, null when they may not read the item; secrets concealed (revisions written before they
 * were concealed on write included).
 */
export function shapeSnapshots(access: SnapshotAccess, node: ReadNode, row: Item, item: Item): Item {
  for (const column of node.columns) {
    const value = item[column.key];
    if (isSnapshot({ collection: node.collection, field: column.field }) && isPlainObject(value)) {
      const visible = access.visible(String(row.collection), String(row.item));
      item[column.key] = visible
        ? visibleSnapshot(access.overview, access.readable, String(row.collection), value)
        : null;
    }
  }
  return item;
}

function visibleSnapshot(
  overview: SchemaOverview,
  readable: ReadableFields,
  collection: string,
  snapshot: Item,
): Item | null {
  const allowed = readable(collection);
  if (allowed === null) return null;
  const fields = overview.collection(collection)?.fields ?? {};
  const out: Item = {};
  for (const [name, value] of Object.entries(snapshot)) {
    if (allowed !== '*' && !allowed.has(name)) continue;
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    out[name] = field && isSecret(field) && value !== null ? CONCEALED : value;
  }
  return out;
}
