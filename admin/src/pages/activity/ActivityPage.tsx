import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatNumber } from '../../format';
import { apiBody } from '../../api';
import { Failure } from '../../shell/Failure';
import type { UserRow } from '../users/UsersList';
import { TableHead } from '../TableHead';

interface Activity {
  id: number;
  action: string;
  timestamp: string;
  collection: string;
  item: string;
  user: UserRow | null;
}

const ACTIONS = ['create', 'update', 'delete', 'login', 'run'];
const PAGE_SIZE = 50;

type Filters = { user: string; collection: string; action: string };

/** One page of the log, newest first, under the filters that are set. */
function useActivity(filters: Filters, page: number) {
  const conditions = [
    filters.user && { user: { email: { _icontains: filters.user } } },
    filters.collection && { collection: { _eq: filters.collection } },
    filters.action && { action: { _eq: filters.action } },
  ].filter(Boolean);
  const params = new URLSearchParams({
    fields: 'id,action,timestamp,collection,item,user.email',
    sort: '-timestamp',
    limit: String(PAGE_SIZE),
    page: String(page),
    meta: 'filter_count',
  });
  if (conditions.length) params.set('filter', JSON.stringify({ _and: conditions }));
  return useQuery({
    queryKey: ['activity', params.toString()],
    queryFn: () => apiBody<Activity[]>('GET', `/activity?${params}`),
  });
}

/** Who did what: the activity log, newest first, filtered by user, collection and action, each linking to its item. */
export function ActivityPage() {
  const { t, i18n } = useTranslation('activity');
  const [filters, setFilters] = useState<Filters>({ user: '', collection: '', action: '' });
  const [page, setPage] = useState(1);
  const activity = useActivity(filters, page);
  const set = (key: keyof typeof filters, value: string) => (setFilters({ ...filters, [key]: value }), setPage(1));
  const total = activity.data?.meta?.filter_count ?? 0;
  return (
    <section>
      <h1>{t('title')}</h1>
      <FilterBar filters={filters} onSet={set} />
      {activity.error && <Failure error={activity.error} retry={() => void activity.refetch()} />}
      <p role="status">{t('entries', { count: total, formatted: formatNumber(total, i18n.language) })}</p>
      <ActivityTable entries={activity.data?.data ?? []} />
      <div className="toolbar">
        <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('newer')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={page * PAGE_SIZE >= total}
          onClick={() => setPage(page + 1)}
        >
          {t('older')}
        </button>
      </div>
    </section>
  );
}

function FilterBar({ filters, onSet: set }: { filters: Filters; onSet: (key: keyof Filters, value: string) => void }) {
  const { t } = useTranslation('activity');
  return (
    <div className="toolbar">
      <label>
        {t('userEmail')}
        <input type="search" value={filters.user} onChange={(e) => set('user', e.target.value)} />
      </label>
      <label>
        {t('collection')}
        <input value={filters.collection} onChange={(e) => set('collection', e.target.value)} />
      </label>
      <label>
        {t('action')}
        <select value={filters.action} onChange={(e) => set('action', e.target.value)}>
          <option value="">{t('any')}</option>
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`actions.${a}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Items of user collections link to their form; system ones (users, files) to their own pages. */
function itemLink(entry: Activity): string | null {
  if (entry.action === 'delete' || !entry.item) return null;
  if (entry.collection === 'svc_files') return `/files/${entry.item}`;
  if (entry.collection === 'svc_users') return `/users/${entry.item}`;
  return entry.collection.startsWith('svc_') ? null : `/content/${entry.collection}/${encodeURIComponent(entry.item)}`;
}

function ActivityTable({ entries }: { entries: Activity[] }) {
  const { t, i18n } = useTranslation('activity');
  return (
    <table aria-label={t('title')}>
      <TableHead labels={[t('when'), t('user'), t('action'), t('collection'), t('item')]} />
      <tbody>
        {entries.map((entry) => {
          const link = itemLink(entry);
          return (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp, i18n.language)}</time>
              </td>
              <td>{entry.user?.email ?? ''}</td>
              <td>{t(`actions.${entry.action}`, { defaultValue: entry.action })}</td>
              <td>{entry.collection}</td>
              <td>{link ? <Link to={link}>{entry.item}</Link> : entry.item}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
