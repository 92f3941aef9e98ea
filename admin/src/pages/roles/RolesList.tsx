import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, ApiError } from '../../api';
import { Failure } from '../Content';
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

type Message = { text: string; error: boolean };

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
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<Message>();
  // The API refuses to delete the last role with admin access (its own flag or a policy's); the page does not offer it.
  const lastAdmin = roles.data?.filter((r) => gives(r, 'admin_access')).length === 1;
  if (roles.error) return <Failure error={roles.error} retry={() => void roles.refetch()} />;
  async function remove(role: Role) {
    if (!window.confirm(t('deleteConfirm', { name: role.name }))) return;
    await api('DELETE', `/roles/${role.id}`).then(
      () => (
        setMessage({ text: t('deleted', { name: role.name }), error: false }),
        void queryClient.invalidateQueries({ queryKey: ['roles'] }),
        void counts.refetch()
      ),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  return (
    <section>
      <h1>{t('title')}</h1>
      <p>
        {t('intro')} <Link to="/policies">{t('policies')}</Link> {t('introPolicies')}
      </p>
      <CreateRole />
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
      <table aria-label={t('title')}>
        <TableHead labels={[t('name'), t('description'), t('adminAccess'), t('appAccess'), t('users'), t('actions')]} />
        <tbody>
          <PublicRow />
          {roles.data?.map((r) => (
            <tr key={r.id}>
              <td>
                <Link to={`/roles/${r.id}`}>{r.name}</Link>
              </td>
              <td>{r.description}</td>
              <td>{t(gives(r, 'admin_access') ? 'yes' : 'no')}</td>
              <td>{t(gives(r, 'app_access') ? 'yes' : 'no')}</td>
              <td>{counts.data?.get(r.id) ?? 0}</td>
              <td>
                {gives(r, 'admin_access') && lastAdmin ? (
                  <span className="hint">{t('onlyAdmin')}</span>
                ) : (
                  <button type="button" className="danger" onClick={() => void remove(r)}>
                    {t('delete', { name: r.name })}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
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

/** A new role, opened at once to attach its policies. */
function CreateRole() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      name: data.get('name'),
      description: data.get('description') || null,
      admin_access: data.get('admin_access') === 'on',
      app_access: data.get('app_access') === 'on',
    };
    await api<Role>('POST', '/roles', values).then(
      (role) => (void queryClient.invalidateQueries({ queryKey: ['roles'] }), navigate(`/roles/${role.id}`)),
      (e: ApiError) => setError(e.message),
    );
  }
  return (
    <form className="toolbar" onSubmit={(event) => void create(event)} aria-label={t('create')}>
      <label>
        {t('newName')}
        <input name="name" required maxLength={100} />
      </label>
      <label>
        {t('newDescription')}
        <input name="description" />
      </label>
      <label className="inline">
        <input type="checkbox" name="admin_access" /> {t('adminAccess')}
      </label>
      <label className="inline">
        <input type="checkbox" name="app_access" defaultChecked /> {t('appAccess')}
      </label>
      <button type="submit">{t('createButton')}</button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
