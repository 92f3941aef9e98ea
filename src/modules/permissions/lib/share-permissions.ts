import type { Filter } from '../../../common/query/query.types';
import type { RelationOverview } from '../../schema/schema.types';
import type { Permission } from '../permissions.service';

/** What a share opens: one item of one collection. */
export interface ShareScope {
  collection: string;
  item: string;
}

/** The schema metadata a share session reads to draw the item, as the reference grants every share. */
const SCHEMA_COLLECTIONS = ['svc_collections', 'svc_fields', 'svc_relations'];

const readRule = (collection: string, permissions: Filter | null, fields: string[] | null): Permission => ({
  collection,
  action: 'read',
  permissions,
  fields,
  validation: null,
  presets: null,
});

/**
 * Every collection reachable from the shared item through relations, with the filters that lead back to
 * it: the rows of a one-to-many that point at it, the rows its many-to-ones (and many-to-anys) point at,
 * and on from there. A collection already on the path is neither entered again (cycles end) nor opened
 * wider: where the reference would also open the shared item's siblings (the other articles of its
 * author), Vellum keeps a share to its one item.
 */
function reach(
  relations: readonly RelationOverview[],
  collection: string,
  filter: Filter,
  path: string[],
  out: Map<string, Filter[]>,
): void {
  const next = [...path, collection];
  const add = (target: string, rows: Filter) => {
    if (next.includes(target)) return false;
    out.set(target, [...(out.get(target) ?? []), rows]);
    return true;
  };
  for (const relation of relations) {
    if (relation.related_collection === collection) {
      const rows = { [relation.field]: filter };
      if (add(relation.collection, rows)) reach(relations, relation.collection, rows, next, out);
    } else if (relation.collection !== collection) {
      continue;
    } else if (!relation.related_collection) {
      const collectionField = relation.meta?.one_collection_field;
      if (!collectionField) continue;
      for (const target of relation.meta?.one_allowed_collections ?? []) {
        add(target, { [`$FOLLOW(${collection},${relation.field},${collectionField})`]: filter });
      }
    } else {
      const rows = { [`$FOLLOW(${collection},${relation.field})`]: filter };
      // Like the reference, a many-to-one leads further only where its target shows it an alias field.
      if (add(relation.related_collection, rows) && relation.meta?.one_field)
        reach(relations, relation.related_collection, rows, next, out);
    }
  }
}

/**
 * The rules of a share session (the reference's share permissions): reads only, of the shared item
 * (by primary key) and of the rows related to it, each within the share role's own read rule on its
 * collection (its fields, its row filter); a collection the role cannot read stays closed. `role` is
 * 'admin' for a role with admin access (every field, the share's filters alone).
 */
export function sharePermissions(
  scope: ShareScope & { primary: string },
  relations: readonly RelationOverview[],
  role: readonly Permission[] | 'admin',
): Permission[] {
  const reached = new Map<string, Filter[]>([[scope.collection, [{ [scope.primary]: { _eq: scope.item } }]]]);
  reach(relations, scope.collection, reached.get(scope.collection)![0], [], reached);
  const rules: Permission[] = [];
  for (const [collection, filters] of reached) {
    const own =
      role === 'admin'
        ? readRule(collection, null, null)
        : role.find((p) => p.collection === collection && p.action === 'read');
    if (!own) continue;
    const share = filters.length === 1 ? filters[0] : { _or: filters };
    rules.push(readRule(collection, own.permissions ? { _and: [own.permissions, share] } : share, own.fields));
  }
  for (const collection of SCHEMA_COLLECTIONS) {
    if (!reached.has(collection)) rules.push(readRule(collection, null, null));
  }
  return rules;
}
