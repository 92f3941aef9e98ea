import { api } from './api';

export interface Field {
  field: string;
  type: string;
  schema?: { is_primary_key?: boolean; is_nullable?: boolean; has_auto_increment?: boolean } | null;
  meta?: {
    hidden?: boolean;
    readonly?: boolean;
    translations?: unknown;
    special?: string[] | null;
    options?: { choices?: { text: string; value: unknown }[] } | null;
  } | null;
}

/** The fields the signed-in user may read, as the API filters them by permission. */
export function fetchFields(collection: string): Promise<Field[]> {
  return api<Field[]>('GET', `/fields/${encodeURIComponent(collection)}`);
}

export function primaryKey(fields: Field[]): string {
  return fields.find((f) => f.schema?.is_primary_key)?.field ?? 'id';
}

/** Columns worth showing by default: data fields, not aliases (o2m) nor hidden ones. */
export function visibleFields(fields: Field[]): Field[] {
  return fields.filter((f) => f.type !== 'alias' && !f.meta?.hidden);
}
