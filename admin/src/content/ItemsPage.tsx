import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { ItemsTable } from './ItemsTable';
import { Pager } from './Pager';
import { itemsPath, primaryKey, useFields, valueFields } from './schema';

const PAGE_SIZE = 25;
const MAX_COLUMNS = 6;

/** A collection's items: paged with the total count, sorted by a header, searched; the state lives in the URL. */
export default function ItemsPage() {
  const collection = useParams().collection!;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sort = params.get('sort') ?? '';
  const search = params.get('search') ?? '';
  const [searchText, setSearchText] = useState(search);
  const fields = useFields(collection);
  const columns = valueFields(fields.data ?? []).slice(0, MAX_COLUMNS);
  const pk = primaryKey(fields.data ?? []);

  const items = useQuery({
    queryKey: ['items', collection, page, sort, search],
    enabled: fields.isSuccess,
    placeholderData: keepPreviousData,
    queryFn: () => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), page: String(page), meta: 'filter_count' });
      if (sort) query.set('sort', sort);
      if (search) query.set('search', search);
      return api<Record<string, unknown>[]>('GET', `${itemsPath(collection)}?${query}`);
    },
  });
  const total = items.data?.meta?.filter_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) if (value) next.set(key, value); else next.delete(key);
    setParams(next);
  }
  function submitSearch(e: FormEvent) {
    e.preventDefault();
    update({ search: searchText, page: '' });
  }

  return (
    <>
      <h1>{collection}</h1>
      <div className="toolbar">
        <form role="search" onSubmit={submitSearch}>
          <label htmlFor="search">Search</label> <input id="search" type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} />{' '}
          <button type="submit">Search</button>
        </form>
        <Link to={`/content/${encodeURIComponent(collection)}/+`}>Create item</Link>
      </div>
      <ErrorMessage error={fields.error ?? items.error} onRetry={() => void (fields.error ? fields.refetch() : items.refetch())} />
      <ItemsTable collection={collection} columns={columns} pk={pk} items={items.data?.data ?? []} sort={sort} onSort={(next) => update({ sort: next, page: '' })} />
      <Pager page={page} pages={pages} total={total} onPage={(next) => update({ page: String(next) })} />
    </>
  );
}
