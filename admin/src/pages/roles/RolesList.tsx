import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api';
import { Failure } from '../../shell/Failure';
import { CreateForm, useRemoval } from '../list-actions';
import { TableHead } from '../TableHead';
import { PUBLIC_POLICY } from './rules';

export interface Role {
  id: string;
  name: string;
  description: string | null;
  admin_access: boolean;
  app_access: boolean;
  /** The policies attached to the role (its access rows); only their flags are read here. */
  policies?: { policy: { admin_access: boolean; app_access: boolean } | null }[];
}

/** Whether the role gives `flag`: set on the role itself (Vellum's earlier form) or on a policy attached to it. */
function gives(role: Role, flag: 'admin_access' | 'app_access'): boolean {
  return role[flag] || (role.policies ?? []).some((access) => access.policy?.[flag] === true);
}

/** Users per role in one grouped count, rather than every user's row. */
function useUserCounts() {
  return useQuery({
    queryKey: ['users', 'per-role'],
    queryFn: async () => {
      const groups = await api<{ role: string | null; count: number | string }[]>(
        'GET',
        '/users?aggregate[count]=*&groupBy=role',
      );
      return new Map(groups.map((g) => [g.role, Number(g.count)]));
    },
  });
}

/** The form fields a role is created or edited from. */
export function roleValues(data: FormData) {
  return {
    name: data.get('name'),
    description: data.get('description') || null,
    admin_access: data.get('admin_access') === 'on',
    app_access: data.get('app_access') === 'on',
  };
}

/** The roles with what they may do and how many users they have, the public's rules, a new role, and deleting one. */
export function RolesList() {
  const { t } = useTranslation('roles');
  const roles = useQuery({
    queryKey: ['roles', 'list'],
    queryFn: () =>
      api<Role[]>(
        'GET',
        '/roles?fields=id,name,description,admin_access,app_access,policies.policy.admin_access,policies.policy.app_access&sort=name&limit=-1',
      ),
  });
  const counts = useUserCounts();
  const { remove, message } = useRemoval('roles');
  if (roles.error) return <Failure error={roles.error} retry={() => void roles.refetch()} />;
  return (
    <section>
      <h1>{t('title')}</h1>
      <p>
        {t('intro')} <Link to="/policies">{t('policies')}</Link> {t('introPolicies')}
      </p>
      <CreateForm namespace="roles" create={(form) => api<Role>('POST', '/roles', roleValues(new FormData(form)))}>
        <label className="inline">
          <input type="checkbox" name="admin_access" /> {t('adminAccess')}
        </label>
        <label className="inline">
          <input type="checkbox" name="app_access" defaultChecked /> {t('appAccess')}
        </label>
      </CreateForm>
      {message}
      <table aria-label={t('title')}>
        <TableHead labels={[t('name'), t('description'), t('adminAccess'), t('appAccess'), t('users'), t('actions')]} />
        <tbody>
          <PublicRow />
          <RoleRows
            roles={roles.data ?? []}
            counts={counts.data}
            onRemove={(r) => void remove(`/roles/${r.id}`, r.name, () => void counts.refetch())}
          />
        </tbody>
      </table>
    </section>
  );
}

interface RowsProps {
  roles: Role[];
  counts: Map<string | null, number> | undefined;
  onRemove: (role: Role) => void;
}

function RoleRows({ roles, counts, onRemove }: RowsProps) {
  const { t } = useTranslation('roles');
  // The API refuses to delete the last role with admin access (its own flag or a policy's); the page does not offer it.
  const lastAdmin = roles.filter((r) => gives(r, 'admin_access')).length === 1;
  return roles.map((r) => (
    <tr key={r.id}>
      <td>
        <Link to={`/roles/${r.id}`}>{r.name}</Link>
      </td>
      <td>{r.description}</td>
      <td>{t(gives(r, 'admin_access') ? 'yes' : 'no')}</td>
      <td>{t(gives(r, 'app_access') ? 'yes' : 'no')}</td>
      <td>{counts?.get(r.id) ?? 0}</td>
      <td>
        {gives(r, 'admin_access') && lastAdmin ? (
          <span className="hint">{t('onlyAdmin')}</span>
        ) : (
          <button type="button" className="danger" onClick={() => onRemove(r)}>
            {t('delete', { name: r.name })}
          </button>
        )}
      </td>
    </tr>
  ));
}

/** The public's row: what anyone may do without signing in, kept in the public policy. */
function PublicRow() {
  const { t } = useTranslation('roles');
  return (
    <tr>
      <td>
        <Link to={`/policies/${PUBLIC_POLICY}`}>{t('public')}</Link>
      </td>
      <td>{t('publicDescription')}</td>
      <td>{t('no')}</td>
      <td>{t('no')}</td>
      <td />
      <td />
    </tr>
  );
}
