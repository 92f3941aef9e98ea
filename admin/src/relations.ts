import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface Relation {
  collection: string;
  field: string;
  related_collection: string | null;
  meta?: { one_field?: string | null; junction_field?: string | null } | null;
}

/** The relations the user may see (GET /relations answers only those of readable fields). */
export function useRelations() {
  return useQuery({ queryKey: ['relations'], queryFn: () => api<Relation[]>('GET', '/relations'), staleTime: 60_000 });
}

export type RelationKind = { kind: 'file' } | { kind: 'm2o'; related: string } | { kind: 'o2m'; many: string; manyField: string } | null;

/** What a field of a collection points at: a file, an item of another collection, or items pointing back. */
export function relationOf(relations: Relation[], collection: string, field: string): RelationKind {
  const own = relations.find((r) => r.collection === collection && r.field === field && r.related_collection);
  if (own) return own.related_collection === 'svc_files' ? { kind: 'file' } : { kind: 'm2o', related: own.related_collection! };
  const back = relations.find((r) => r.related_collection === collection && r.meta?.one_field === field);
  return back ? { kind: 'o2m', many: back.collection, manyField: back.field } : null;
}

/** The junction collections of many-to-many relations: plumbing, left out of the navigation. */
export function junctionsOf(relations: Relation[]): Set<string> {
  return new Set(relations.filter((r) => r.meta?.junction_field).map((r) => r.collection));
}
