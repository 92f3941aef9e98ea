import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { api, ApiError } from '../../api';
import { Failure } from '../Content';
import { OwnPolicies } from '../policies/OwnPolicies';
import { UserRow, useRoles } from './UsersList';

const STATUSES = ['active', 'suspended', 'invited', 'draft', 'archived'];

/** One user: name, role and status (suspend by choosing "suspended"), their own policies, and a reset of their two-factor. */
export function UserPage() {
  const id = useParams().id!;
  const user = useQuery({ queryKey: ['user', id], queryFn: () => api<UserRow>('GET', `/users/${encodeURIComponent(id)}?fields=id,email,first_name,last_name,status,role`) });
  const roles = useRoles();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  if (user.error) return <Failure error={user.error} retry={() => user.refetch()} />;
  if (!user.data) return <p role="status">Loading…</p>;
  const u = user.data;
  const done = (text: string) => (setMessage({ text, error: false }), void user.refetch());
  const failed = (e: ApiError) => setMessage({ text: e.message, error: true });
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = { first_name: data.get('first_name') || null, last_name: data.get('last_name') || null, role: data.get('role') || null, status: data.get('status') };
    await api('PATCH', `/users/${id}`, values).then(() => done('Saved.'), failed);
  }
  async function resetTfa() {
    if (!window.confirm(`Turn two-factor sign-in off for ${u.email}? They can set it up again.`)) return;
    await api('POST', `/users/${id}/tfa/disable`).then(() => done('Two-factor sign-in is off for this user.'), failed);
  }
  return (
    <section>
      <h1>{u.email}</h1>
      <form onSubmit={save} aria-label="User" key={`${u.status}-${u.role}`}>
        <label>
          First name
          <input name="first_name" defaultValue={u.first_name ?? ''} />
        </label>
        <label>
          Last name
          <input name="last_name" defaultValue={u.last_name ?? ''} />
        </label>
        <label>
          Role
          <select name="role" defaultValue={u.role ?? ''}>
            <option value="">No role</option>
            {roles.data?.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select name="status" defaultValue={u.status}>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <button type="submit">Save</button>
      </form>
      <button type="button" className="secondary" onClick={resetTfa}>
        Reset two-factor
      </button>
      {message && <Message {...message} />}
      <OwnPolicies owner="user" id={id} />
    </section>
  );
}

function Message({ text, error }: { text: string; error: boolean }) {
  return <p role={error ? 'alert' : 'status'}>{text}</p>;
}
