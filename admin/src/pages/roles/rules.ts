import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

export type Action = 'create' | 'read' | 'update' | 'delete';
export const ACTIONS: Action[] = ['create', 'read', 'update', 'delete'];

export type Filter = Record<string, unknown>;

/** One svc_permissions row as GET /permissions answers it (`role` null = the public). */
export interface Rule {
  id: number;
  role: string | null;
  collection: string;
  action: string;
  fields: string[] | null;
  permissions: Filter | null;
  validation: Filter | null;
  presets: Filter | null;
}

export type Level = 'none' | 'full' | 'custom';

/** The role id of a page's path: `public` stands for the rules with no role. */
export const PUBLIC = 'public';

const empty = (value: Filter | null) => !value || Object.keys(value).length === 0;

/** How much a rule grants: none without a row; full with every field and nothing else; custom otherwise. */
export function levelOf(rule: Rule | undefined): Level {
  if (!rule) return 'none';
  const everyField = !rule.fields || rule.fields.includes('*');
  return everyField && empty(rule.permissions) && empty(rule.validation) && empty(rule.presets) ? 'full' : 'custom';
}

/**
 * Which filter of a rule the builder edits: the API checks a new item's values against `validation`
 * (there is no row yet to filter), and the rows read, updated or deleted against `permissions`.
 */
export function filterKey(action: Action): 'validation' | 'permissions' {
  return action === 'create' ? 'validation' : 'permissions';
}

/** The rules of a role, or of the public for PUBLIC. */
export function useRules(role: string) {
  const filter = role === PUBLIC ? { role: { _null: true } } : { role: { _eq: role } };
  const params = new URLSearchParams({ limit: '-1', filter: JSON.stringify(filter) });
  return useQuery({ queryKey: ['permissions', role], queryFn: () => api<Rule[]>('GET', `/permissions?${params}`) });
}

export interface Cell {
  role: string;
  collection: string;
  action: Action;
  rule?: Rule;
}

/** Writes a cell's new level: deletes its row for no access, or creates or patches it with `values`. */
export async function writeCell(cell: Cell, values: Partial<Rule> | null): Promise<void> {
  if (!values) {
    if (cell.rule) await api('DELETE', `/permissions/${cell.rule.id}`);
    return;
  }
  if (cell.rule) await api('PATCH', `/permissions/${cell.rule.id}`, values);
  else await api('POST', '/permissions', { role: cell.role === PUBLIC ? null : cell.role, collection: cell.collection, action: cell.action, ...values });
}

/** A full grant: every field, no filter, no preset. */
export const FULL: Partial<Rule> = { fields: ['*'], permissions: null, validation: null, presets: null };
