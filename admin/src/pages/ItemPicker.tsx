import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBody } from '../api';
import { useCollectionName } from '../shell/studio-data';
import { CollectionShape, Item, useCollectionShape } from './collection-shape';
import { RelationDialog } from './RelationDialog';

export const PICKER_PAGE = 10;

/** A chosen item: its key, and its name as the collection's display template makes it. */
export interface Picked {
  key: string | number;
  label: string;
}

interface Props {
  collection: string;
  opened: boolean;
  multiple: boolean;
  /** Keys already chosen, offered no more. */
  exclude?: Set<string>;
  onClose: () => void;
  onChoose: (items: Picked[]) => void;
}

/** A dialog listing a collection's items by their display template, searched and paged; one is chosen, or several. */
export function ItemPicker({ collection, opened, multiple, exclude, onClose, onChoose }: Props) {
  const { t } = useTranslation('relations');
  const collectionName = useCollectionName()(collection);
  return (
    <RelationDialog
      opened={opened}
      onClose={onClose}
      title={t(multiple ? 'picker.titleMany' : 'picker.titleOne', { collection: collectionName })}
    >
      {opened && (
        <PickerBody
          collection={collection}
          multiple={multiple}
          exclude={exclude}
          onChoose={(items) => (onChoose(items), onClose())}
        />
      )}
    </RelationDialog>
  );
}

/** One page of the collection's items, found by the search when there is one. */
function usePickerRows(collection: string, shape: CollectionShape, search: string, page: number) {
  const params = new URLSearchParams({
    limit: String(PICKER_PAGE),
    page: String(page),
    fields: shape.fields,
    meta: 'filter_count',
    sort: shape.pk,
  });
  if (search) params.set('search', search);
  return useQuery({
    queryKey: ['items', collection, 'picker', params.toString()],
    queryFn: () => apiBody<Item[]>('GET', `/items/${collection}?${params}`),
    enabled: shape.ready,
  });
}

function PickerPages({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('relations');
  return (
    <nav className="toolbar" aria-label={t('picker.pages')}>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('picker.previous')}
      </button>
      <span role="status">{t('picker.page', { page, pages })}</span>
      <button type="button" className="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('picker.next')}
      </button>
    </nav>
  );
}

function PickerBody({
  collection,
  multiple,
  exclude,
  onChoose,
}: Pick<Props, 'collection' | 'multiple' | 'exclude' | 'onChoose'>) {
  const { t } = useTranslation('relations');
  const collectionName = useCollectionName()(collection);
  const shape = useCollectionShape(collection);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Item[]>([]);
  const choose = (items: Item[]) =>
    onChoose(items.map((item) => ({ key: item[shape.pk] as Picked['key'], label: shape.name(item) })));
  const rows = usePickerRows(collection, shape, search, page);
  const pages = Math.max(1, Math.ceil((rows.data?.meta?.filter_count ?? 0) / PICKER_PAGE));
  const isPicked = (item: Item) => picked.some((p) => p[shape.pk] === item[shape.pk]);
  const toggle = (item: Item) =>
    setPicked(isPicked(item) ? picked.filter((p) => p[shape.pk] !== item[shape.pk]) : [...picked, item]);
  const offered = (rows.data?.data ?? []).filter((item) => !exclude?.has(String(item[shape.pk])));
  return (
    <div className="picker">
      <label>
        {t('picker.search', { collection: collectionName })}
        <input type="search" value={search} onChange={(e) => (setSearch(e.target.value), setPage(1))} data-autofocus />
      </label>
      {rows.isSuccess && offered.length === 0 && <p>{t('picker.none')}</p>}
      <ul className="choices" aria-label={t('picker.results')}>
        {offered.map((item) => (
          <li key={String(item[shape.pk])}>
            {multiple ? (
              <label className="inline">
                <input type="checkbox" checked={isPicked(item)} onChange={() => toggle(item)} /> {shape.name(item)}
              </label>
            ) : (
              <button type="button" className="secondary" onClick={() => choose([item])}>
                {t('picker.choose', { name: shape.name(item) })}
              </button>
            )}
          </li>
        ))}
      </ul>
      <PickerPages page={page} pages={pages} onPage={setPage} />
      {multiple && (
        <button type="button" disabled={picked.length === 0} onClick={() => choose(picked)}>
          {t('picker.addPicked', { count: picked.length })}
        </button>
      )}
    </div>
  );
}
