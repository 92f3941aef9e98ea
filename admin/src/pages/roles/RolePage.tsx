import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { api, ApiError } from '../../api';
import { Failure } from '../Content';
import { PermissionMatrix } from './PermissionMatrix';
import type { Role } from './RolesList';
import { PUBLIC } from './rules';

/** One role (or the public): its name, description and access, and its permissions per collection. */
export function RolePage() {
  const id = useParams().id!;
  if (id === PUBLIC)
    return (
      <section>
        <h1>Public</h1>
        <p>What anyone may do without signing in.</p>
        <PermissionMatrix role={PUBLIC} />
      </section>
    );
  return <NamedRole id={id} />;
}

function NamedRole({ id }: { id: string }) {
  const role = useQuery({ queryKey: ['roles', id], queryFn: () => api<Role>('GET', `/roles/${encodeURIComponent(id)}?fields=id,name,description,admin_access,app_access`) });
  if (role.error) return <Failure error={role.error} retry={() => role.refetch()} />;
  if (!role.data) return <p role="status">Loading…</p>;
  return (
    <section>
      <h1>{role.data.name}</h1>
      <RoleForm role={role.data} />
      {role.data.admin_access ? <p>Admins may do everything: their permissions below are not used.</p> : null}
      <PermissionMatrix role={id} />
    </section>
  );
}

function RoleForm({ role }: { role: Role }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = { name: data.get('name'), description: data.get('description') || null, admin_access: data.get('admin_access') === 'on', app_access: data.get('app_access') === 'on' };
    await api('PATCH', `/roles/${role.id}`, values).then(
      () => (setMessage({ text: 'Role saved.', error: false }), void queryClient.invalidateQueries({ queryKey: ['roles'] })),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  return (
    <form onSubmit={save} aria-label="Role" key={JSON.stringify(role)}>
      <label>
        Name
        <input name="name" required maxLength={100} defaultValue={role.name} />
      </label>
      <label>
        Description
        <textarea name="description" rows={2} defaultValue={role.description ?? ''} />
      </label>
      <label className="inline">
        <input type="checkbox" name="admin_access" defaultChecked={role.admin_access} /> Admin access
      </label>
      <label className="inline">
        <input type="checkbox" name="app_access" defaultChecked={role.app_access} /> App access
      </label>
      <button type="submit">Save role</button>
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </form>
  );
}
