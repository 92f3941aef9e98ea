import { useQuery } from '@tanstack/react-query';
import { api } from '../api';

export interface Collection {
  collection: string;
  meta?: { hidden?: boolean; singleton?: boolean } | null;
}

export interface Field {
  field: string;
  type: string;
  meta?: { hidden?: boolean; readonly?: boolean; special?: string[] | null } | null;
  schema?: { is_primary_key?: boolean; has_auto_increment?: boolean; is_nullable?: boolean } | null;
}

/** Collections the user may read, system ones (svc_*) apart. */
export function useCollections() {
  return useQuery({
    queryKey: ['collections'],
    queryFn: async () => (await api<Collection[]>('GET', '/collections')).data.filter((c) => !c.collection.startsWith('svc_')),
  });
}

export function useFields(collection: string) {
  return useQuery({
    queryKey: ['fields', collection],
    queryFn: async () => (await api<Field[]>('GET', `/fields/${encodeURIComponent(collection)}`)).data,
  });
}

export function primaryKey(fields: Field[]): string {
  return fields.find((f) => f.schema?.is_primary_key)?.field ?? 'id';
}

/** Fields that carry a value in the table and the form (aliases such as one-to-many lists have no column). */
export function valueFields(fields: Field[]): Field[] {
  return fields.filter((f) => f.type !== 'alias' && !f.meta?.hidden);
}

export function itemsPath(collection: string): string {
  return `/items/${encodeURIComponent(collection)}`;
}
