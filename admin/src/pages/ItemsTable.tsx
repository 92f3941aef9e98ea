import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { can, useAccess } from '../access';
import { api, apiBody } from '../api';
import { buildFilter, Condition } from '../filters';
import { ColumnChooser, useColumns } from './ColumnChooser';
import { notifyDone, notifyFailed } from '../shell/notify';
import { renderTemplate, withTemplateFields } from '../display-template';
import { useCollectionName, useFieldName } from '../shell/studio-data';
import { Failure } from './Content';
import { fetchFields, Field, primaryKey, visibleFields } from './fields';
import { FilterBuilder } from './FilterBuilder';
import { useTemplates } from './templates';
import { toggled } from './sets';
import { ReadQuery } from './transfer/ExportPanel';
import { Transfer } from './transfer/Transfer';

const PAGE_SIZE = 25;

type Item = Record<string, unknown>;

/** A cell's text: a related item through its collection's template when it has one. */
function cell(value: unknown, template?: string): string {
  if (value === null || value === undefined) return '';
  if (template && typeof value === 'object') return renderTemplate(template, value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

interface ListState {
  search: string;
  sort?: string;
  page: number;
  conditions: Condition[];
}

/** What the table reads, paging aside: the chosen columns, the filter, the search and the sort (an export reads the same). */
function readQuery(fields: Field[], columns: string[], state: ListState): ReadQuery {
  const filter = buildFilter(state.conditions, (name) => fields.find((f) => f.field === name)?.type ?? 'string');
  const query: ReadQuery = { fields: columns.length ? columns : [primaryKey(fields)] };
  if (filter) query.filter = filter;
  if (state.search) query.search = state.search;
  if (state.sort) query.sort = [state.sort];
  return query;
}

/** The page of items the table shows: only the chosen columns, with the filter count for the pager. */
function useItemsPage(collection: string, fields: Field[], query: ReadQuery, page: number, templates: Map<string, string>) {
  const pk = primaryKey(fields);
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), page: String(page), meta: 'filter_count', fields: [...new Set([pk, ...withTemplateFields(query.fields, templates)])].join(',') });
  if (query.filter) params.set('filter', JSON.stringify(query.filter));
  if (query.search) params.set('search', query.search);
  if (query.sort) params.set('sort', query.sort.join(','));
  return useQuery({
    queryKey: ['items', collection, params.toString()],
    queryFn: () => apiBody<Item[]>('GET', `/items/${collection}?${params}`),
    enabled: fields.length > 0,
  });
}

/** The table's selection and its deletion: asked first, reported either way; a refused one keeps the selection to retry or narrow. */
function useBulkDelete(collection: string) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleteError, setDeleteError] = useState<string>();
  async function deleteSelected() {
    if (!window.confirm(`Delete ${selected.size} item(s) from ${collection}? This cannot be undone.`)) return;
    setDeleteError(undefined);
    try {
      await api('DELETE', `/items/${collection}`, [...selected]);
      notifyDone(selected.size === 1 ? '1 item deleted.' : `${selected.size} items deleted.`);
      setSelected(new Set());
    } catch (e) {
      setDeleteError((e as Error).message);
      notifyFailed('Not deleted', (e as Error).message);
    }
    await queryClient.invalidateQueries({ queryKey: ['items', collection] });
  }
  return { selected, setSelected, deleteSelected, deleteError };
}

/** A collection's items: chosen columns, search, filters, sort by header, paging with the total, selection and bulk delete. */
export function ItemsTable() {
  const collection = useParams().collection!;
  const access = useAccess();
  const [state, setState] = useState<ListState>({ search: '', page: 1, conditions: [] });
  const { selected, setSelected, deleteSelected, deleteError } = useBulkDelete(collection);
  const fields = useQuery({ queryKey: ['fields', collection], queryFn: () => fetchFields(collection) });
  const readable = visibleFields(fields.data ?? []);
  const [columnNames, setColumns] = useColumns(collection, readable);
  const columns = readable.filter((f) => columnNames.includes(f.field));
  const query = readQuery(fields.data ?? [], columns.map((c) => c.field), state);
  const templates = useTemplates(collection, query.fields);
  const items = useItemsPage(collection, fields.data ?? [], query, state.page, templates);
  const collectionName = useCollectionName();
  if (fields.error) return <Failure error={fields.error} retry={() => fields.refetch()} />;
  const change = (next: Partial<ListState>) => setState({ ...state, page: 1, ...next });

  return (
    <section>
      <h1>{collectionName(collection)}</h1>
      <div className="toolbar">
        <label>
          Search
          <input type="search" value={state.search} onChange={(e) => change({ search: e.target.value })} />
        </label>
        {can(access.data, collection, 'create') && <Link to={`/content/${collection}/+`}>Create item</Link>}
        {selected.size > 0 && can(access.data, collection, 'delete') && (
          <button type="button" className="danger" onClick={deleteSelected}>
            Delete {selected.size} selected
          </button>
        )}
      </div>
      {deleteError && <p role="alert">The selected items were not deleted: {deleteError}</p>}
      <Transfer key={collection} collection={collection} query={query} total={items.data?.meta?.filter_count ?? null} />
      <ColumnChooser fields={readable} columns={columnNames} onChange={setColumns} />
      <FilterBuilder fields={readable} conditions={state.conditions} onChange={(conditions) => change({ conditions })} />
      {items.error && <Failure error={items.error} retry={() => items.refetch()} />}
      <table>
        <Header columns={columns} sort={state.sort} onSort={(sort) => setState({ ...state, sort })} />
        <Rows collection={collection} items={items.data?.data ?? []} columns={columns} templates={templates} pk={primaryKey(fields.data ?? [])} selected={selected} onSelect={setSelected} />
      </table>
      <Pager page={state.page} total={items.data?.meta?.filter_count ?? 0} onPage={(page) => setState({ ...state, page })} />
    </section>
  );
}

function Header({ columns, sort, onSort }: { columns: Field[]; sort?: string; onSort: (sort: string) => void }) {
  const name = useFieldName();
  return (
    <thead>
      <tr>
        <th scope="col">Select</th>
        {columns.map((c) => (
          <th key={c.field} scope="col" aria-sort={sort === c.field ? 'ascending' : sort === `-${c.field}` ? 'descending' : 'none'}>
            <button type="button" className="secondary" onClick={() => onSort(sort === c.field ? `-${c.field}` : c.field)}>
              {name(c)}
            </button>
          </th>
        ))}
      </tr>
    </thead>
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
  templates: Map<string, string>;
  pk: string;
  selected: Set<string>;
  onSelect: (selected: Set<string>) => void;
}

function Rows({ collection, items, columns, templates, pk, selected, onSelect }: RowsProps) {
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
              <td key={c.field}>{i === 0 ? <Link to={`/content/${collection}/${encodeURIComponent(id)}`}>{cell(item[c.field], templates.get(c.field)) || id}</Link> : cell(item[c.field], templates.get(c.field))}</td>
            ))}
          </tr>
        );
      })}
      {columns.length === 0 && (
        <tr>
          <td>No columns chosen.</td>
        </tr>
      )}
    </tbody>
  );
}
