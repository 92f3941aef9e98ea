import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { can, useAccess } from '../access';
import { api, apiBody } from '../api';
import { buildFilter } from '../filters';
import { ColumnChooser } from './ColumnChooser';
import { notifyDone, notifyFailed } from '../shell/notify';
import { withTemplateFields } from '../display-template';
import { useCollectionName, useCollections } from '../shell/studio-data';
import { Failure } from '../shell/Failure';
import { fetchFields, Field, primaryKey, visibleFields } from '../fields';
import { FilterBuilder } from './FilterBuilder';
import { BookmarkBar } from './grid/BookmarkBar';
import { GridTable } from './grid/GridTable';
import {
  allOf,
  archiveFilter,
  ArchiveMode,
  bookmarkOf,
  GridState,
  layoutOf,
  pageCount,
  stateOf,
} from './grid/grid-state';
import { defaultPreset, useLayoutSaver, usePresets } from '../shell/presets';
import { useTemplates } from './templates';
import { ReadQuery } from './transfer/ExportPanel';
import { Transfer } from './transfer/Transfer';

const PAGE_SIZE = 25;

type Item = Record<string, unknown>;

/** What the collection's `meta` says about ordering and archiving its rows. */
interface Behaviour {
  sortField?: string | null;
  archiveField?: string | null;
  archiveValue?: unknown;
}

/** What the table reads, paging aside: the chosen columns, the filter (with the archive mode), the search and the sort; an export reads the same. */
function readQuery(fields: Field[], state: GridState, behaviour: Behaviour): ReadQuery {
  const conditions = buildFilter(state.conditions, (name) => fields.find((f) => f.field === name)?.type ?? 'string');
  const filter = allOf(conditions, archiveFilter(state.archive, behaviour.archiveField, behaviour.archiveValue));
  const query: ReadQuery = { fields: state.columns.length ? state.columns : [primaryKey(fields)] };
  if (filter) query.filter = filter;
  if (state.search) query.search = state.search;
  const sort = state.sort ?? behaviour.sortField;
  if (sort) query.sort = [sort];
  return query;
}

/** One page of items: only the chosen columns, with the filter count for the pager; never the whole collection. */
function useItemsPage(collection: string, pk: string, query: ReadQuery, page: number, templates: Map<string, string>) {
  const params = new URLSearchParams({
    limit: String(PAGE_SIZE),
    page: String(page),
    meta: 'filter_count',
    fields: [...new Set([pk, ...withTemplateFields(query.fields, templates)])].join(','),
  });
  if (query.filter) params.set('filter', JSON.stringify(query.filter));
  if (query.search) params.set('search', query.search);
  if (query.sort) params.set('sort', query.sort.join(','));
  return useQuery({
    queryKey: ['items', collection, params.toString()],
    queryFn: () => apiBody<Item[]>('GET', `/items/${collection}?${params}`),
    placeholderData: (previous) => previous,
  });
}

/** The table's selection and its deletion: asked first, reported either way; a refused one keeps the selection to retry or narrow. */
function useBulkDelete(collection: string) {
  const { t } = useTranslation('grid');
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleteError, setDeleteError] = useState<string>();
  async function deleteSelected() {
    if (!window.confirm(t('confirmDelete', { count: selected.size, collection }))) return;
    setDeleteError(undefined);
    try {
      await api('DELETE', `/items/${collection}`, [...selected]);
      notifyDone(t('deleted', { count: selected.size }));
      setSelected(new Set());
    } catch (e) {
      setDeleteError((e as Error).message);
      notifyFailed(t('notDeleted'), (e as Error).message);
    }
    await queryClient.invalidateQueries({ queryKey: ['items', collection] });
  }
  return { selected, setSelected, deleteSelected, deleteError };
}

/** A collection's table, once its fields and the user's presets are known: opened as the default layout or a bookmark says. */
export function ItemsTable() {
  const { t } = useTranslation('grid');
  const collection = useParams().collection!;
  const bookmarkId = useSearchParams()[0].get('bookmark');
  const fields = useQuery({ queryKey: ['fields', collection], queryFn: () => fetchFields(collection) });
  const presets = usePresets();
  const collections = useCollections();
  if (fields.error) return <Failure error={fields.error} retry={() => void fields.refetch()} />;
  // Without presets (refused or failed) the table still opens, in the default layout.
  const saved = presets.data ?? (presets.error ? [] : undefined);
  const described = collections.data ?? (collections.error ? [] : undefined);
  if (!fields.data || !saved || !described) return <p role="status">{t('loading')}</p>;
  const meta = described.find((c) => c.collection === collection)?.meta as
    (Record<string, unknown> & { sort_field?: string; archive_field?: string }) | null | undefined;
  const behaviour: Behaviour = {
    sortField: meta?.sort_field,
    archiveField: meta?.archive_field,
    archiveValue: meta?.archive_value,
  };
  const bookmark = bookmarkId
    ? saved.find((p) => String(p.id) === bookmarkId && p.collection === collection && p.bookmark !== null)
    : undefined;
  if (bookmarkId && !bookmark) return <p role="alert">{t('bookmarkMissing')}</p>;
  return (
    <Grid
      key={bookmarkId ?? ''}
      collection={collection}
      fields={fields.data}
      behaviour={behaviour}
      preset={bookmark ?? defaultPreset(saved, collection)}
      onBookmark={Boolean(bookmark)}
    />
  );
}

interface GridProps {
  collection: string;
  fields: Field[];
  behaviour: Behaviour;
  preset: ReturnType<typeof defaultPreset>;
  onBookmark: boolean;
}

/**
 * Moves an item to another's place through the sort field, then reads the page again; only where the table is
 * sorted by that field and the user may update.
 */
function useManualOrder(collection: string, behaviour: Behaviour, sort: string | undefined) {
  const { t } = useTranslation('grid');
  const queryClient = useQueryClient();
  const access = useAccess();
  const move = async (item: string, to: string) => {
    try {
      await api('POST', `/utils/sort/${collection}`, { item, to });
    } catch (e) {
      notifyFailed(t('notMoved'), (e as Error).message);
    }
    await queryClient.invalidateQueries({ queryKey: ['items', collection] });
  };
  const manual =
    Boolean(behaviour.sortField) && (!sort || sort === behaviour.sortField) && can(access.data, collection, 'update');
  return manual ? (item: string, to: string) => void move(item, to) : undefined;
}

/** The table's state and its page; a change of columns or widths is kept as the user's default layout. */
function useGridState({ collection, fields, behaviour, preset, onBookmark }: GridProps) {
  const names = visibleFields(fields).map((f) => f.field);
  const [state, setState] = useState<GridState>(() =>
    stateOf(preset, names, {
      columns: names,
      widths: {},
      search: '',
      conditions: [],
      archive: behaviour.archiveField ? 'active' : 'all',
    }),
  );
  const [page, setPage] = useState(1);
  const saveLayout = useLayoutSaver(collection, onBookmark ? undefined : preset);
  const change = (next: Partial<GridState>) => {
    setState({ ...state, ...next });
    setPage(1);
  };
  // On a bookmark, columns and widths stay there until saved to it.
  const changeLayout = (next: Partial<GridState>) => {
    const merged = { ...state, ...next };
    setState(merged);
    if (!onBookmark) saveLayout(layoutOf(merged));
  };
  return { state, setState, page, setPage, change, changeLayout };
}

/** A collection's items: columns chosen and ordered, search, filters, archive mode, sort by header or by hand, paging, selection and bulk delete. */
function Grid(props: GridProps) {
  const { collection, fields, behaviour, preset, onBookmark } = props;
  const { t } = useTranslation('grid');
  const readable = visibleFields(fields);
  const { state, setState, page, setPage, change, changeLayout } = useGridState(props);
  const { selected, setSelected, deleteSelected, deleteError } = useBulkDelete(collection);
  const columns = state.columns.map((c) => readable.find((f) => f.field === c)).filter((f): f is Field => Boolean(f));
  const query = readQuery(fields, state, behaviour);
  const templates = useTemplates(collection, query.fields);
  const pk = primaryKey(fields);
  const items = useItemsPage(collection, pk, query, page, templates);
  const collectionName = useCollectionName();
  const onMove = useManualOrder(collection, behaviour, state.sort);
  const typeOf = (name: string) => fields.find((f) => f.field === name)?.type ?? 'string';
  return (
    <section>
      <h1>{collectionName(collection)}</h1>
      <BookmarkBar
        collection={collection}
        bookmark={onBookmark ? preset : undefined}
        current={() => bookmarkOf(state, typeOf)}
      />
      <GridToolbar
        collection={collection}
        state={state}
        archives={Boolean(behaviour.archiveField)}
        selected={selected.size}
        onChange={change}
        onDeleteSelected={() => void deleteSelected()}
      />
      {deleteError && <p role="alert">{t('deleteError', { message: deleteError })}</p>}
      <Transfer key={collection} collection={collection} query={query} total={items.data?.meta?.filter_count ?? null} />
      <ColumnChooser fields={readable} columns={state.columns} onChange={(next) => changeLayout({ columns: next })} />
      <FilterBuilder
        fields={readable}
        conditions={state.conditions}
        onChange={(conditions) => change({ conditions })}
      />
      {items.error && <Failure error={items.error} retry={() => void items.refetch()} />}
      <GridTable
        collection={collection}
        items={items.data?.data ?? []}
        columns={columns}
        widths={state.widths}
        onWidths={(widths) => changeLayout({ widths })}
        sort={state.sort}
        onSort={(sort) => setState({ ...state, sort })}
        templates={templates}
        pk={pk}
        selected={selected}
        onSelect={setSelected}
        onMove={onMove}
      />
      <Pager page={page} total={items.data?.meta?.filter_count ?? 0} onPage={setPage} />
    </section>
  );
}

interface ToolbarProps {
  collection: string;
  state: GridState;
  /** Whether the collection has an archive field, so the table may show archived items or not. */
  archives: boolean;
  selected: number;
  onChange: (next: Partial<GridState>) => void;
  onDeleteSelected: () => void;
}

/** Search, archive mode, a new item and deleting the selected ones. */
function GridToolbar({ collection, state, archives, selected, onChange: change, onDeleteSelected }: ToolbarProps) {
  const { t } = useTranslation('grid');
  const access = useAccess();
  return (
    <div className="toolbar">
      <label>
        {t('search')}
        <input type="search" value={state.search} onChange={(e) => change({ search: e.target.value })} />
      </label>
      {archives && <ArchiveSelect value={state.archive} onChange={(archive) => change({ archive })} />}
      {can(access.data, collection, 'create') && <Link to={`/content/${collection}/+`}>{t('create')}</Link>}
      {selected > 0 && can(access.data, collection, 'delete') && (
        <button type="button" className="danger" onClick={onDeleteSelected}>
          {t('deleteSelected', { count: selected })}
        </button>
      )}
    </div>
  );
}

function ArchiveSelect({ value, onChange }: { value: ArchiveMode; onChange: (mode: ArchiveMode) => void }) {
  const { t } = useTranslation('grid');
  return (
    <label>
      {t('archive.label')}
      <select value={value} onChange={(e) => onChange(e.target.value as ArchiveMode)}>
        <option value="active">{t('archive.active')}</option>
        <option value="archived">{t('archive.archived')}</option>
        <option value="all">{t('archive.all')}</option>
      </select>
    </label>
  );
}

/** The total, where the page stands among all pages, and moves to the first, previous, next and last page. */
function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('grid');
  const pages = pageCount(total, PAGE_SIZE);
  return (
    <nav className="toolbar" aria-label={t('pages')}>
      <p role="status">{t('items', { count: total })}</p>
      <p>{t('pageOf', { page, pages })}</p>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(1)}>
        {t('firstPage')}
      </button>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previousPage')}
      </button>
      <button type="button" className="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('nextPage')}
      </button>
      <button type="button" className="secondary" disabled={page >= pages} onClick={() => onPage(pages)}>
        {t('lastPage')}
      </button>
    </nav>
  );
}
