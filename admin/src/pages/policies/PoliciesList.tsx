import { useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { shown } from '../../access-rows';
import { api, ApiError } from '../../api';
import { Failure } from '../Content';
import { TableHead } from '../TableHead';
import { Policy, policyValues, usePolicies } from './policy';

type Message = { text: string; error: boolean };

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/** The policies with what they grant as a whole, a new policy, and deleting one. */
export function PoliciesList() {
  const policies = usePolicies();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<Message>();
  if (policies.error) return <Failure error={policies.error} retry={() => policies.refetch()} />;
  async function remove(policy: Policy) {
    const name = shown(policy.name);
    if (!window.confirm(`Delete the policy "${name}"? Its permissions go with it, and the roles and users it is attached to lose what it grants.`)) return;
    await api('DELETE', `/policies/${policy.id}`).then(
      () => (setMessage({ text: `Policy ${name} deleted.`, error: false }), void queryClient.invalidateQueries({ queryKey: ['policies'] })),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  return (
    <section>
      <h1>Policies</h1>
      <p>
        A policy grants permissions on collections; attach it to <Link to="/roles">roles</Link> and to users.
      </p>
      <CreatePolicy />
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
      <table aria-label="Policies">
        <TableHead labels={['Name', 'Description', 'Admin access', 'App access', 'Two-factor enforced', 'Actions']} />
        <tbody>
          {policies.data?.map((p) => (
            <tr key={p.id}>
              <td>
                <Link to={`/policies/${p.id}`}>{shown(p.name)}</Link>
              </td>
              <td>{shown(p.description)}</td>
              <td>{yesNo(p.admin_access)}</td>
              <td>{yesNo(p.app_access)}</td>
              <td>{yesNo(p.enforce_tfa)}</td>
              <td>
                <button type="button" className="danger" onClick={() => void remove(p)}>
                  Delete {shown(p.name)}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A new policy, opened at once to set its permissions and attach it. */
function CreatePolicy() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await api<Policy>('POST', '/policies', policyValues(event.currentTarget)).then(
      (policy) => (void queryClient.invalidateQueries({ queryKey: ['policies'] }), navigate(`/policies/${policy.id}`)),
      (e: ApiError) => setError(e.message),
    );
  }
  return (
    <form className="toolbar" onSubmit={create} aria-label="Create a policy">
      <label>
        Name of the new policy
        <input name="name" required maxLength={100} />
      </label>
      <label>
        Description of the new policy
        <input name="description" />
      </label>
      <label className="inline">
        <input type="checkbox" name="app_access" defaultChecked /> App access
      </label>
      <button type="submit">Create policy</button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
