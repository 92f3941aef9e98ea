import { jsonText } from '../format';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import type { ListEntry } from '../relation-changes';
import type { ListKind } from '../relations';
import { useCollectionName, useCollections } from '../shell/studio-data';
import { renderTemplate } from '../display-template';
import { Item, useCollectionShape } from './collection-shape';

const enc = encodeURIComponent;

/** The collection a list's items live in: the rows themselves (o2m), or the junction's other side (m2m). */
export function listTarget(kind: ListKind): string {
  return kind.kind === 'o2m' ? kind.rows : kind.kind === 'm2m' ? kind.related : '';
}

/** A many-to-any item named without its collection's fields at hand: its template, else its first text, else its key. */
function anyName(item: unknown, template: string | null | undefined): string {
  if (item === null || typeof item !== 'object') return jsonText(item ?? '');
  const row = item as Item;
  const text = template
    ? renderTemplate(template, row)
    : Object.values(row).find((v) => typeof v === 'string' && v !== '');
  return jsonText(text || (row.id ?? ''));
}

/** The rows a list field holds for `itemId`, in their order, as entries the list editor arranges. */
export function useListRows(kind: ListKind, itemId: string) {
  const rows = useCollectionShape(kind.rows);
  const target = useCollectionShape(listTarget(kind));
  const collections = useCollections();
  const collectionName = useCollectionName();
  const fields = [rows.pk, ...(kind.sortField ? [kind.sortField] : [])];
  if (kind.kind === 'o2m') fields.push(...rows.paths);
  if (kind.kind === 'm2m') fields.push(...target.paths.map((p) => `${kind.junctionField}.${p}`));
  if (kind.kind === 'm2a') fields.push(kind.collectionField, ...kind.allowed.map((c) => `${kind.itemField}:${c}.*`));
  const params = new URLSearchParams({
    limit: '-1',
    fields: fields.join(','),
    sort: kind.sortField ?? rows.pk,
    filter: JSON.stringify({ [kind.parentField]: { _eq: itemId } }),
  });
  const ready = rows.ready && (kind.kind !== 'm2m' || target.ready);
  const data = useQuery({
    queryKey: ['items', kind.rows, 'related', params.toString()],
    queryFn: () => api<Item[]>('GET', `/items/${enc(kind.rows)}?${params}`),
    enabled: ready && itemId !== '',
  });
  const entry = (row: Item): ListEntry => {
    const key = row[rows.pk] as string | number;
    const base = { id: `k${key}`, key, linked: true, sort: kind.sortField ? row[kind.sortField] : undefined };
    if (kind.kind === 'o2m') return { ...base, label: rows.name(row), ref: `${kind.rows}/${key}` };
    if (kind.kind === 'm2m') {
      const related = row[kind.junctionField] as Item | null;
      return {
        ...base,
        label: target.name(related ?? undefined),
        ref: related ? `${kind.related}/${jsonText(related[target.pk])}` : undefined,
      };
    }
    const collection = String(row[kind.collectionField]);
    const item = row[kind.itemField];
    const template = collections.data?.find((c) => c.collection === collection)?.meta?.display_template;
    const itemKey = item !== null && typeof item === 'object' ? (item as Item).id : item;
    return {
      ...base,
      label: `${collectionName(collection)}: ${anyName(item, template)}`,
      ref: `${collection}/${String(itemKey)}`,
    };
  };
  return {
    ready: itemId === '' ? ready : data.isSuccess,
    error: data.error,
    entries: (data.data ?? []).map(entry),
    pk: rows.pk,
    target,
  };
}
