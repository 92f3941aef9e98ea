import { useQuery } from '@tanstack/react-query';
import { api } from './api';

type Action = 'create' | 'read' | 'update' | 'delete';

interface ActionAccess {
  access: 'none' | 'partial' | 'full';
  fields?: string[];
}

export type Access = Record<string, Partial<Record<Action, ActionAccess>>>;

/** The signed-in user's access per collection (GET /permissions/me), shared by every page. */
export function useAccess() {
  return useQuery({ queryKey: ['access'], queryFn: () => api<Access>('GET', '/permissions/me'), staleTime: 60_000 });
}

/** Whether the user may take an action on the collection at all (on some items, with some fields). */
export function can(access: Access | undefined, collection: string, action: Action): boolean {
  const level = access?.[collection]?.[action]?.access;
  return level === 'full' || level === 'partial';
}

/** Whether the user may write this field with the action; the API refuses the others with 403. */
export function canWriteField(
  access: Access | undefined,
  collection: string,
  action: 'create' | 'update',
  field: string,
): boolean {
  if (!can(access, collection, action)) return false;
  const fields = access?.[collection]?.[action]?.fields;
  return !fields || fields.includes('*') || fields.includes(field);
}
