import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shown } from '../../access-rows';
import { api } from '../../api';
import { Failure } from '../../shell/Failure';
import { CreateForm, useRemoval } from '../list-actions';
import { TableHead } from '../TableHead';
import { Policy, policyValues, usePolicies } from './policy';

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/** The policies with what they grant as a whole, a new policy, and deleting one. */
export function PoliciesList() {
  const { t } = useTranslation('policies');
  const policies = usePolicies();
  const { remove, message } = useRemoval('policies');
  if (policies.error) return <Failure error={policies.error} retry={() => void policies.refetch()} />;
  return (
    <section>
      <h1>{t('title')}</h1>
      <p>
        {t('intro')} <Link to="/roles">{t('roles')}</Link> {t('introUsers')}
      </p>
      <CreateForm namespace="policies" create={(form) => api<Policy>('POST', '/policies', policyValues(form))}>
        <label className="inline">
          <input type="checkbox" name="app_access" defaultChecked /> {t('roles:appAccess')}
        </label>
      </CreateForm>
      {message}
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
                <button
                  type="button"
                  className="danger"
                  onClick={() => void remove(`/policies/${p.id}`, shown(p.name))}
                >
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
