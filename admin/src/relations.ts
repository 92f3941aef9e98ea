import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface Relation {
  collection: string;
  field: string;
  related_collection: string | null;
  meta?: {
    one_field?: string | null;
    junction_field?: string | null;
    sort_field?: string | null;
    one_allowed_collections?: string[] | null;
    one_collection_field?: string | null;
  } | null;
}

/** The relations the user may see (GET /relations answers only those of readable fields). */
export function useRelations() {
  return useQuery({ queryKey: ['relations'], queryFn: () => api<Relation[]>('GET', '/relations'), staleTime: 60_000 });
}

/** A list field's rows: the related items themselves (o2m), or junction rows pointing at them (m2m, m2a). */
interface ListRelation {
  /** The collection whose rows the list holds and the nested write changes. */
  rows: string;
  /** The field of those rows that points back at the parent item. */
  parentField: string;
  sortField: string | null;
}

export type RelationKind =
  | { kind: 'file' }
  | { kind: 'm2o'; related: string }
  | ({ kind: 'o2m'; many: string; manyField: string } & ListRelation)
  | ({ kind: 'm2m'; junctionField: string; related: string } & ListRelation)
  | ({ kind: 'm2a'; itemField: string; collectionField: string; allowed: string[] } & ListRelation)
  | null;

export type ListKind = Extract<NonNullable<RelationKind>, ListRelation>;

/** What a field of a collection points at: a file, an item of another collection, or items pointing back. */
export function relationOf(relations: Relation[], collection: string, field: string): RelationKind {
  const own = relations.find((r) => r.collection === collection && r.field === field && r.related_collection);
  if (own)
    return own.related_collection === 'svc_files'
      ? { kind: 'file' }
      : { kind: 'm2o', related: own.related_collection! };
  const back = relations.find((r) => r.related_collection === collection && r.meta?.one_field === field);
  if (!back) return null;
  const list = { rows: back.collection, parentField: back.field, sortField: back.meta?.sort_field ?? null };
  const junctionField = back.meta?.junction_field;
  const other = junctionField
    ? relations.find((r) => r.collection === back.collection && r.field === junctionField)
    : undefined;
  if (other?.related_collection)
    return { kind: 'm2m', junctionField: other.field, related: other.related_collection, ...list };
  if (other?.meta?.one_allowed_collections && other.meta.one_collection_field) {
    return {
      kind: 'm2a',
      itemField: other.field,
      collectionField: other.meta.one_collection_field,
      allowed: other.meta.one_allowed_collections,
      ...list,
    };
  }
  return { kind: 'o2m', many: back.collection, manyField: back.field, ...list };
}

/** The junction collections of many-to-many relations: plumbing, left out of the navigation. */
export function junctionsOf(relations: Relation[]): Set<string> {
  return new Set(relations.filter((r) => r.meta?.junction_field).map((r) => r.collection));
}
