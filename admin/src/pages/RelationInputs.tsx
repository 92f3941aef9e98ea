import { useQuery } from '@tanstack/react-query';
import { ChangeEvent, useState } from 'react';
import { Link } from 'react-router';
import { api, ApiError, postFile } from '../api';
import { renderTemplate, templateFields } from '../display-template';
import { useCollectionName, useCollections, useFieldName } from '../shell/studio-data';
import { fetchFields, Field, primaryKey } from './fields';

type Item = Record<string, unknown>;

/** The field that names an item best: its first text field, else its key. */
function labelField(fields: Field[]): string {
  return fields.find((f) => (f.type === 'string' || f.type === 'text') && !f.schema?.is_primary_key)?.field ?? primaryKey(fields);
}

/** How items of a collection are named: by its `display_template` when it has one, else by its first text field. */
function useCollectionShape(collection: string) {
  const fields = useQuery({ queryKey: ['fields', collection], queryFn: () => fetchFields(collection) });
  const template = useCollections().data?.find((c) => c.collection === collection)?.meta?.display_template ?? '';
  const list = fields.data ?? [];
  const pk = primaryKey(list);
  const label = labelField(list);
  const paths = templateFields(template);
  const name = (item: Item | undefined) => (paths.length ? renderTemplate(template, item) : String(item?.[label] ?? '')) || String(item?.[pk] ?? '');
  return { ready: fields.isSuccess, pk, fields: [...new Set([pk, ...(paths.length ? paths : [label])])].join(','), name };
}

interface PickerProps {
  field: Field;
  related: string;
  value: unknown;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}

/** A many-to-one field: the chosen item by its label, and a search of the related collection to change it. */
export function ManyToOnePicker({ field, related, value, readOnly, onChange }: PickerProps) {
  const [search, setSearch] = useState('');
  const shape = useCollectionShape(related);
  const id = value !== null && typeof value === 'object' ? (value as Item)[shape.pk] : value;
  const chosen = useQuery({
    queryKey: ['item', related, id],
    queryFn: () => api<Item>('GET', `/items/${related}/${encodeURIComponent(String(id))}?fields=${shape.fields}`),
    enabled: shape.ready && id !== null && id !== undefined,
  });
  const params = new URLSearchParams({ limit: '10', fields: shape.fields });
  if (search) params.set('search', search);
  const results = useQuery({ queryKey: ['items', related, params.toString()], queryFn: () => api<Item[]>('GET', `/items/${related}?${params}`), enabled: shape.ready && !readOnly });
  const shown = chosen.data ? shape.name(chosen.data) : String(id);
  const fieldName = useFieldName()(field);
  const relatedName = useCollectionName()(related);
  return (
    <fieldset className="field">
      <legend>{fieldName}</legend>
      <p>Selected: {id === null || id === undefined ? 'None' : <Link to={`/content/${related}/${encodeURIComponent(String(id))}`}>{shown}</Link>}</p>
      {!readOnly && (
        <>
          <label>
            Search {relatedName}
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </label>
          <ul className="choices">
            {results.data?.map((item) => (
              <li key={String(item[shape.pk])}>
                <button type="button" className="secondary" onClick={() => onChange(item[shape.pk])}>
                  Choose {shape.name(item)}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="secondary" onClick={() => onChange(null)}>
            Clear {fieldName}
          </button>
        </>
      )}
    </fieldset>
  );
}

interface FileProps {
  field: Field;
  value: unknown;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}

interface FileRow {
  id: string;
  title: string | null;
  type: string | null;
  filename_download: string;
}

/** A file field: a preview of the chosen file (a thumbnail for images), and an upload to replace it. */
export function FileField({ field, value, readOnly, onChange }: FileProps) {
  const id = value !== null && typeof value === 'object' ? (value as Item).id : value;
  const [error, setError] = useState<string>();
  const fieldName = useFieldName()(field);
  const file = useQuery({ queryKey: ['file', id], queryFn: () => api<FileRow>('GET', `/files/${encodeURIComponent(String(id))}`), enabled: typeof id === 'string' });
  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    setError(undefined);
    try {
      onChange((await postFile<{ id: string }>('/files', chosen)).id);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }
  return (
    <fieldset className="field">
      <legend>{fieldName}</legend>
      {file.data && (
        <figure>
          {file.data.type?.startsWith('image/') && <img src={`/assets/${file.data.id}?width=160&height=160&fit=cover`} alt={file.data.title ?? file.data.filename_download} width={160} height={160} />}
          <figcaption>
            <a href={`/assets/${file.data.id}?download`}>{file.data.filename_download}</a>
          </figcaption>
        </figure>
      )}
      {!file.data && <p>No file.</p>}
      {!readOnly && (
        <label>
          Upload a file for {fieldName}
          <input type="file" onChange={choose} />
        </label>
      )}
      {error && <p role="alert">{error}</p>}
    </fieldset>
  );
}

interface ListProps {
  field: Field;
  many: string;
  manyField: string;
  itemId: string;
}

/** A one-to-many field: the items of the other collection that point at this one, each a link. */
export function OneToManyList({ field, many, manyField, itemId }: ListProps) {
  const shape = useCollectionShape(many);
  const params = new URLSearchParams({ limit: '50', fields: shape.fields, filter: JSON.stringify({ [manyField]: { _eq: itemId } }) });
  const fieldName = useFieldName()(field);
  const items = useQuery({ queryKey: ['items', many, params.toString()], queryFn: () => api<Item[]>('GET', `/items/${many}?${params}`), enabled: shape.ready });
  return (
    <section className="field" aria-label={fieldName}>
      <h2>{fieldName}</h2>
      {items.data?.length === 0 && <p>No related items.</p>}
      <ul>
        {items.data?.map((item) => (
          <li key={String(item[shape.pk])}>
            <Link to={`/content/${many}/${encodeURIComponent(String(item[shape.pk]))}`}>{shape.name(item)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
