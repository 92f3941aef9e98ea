import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { api, ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import { OwnPolicies } from '../policies/OwnPolicies';
import { useRoleNames } from '../policies/policy';
import { roleValues, type Role } from './RolesList';
import { PUBLIC_POLICY } from './rules';

type RoleWithParent = Role & { parent: string | null };

/** One role: its name, description, flags and parent role, and the policies attached to it. */
export function RolePage() {
  const id = useParams().id!;
  // The public's rules were a role's page before policies: they are the public policy's now.
  if (id === 'public') return <Navigate to={`/policies/${PUBLIC_POLICY}`} replace />;
  return <NamedRole id={id} />;
}

function NamedRole({ id }: { id: string }) {
  const { t } = useTranslation('roles');
  const role = useQuery({
    queryKey: ['roles', id],
    queryFn: () =>
      api<RoleWithParent>(
        'GET',
        `/roles/${encodeURIComponent(id)}?fields=id,name,description,admin_access,app_access,parent`,
      ),
  });
  if (role.error) return <Failure error={role.error} retry={() => void role.refetch()} />;
  if (!role.data) return <p role="status">{t('common:loading')}</p>;
  return (
    <section>
      <h1>{role.data.name}</h1>
      <RoleForm role={role.data} />
      {role.data.admin_access ? <p>{t('adminsDoAll')}</p> : null}
      <p>{t('usersGet')}</p>
      <OwnPolicies owner="role" id={id} />
      <RoleOwnRules id={id} />
    </section>
  );
}

/**
 * Permissions written for the role itself by a client older than policies: they still apply to its
 * users, so the page says so rather than leave them unseen.
 */
function RoleOwnRules({ id }: { id: string }) {
  const { t } = useTranslation('roles');
  const filter = JSON.stringify({ _and: [{ role: { _eq: id } }, { policy: { _null: true } }] });
  const count = useQuery({
    queryKey: ['permissions', 'of-role', id],
    queryFn: async () =>
      Number(
        (
          await api<{ count: number | string }[]>(
            'GET',
            `/permissions?aggregate[count]=*&filter=${encodeURIComponent(filter)}`,
          )
        )[0]?.count ?? 0,
      ),
  });
  if (!count.data) return null;
  return <p role="note">{t('ownRules', { count: count.data })}</p>;
}

function RoleForm({ role }: { role: RoleWithParent }) {
  const { t } = useTranslation('roles');
  const queryClient = useQueryClient();
  const others = useRoleNames();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = { ...roleValues(data), parent: data.get('parent') || null };
    await api('PATCH', `/roles/${role.id}`, values).then(
      () => (
        setMessage({ text: t('saved'), error: false }),
        void queryClient.invalidateQueries({ queryKey: ['roles'] })
      ),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  return (
    <form
      onSubmit={(event) => void save(event)}
      aria-label={t('role')}
      key={`${JSON.stringify(role)}-${others.isSuccess}`}
    >
      <label>
        {t('name')}
        <input name="name" required maxLength={100} defaultValue={role.name} />
      </label>
      <label>
        {t('description')}
        <textarea name="description" rows={2} defaultValue={role.description ?? ''} />
      </label>
      <label>
        {t('parent')}
        <select name="parent" defaultValue={role.parent ?? ''}>
          <option value="">{t('noParent')}</option>
          {others.data
            ?.filter((r) => r.id !== role.id)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
        </select>
      </label>
      <label className="inline">
        <input type="checkbox" name="admin_access" defaultChecked={role.admin_access} /> {t('adminAccess')}
      </label>
      <label className="inline">
        <input type="checkbox" name="app_access" defaultChecked={role.app_access} /> {t('appAccess')}
      </label>
      <button type="submit">{t('save')}</button>
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </form>
  );
}
