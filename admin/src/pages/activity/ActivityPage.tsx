import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiBody } from '../../api';
import { Failure } from '../Content';
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

/** Who did what: the activity log, newest first, filtered by user, collection and action, each linking to its item. */
export function ActivityPage() {
  const [filters, setFilters] = useState({ user: '', collection: '', action: '' });
  const [page, setPage] = useState(1);
  const conditions = [
    filters.user && { user: { email: { _icontains: filters.user } } },
    filters.collection && { collection: { _eq: filters.collection } },
    filters.action && { action: { _eq: filters.action } },
  ].filter(Boolean);
  const params = new URLSearchParams({ fields: 'id,action,timestamp,collection,item,user.email', sort: '-timestamp', limit: String(PAGE_SIZE), page: String(page), meta: 'filter_count' });
  if (conditions.length) params.set('filter', JSON.stringify({ _and: conditions }));
  const activity = useQuery({ queryKey: ['activity', params.toString()], queryFn: () => apiBody<Activity[]>('GET', `/activity?${params}`) });
  const set = (key: keyof typeof filters, value: string) => (setFilters({ ...filters, [key]: value }), setPage(1));
  const total = activity.data?.meta?.filter_count ?? 0;
  return (
    <section>
      <h1>Activity</h1>
      <div className="toolbar">
        <label>
          User email contains
          <input type="search" value={filters.user} onChange={(e) => set('user', e.target.value)} />
        </label>
        <label>
          Collection
          <input value={filters.collection} onChange={(e) => set('collection', e.target.value)} />
        </label>
        <label>
          Action
          <select value={filters.action} onChange={(e) => set('action', e.target.value)}>
            <option value="">Any</option>
            {ACTIONS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </label>
      </div>
      {activity.error && <Failure error={activity.error} retry={() => activity.refetch()} />}
      <p role="status">{total === 1 ? '1 entry' : `${total} entries`}</p>
      <ActivityTable entries={activity.data?.data ?? []} />
      <div className="toolbar">
        <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Newer
        </button>
        <button type="button" className="secondary" disabled={page * PAGE_SIZE >= total} onClick={() => setPage(page + 1)}>
          Older
        </button>
      </div>
    </section>
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
  return (
    <table aria-label="Activity">
      <TableHead labels={['When', 'User', 'Action', 'Collection', 'Item']} />
      <tbody>
        {entries.map((entry) => {
          const link = itemLink(entry);
          return (
            <tr key={entry.id}>
              <td>{entry.timestamp?.slice(0, 19).replace('T', ' ')}</td>
              <td>{entry.user?.email ?? ''}</td>
              <td>{entry.action}</td>
              <td>{entry.collection}</td>
              <td>{link ? <Link to={link}>{entry.item}</Link> : entry.item}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
