import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, apiBody } from '../api';
import { Failure } from './Content';
import { fetchFields, Field, primaryKey, visibleFields } from './fields';
import { toggled } from './sets';

const PAGE_SIZE = 25;

type Item = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A collection's items: search, sort by header, paging with the total count, selection and bulk delete. */
export function ItemsTable() {
  const collection = useParams().collection!;
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<string>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const fields = useQuery({ queryKey: ['fields', collection], queryFn: () => fetchFields(collection) });
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), page: String(page), meta: 'filter_count' });
  if (search) params.set('search', search);
  if (sort) params.set('sort', sort);
  const items = useQuery({
    queryKey: ['items', collection, params.toString()],
    queryFn: () => apiBody<Item[]>('GET', `/items/${collection}?${params}`),
  });
  if (fields.error) return <Failure error={fields.error} retry={() => fields.refetch()} />;
  const columns = visibleFields(fields.data ?? []);
  const pk = primaryKey(fields.data ?? []);
  const total = items.data?.meta?.filter_count ?? 0;

  async function deleteSelected() {
    if (!window.confirm(`Delete ${selected.size} item(s)? This cannot be undone.`)) return;
    await api('DELETE', `/items/${collection}`, [...selected]);
    setSelected(new Set());
    await queryClient.invalidateQueries({ queryKey: ['items', collection] });
  }

  return (
    <section>
      <h1>{collection}</h1>
      <div className="toolbar">
        <label>
          Search
          <input type="search" value={search} onChange={(e) => (setSearch(e.target.value), setPage(1))} />
        </label>
        <Link to={`/content/${collection}/+`}>Create item</Link>
        {selected.size > 0 && (
          <button type="button" className="danger" onClick={deleteSelected}>
            Delete {selected.size} selected
          </button>
        )}
      </div>
      {items.error && <Failure error={items.error} retry={() => items.refetch()} />}
      <table>
        <thead>
          <tr>
            <th scope="col">Select</th>
            {columns.map((c) => (
              <th key={c.field} scope="col" aria-sort={sort === c.field ? 'ascending' : sort === `-${c.field}` ? 'descending' : 'none'}>
                <button type="button" className="secondary" onClick={() => setSort(sort === c.field ? `-${c.field}` : c.field)}>
                  {c.field}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <Rows collection={collection} items={items.data?.data ?? []} columns={columns} pk={pk} selected={selected} onSelect={setSelected} />
      </table>
      <Pager page={page} total={total} onPage={setPage} />
    </section>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  return (
    <div className="toolbar">
      <p role="status">{total === 1 ? '1 item' : `${total} items`}</p>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <button type="button" className="secondary" disabled={page * PAGE_SIZE >= total} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </div>
  );
}

interface RowsProps {
  collection: string;
  items: Item[];
  columns: Field[];
  pk: string;
  selected: Set<string>;
  onSelect: (selected: Set<string>) => void;
}

function Rows({ collection, items, columns, pk, selected, onSelect }: RowsProps) {
  return (
    <tbody>
      {items.map((item) => {
        const id = String(item[pk]);
        return (
          <tr key={id}>
            <td>
              <input type="checkbox" aria-label={`Select item ${id}`} checked={selected.has(id)} onChange={() => onSelect(toggled(selected, id))} />
            </td>
            {columns.map((c, i) => (
              <td key={c.field}>{i === 0 ? <Link to={`/content/${collection}/${encodeURIComponent(id)}`}>{cell(item[c.field]) || id}</Link> : cell(item[c.field])}</td>
            ))}
          </tr>
        );
      })}
    </tbody>
  );
}
