import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { api, ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import { OwnPolicies } from '../policies/OwnPolicies';
import { UserRow, useRoles } from './UsersList';

const STATUSES = ['active', 'suspended', 'invited', 'draft', 'archived'];

/** One user: name, role and status (suspend by choosing "suspended"), their own policies, and a reset of their two-factor. */
export function UserPage() {
  const { t } = useTranslation('users');
  const id = useParams().id!;
  const user = useQuery({
    queryKey: ['user', id],
    queryFn: () =>
      api<UserRow>('GET', `/users/${encodeURIComponent(id)}?fields=id,email,first_name,last_name,status,role`),
  });
  const roles = useRoles();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  if (user.error) return <Failure error={user.error} retry={() => void user.refetch()} />;
  if (!user.data) return <p role="status">{t('common:loading')}</p>;
  const u = user.data;
  const done = (text: string) => (setMessage({ text, error: false }), void user.refetch());
  const failed = (e: ApiError) => setMessage({ text: e.message, error: true });
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      first_name: data.get('first_name') || null,
      last_name: data.get('last_name') || null,
      role: data.get('role') || null,
      status: data.get('status'),
    };
    await api('PATCH', `/users/${id}`, values).then(() => done(t('saved')), failed);
  }
  async function resetTfa() {
    if (!window.confirm(t('resetTfaConfirm', { email: u.email }))) return;
    await api('POST', `/users/${id}/tfa/disable`).then(() => done(t('tfaReset')), failed);
  }
  return (
    <section>
      <h1>{u.email}</h1>
      <form onSubmit={(event) => void save(event)} aria-label={t('user')} key={`${u.status}-${u.role}`}>
        <label>
          {t('firstName')}
          <input name="first_name" defaultValue={u.first_name ?? ''} />
        </label>
        <label>
          {t('lastName')}
          <input name="last_name" defaultValue={u.last_name ?? ''} />
        </label>
        <RoleAndStatusFields role={u.role} status={u.status} roles={roles.data} />
        <button type="submit">{t('save')}</button>
      </form>
      <button type="button" className="secondary" onClick={() => void resetTfa()}>
        {t('resetTfa')}
      </button>
      {message && <Message {...message} />}
      <OwnPolicies owner="user" id={id} />
    </section>
  );
}

/** The user's role and status as the form's `role` and `status` fields (suspend by choosing "suspended"). */
function RoleAndStatusFields({
  role,
  status,
  roles,
}: {
  role: string | null;
  status: string;
  roles: { id: string; name: string }[] | undefined;
}) {
  const { t } = useTranslation('users');
  return (
    <>
      <label>
        {t('role')}
        <select name="role" defaultValue={role ?? ''}>
          <option value="">{t('noRole')}</option>
          {roles?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('status')}
        <select name="status" defaultValue={status}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

function Message({ text, error }: { text: string; error: boolean }) {
  return <p role={error ? 'alert' : 'status'}>{text}</p>;
}
