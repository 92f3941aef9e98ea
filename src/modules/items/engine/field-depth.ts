import { type ColumnRef, type FieldRef, type JsonRef, refPath } from '../../../common/query/field-ref';

/**
 * How deep a `fields` entry reaches, as the reference counts it against MAX_RELATIONAL_DEPTH: its dot
 * segments, an alias counted as the path it stands for, and of a `json(field, path)` call only the
 * field path (`a.json(b.meta, x.y.z)` → 3): the JSON path is no relation.
 */
export function fieldDepth(ref: FieldRef, alias: Record<string, ColumnRef | JsonRef> = {}): number {
  const { hops, end } = refPath(ref);
  const head = hops.length ? hops[0] : end.kind === 'column' ? end.name : null;
  if (head !== null && Object.hasOwn(alias, head)) return fieldDepth(alias[head]) + hops.length;
  return hops.length + (end.kind === 'json' ? end.field.split('.').length : 1);
}
