import type { PermissionLookup } from '../../permissions/permissions.service';
import type { RelationOverview } from '../../schema/schema.types';

/** Which collections and fields a caller may see in `/collections`, `/fields` and `/relations`. */
export interface SchemaVisibility {
  collection(name: string): boolean;
  field(collection: string, field: string): boolean;
}

export const EVERYTHING: SchemaVisibility = { collection: () => true, field: () => true };

/**
 * As the reference: a collection is visible with a read rule on it, a field when that rule's field
 * list allows it (no list or `*` allows all). Admins see everything.
 */
export function schemaVisibility(admin: boolean, lookup: PermissionLookup): SchemaVisibility {
  if (admin) return EVERYTHING;
  return {
    collection: (name) => lookup(name, 'read') !== null,
    field: (collection, field) => {
      const rule = lookup(collection, 'read');
      return rule !== null && (rule.fields === null || rule.fields.includes('*') || rule.fields.includes(field));
    },
  };
}

/**
 * The collections to list: the visible ones and the folders they sit in, up to the top, as the
 * reference lists them so a caller can draw the tree its collections hang in.
 */
export function withGroups(visible: string[], groupOf: (collection: string) => string | null | undefined): Set<string> {
  const out = new Set(visible);
  for (const name of visible) {
    for (let group = groupOf(name); group && !out.has(group); group = groupOf(group)) out.add(group);
  }
  return out;
}

/**
 * As the reference: a relation is listed when the caller may read both its ends, the field that holds
 * it, the one-to-many alias on the other side when it has one, and every collection a many-to-any may
 * point at.
 */
export function relationVisible(
  visible: SchemaVisibility,
  relation: Pick<RelationOverview, 'collection' | 'field' | 'related_collection' | 'meta'>,
): boolean {
  const { collection, field, related_collection: related, meta } = relation;
  if (!visible.field(collection, field)) return false;
  if (related && !visible.collection(related)) return false;
  if (related && meta?.one_field && !visible.field(related, meta.one_field)) return false;
  return (meta?.one_allowed_collections ?? []).every((name) => visible.collection(name));
}
