import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { AccessRow, bySort, shown } from '../../access-rows';
import { api, ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import { PermissionMatrix } from '../roles/PermissionMatrix';
import { PUBLIC_POLICY } from '../roles/rules';
import { PolicyAttachments } from './PolicyAttachments';
import { Policy, POLICY_FIELDS, policyValues } from './policy';

type PolicyWithAccess = Policy & { roles: AccessRow[]; users: AccessRow[] };

const ACCESS_FIELDS = [
  ...['id', 'sort', 'role.id', 'role.name'].map((f) => `roles.${f}`),
  ...['id', 'sort', 'user.id', 'user.email'].map((f) => `users.${f}`),
].join(',');

/** One policy: its name and flags, the roles and users it is attached to, and its permissions per collection. */
export function PolicyPage() {
  const { t } = useTranslation('policies');
  const id = useParams().id!;
  const policy = useQuery({
    queryKey: ['policies', id],
    queryFn: () =>
      api<PolicyWithAccess>('GET', `/policies/${encodeURIComponent(id)}?fields=${POLICY_FIELDS},${ACCESS_FIELDS}`),
  });
  if (policy.error) return <Failure error={policy.error} retry={() => void policy.refetch()} />;
  if (!policy.data) return <p role="status">{t('common:loading')}</p>;
  return (
    <section>
      <h1>{shown(policy.data.name)}</h1>
      {id === PUBLIC_POLICY && <p>{t('publicIntro')}</p>}
      <PolicyForm policy={policy.data} />
      {policy.data.admin_access ? <p>{t('adminsDoAll')}</p> : null}
      <PolicyAttachments
        policy={id}
        roles={bySort(policy.data.roles)}
        users={bySort(policy.data.users)}
        onChange={() => void policy.refetch()}
      />
      <PermissionMatrix policy={id} />
    </section>
  );
}

function PolicyForm({ policy }: { policy: Policy }) {
  const { t } = useTranslation('policies');
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await api('PATCH', `/policies/${policy.id}`, policyValues(event.currentTarget)).then(
      () => (
        setMessage({ text: t('saved'), error: false }),
        void queryClient.invalidateQueries({ queryKey: ['policies'] })
      ),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  const flag = (name: 'admin_access' | 'app_access' | 'enforce_tfa', label: string) => (
    <label className="inline">
      <input type="checkbox" name={name} defaultChecked={policy[name]} /> {label}
    </label>
  );
  return (
    <form onSubmit={(event) => void save(event)} aria-label={t('policy')} key={JSON.stringify(policy)}>
      <label>
        {t('name')}
        <input name="name" required maxLength={100} defaultValue={policy.name} />
      </label>
      <label>
        {t('icon')}
        <input name="icon" maxLength={64} defaultValue={policy.icon ?? ''} />
      </label>
      <label>
        {t('description')}
        <textarea name="description" rows={2} defaultValue={policy.description ?? ''} />
      </label>
      <label>
        {t('ipAccess')}
        <input name="ip_access" defaultValue={policy.ip_access?.join(', ') ?? ''} />
      </label>
      {flag('admin_access', t('roles:adminAccess'))}
      {flag('app_access', t('roles:appAccess'))}
      {flag('enforce_tfa', t('enforceTfa'))}
      <button type="submit">{t('save')}</button>
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </form>
  );
}
