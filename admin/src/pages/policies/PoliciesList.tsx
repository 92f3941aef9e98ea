import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('policies');
  const policies = usePolicies();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<Message>();
  if (policies.error) return <Failure error={policies.error} retry={() => void policies.refetch()} />;
  async function remove(policy: Policy) {
    const name = shown(policy.name);
    if (!window.confirm(t('deleteConfirm', { name }))) return;
    await api('DELETE', `/policies/${policy.id}`).then(
      () => (
        setMessage({ text: t('deleted', { name }), error: false }),
        void queryClient.invalidateQueries({ queryKey: ['policies'] })
      ),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  return (
    <section>
      <h1>{t('title')}</h1>
      <p>
        {t('intro')} <Link to="/roles">{t('roles')}</Link> {t('introUsers')}
      </p>
      <CreatePolicy />
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
      <table aria-label={t('title')}>
        <TableHead
          labels={[
            t('name'),
            t('description'),
            t('roles:adminAccess'),
            t('roles:appAccess'),
            t('tfaEnforced'),
            t('roles:actions'),
          ]}
        />
        <tbody>
          {policies.data?.map((p) => (
            <tr key={p.id}>
              <td>
                <Link to={`/policies/${p.id}`}>{shown(p.name)}</Link>
              </td>
              <td>{shown(p.description)}</td>
              <td>{t(`roles:${yesNo(p.admin_access)}`)}</td>
              <td>{t(`roles:${yesNo(p.app_access)}`)}</td>
              <td>{t(`roles:${yesNo(p.enforce_tfa)}`)}</td>
              <td>
                <button type="button" className="danger" onClick={() => void remove(p)}>
                  {t('delete', { name: shown(p.name) })}
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
  const { t } = useTranslation('policies');
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
        <input type="checkbox" name="app_access" defaultChecked /> {t('roles:appAccess')}
      </label>
      <button type="submit">{t('createButton')}</button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
