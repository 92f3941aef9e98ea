import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

export type Action = 'create' | 'read' | 'update' | 'delete' | 'share';
export const ACTIONS: Action[] = ['create', 'read', 'update', 'delete', 'share'];

/** Whether a rule of the action lists fields: deleting and sharing act on whole items. */
export const hasFields = (action: Action) => action !== 'delete' && action !== 'share';

/** Whether a rule of the action sets values on what it writes. */
export const hasPresets = (action: Action) => action === 'create' || action === 'update';

export type Filter = Record<string, unknown>;

/** One svc_permissions row as GET /permissions answers it: a rule of its policy. */
export interface Rule {
  id: number;
  policy: string | null;
  collection: string;
  action: string;
  fields: string[] | null;
  permissions: Filter | null;
  validation: Filter | null;
  presets: Filter | null;
}

export type Level = 'none' | 'full' | 'custom';

/** The public policy's key, fixed as the reference platform fixes its own: what anyone may do without signing in. */
export const PUBLIC_POLICY = 'abf8a154-5b1c-4a46-ac9c-7300570f4f17';

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

/** The rules of a policy. */
export function useRules(policy: string) {
  const params = new URLSearchParams({ limit: '-1', filter: JSON.stringify({ policy: { _eq: policy } }) });
  return useQuery({ queryKey: ['permissions', policy], queryFn: () => api<Rule[]>('GET', `/permissions?${params}`) });
}

export interface Cell {
  policy: string;
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
  else
    await api('POST', '/permissions', {
      policy: cell.policy,
      collection: cell.collection,
      action: cell.action,
      ...values,
    });
}

/** A full grant: every field, no filter, no preset. */
export const FULL: Partial<Rule> = { fields: ['*'], permissions: null, validation: null, presets: null };
