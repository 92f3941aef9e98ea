import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api';
import { Failure } from '../../shell/Failure';
import { TableHead } from '../TableHead';
import { fieldText } from '../../format';

export interface Role {
  id: string;
  name: string;
}

export interface UserRow {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  status: string;
  role: string | null;
  tfa_secret?: string | null;
}

export function useRoles() {
  return useQuery({ queryKey: ['roles'], queryFn: () => api<Role[]>('GET', '/roles?fields=id,name&sort=name') });
}

/** The users with their role and status, and an invitation by email with a role. */
export function UsersList() {
  const { t } = useTranslation('users');
  const users = useQuery({
    queryKey: ['users'],
    queryFn: () => api<UserRow[]>('GET', '/users?fields=id,email,first_name,last_name,status,role&sort=email&limit=-1'),
  });
  const roles = useRoles();
  const roleName = (id: string | null) => roles.data?.find((r) => r.id === id)?.name ?? '';
  if (users.error) return <Failure error={users.error} retry={() => void users.refetch()} />;
  return (
    <section>
      <h1>{t('title')}</h1>
      <Invite roles={roles.data ?? []} onInvited={() => void users.refetch()} />
      <table aria-label={t('title')}>
        <TableHead labels={[t('email'), t('name'), t('role'), t('status')]} />
        <tbody>
          {users.data?.map((u) => (
            <tr key={u.id}>
              <td>
                <Link to={`/users/${u.id}`}>{u.email ?? u.id}</Link>
              </td>
              <td>{[u.first_name, u.last_name].filter(Boolean).join(' ')}</td>
              <td>{roleName(u.role)}</td>
              <td>{t(`statuses.${u.status}`, { defaultValue: u.status })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Invite({ roles, onInvited }: { roles: Role[]; onInvited: () => void }) {
  const { t } = useTranslation('users');
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = fieldText(data, 'email');
    await api('POST', '/users/invite', { email, role: data.get('role') }).then(
      () => (setMessage({ text: t('invited', { email }), error: false }), form.reset(), onInvited()),
      (e: Error) => setMessage({ text: e.message, error: true }),
    );
  }
  return (
    <form className="toolbar" onSubmit={(event) => void invite(event)} aria-label={t('invite')}>
      <label>
        {t('inviteEmail')}
        <input name="email" type="email" required />
      </label>
      <label>
        {t('inviteRole')}
        <select name="role" required>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">{t('inviteButton')}</button>
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </form>
  );
}
