import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { ipList } from '../../access-rows';
import { fieldText } from '../../format';

/** One svc_policies row as the Studio reads it. */
export interface Policy {
  id: string;
  name: string;
  icon: string | null;
  description: string | null;
  admin_access: boolean;
  app_access: boolean;
  enforce_tfa: boolean;
  ip_access: string[] | null;
}

export const POLICY_FIELDS = 'id,name,icon,description,admin_access,app_access,enforce_tfa,ip_access';

/** Every policy by name, shared by the policies list and the pages that attach them. */
export function usePolicies() {
  return useQuery({
    queryKey: ['policies', 'list'],
    queryFn: () => api<Policy[]>('GET', `/policies?fields=${POLICY_FIELDS}&sort=name&limit=-1`),
  });
}

/** A policy form's values as the API takes them; the flags left out of a form are left out of the values. */
export function policyValues(form: HTMLFormElement): Partial<Policy> {
  const data = new FormData(form);
  const text = (name: string) => fieldText(data, name).trim();
  const values: Partial<Policy> = { name: text('name'), description: text('description') || null };
  for (const flag of ['admin_access', 'app_access', 'enforce_tfa'] as const) {
    if (form.elements.namedItem(flag)) values[flag] = data.get(flag) === 'on';
  }
  if (form.elements.namedItem('icon')) values.icon = text('icon') || null;
  if (form.elements.namedItem('ip_access')) values.ip_access = ipList(text('ip_access'));
  return values;
}

/** Every role's id and name, for choosing one. */
export function useRoleNames() {
  return useQuery({
    queryKey: ['roles', 'names'],
    queryFn: () => api<{ id: string; name: string }[]>('GET', '/roles?fields=id,name&sort=name&limit=-1'),
  });
}
