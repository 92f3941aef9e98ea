import { jsonText } from '../format';
import { useQuery } from '@tanstack/react-query';
import { ChangeEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ApiError, postFile } from '../api';
import { useCollectionName, useFieldName } from '../shell/studio-data';
import { Item, useCollectionShape } from './collection-shape';
import type { Field } from '../fields';

// The dialog and Mantine's modal come with the first many-to-one opened, not with every item page.
const ItemPicker = lazy(() => import('./ItemPicker').then((m) => ({ default: m.ItemPicker })));

interface PickerProps {
  field: Field;
  related: string;
  value: unknown;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}

/** A many-to-one field: the chosen item by its label, a searchable, paged dialog to change it, and clearing it. */
export function ManyToOnePicker({ field, related, value, readOnly, onChange }: PickerProps) {
  const { t } = useTranslation('relations');
  const [open, setOpen] = useState(false);
  const shape = useCollectionShape(related);
  const id = value !== null && typeof value === 'object' ? (value as Item)[shape.pk] : value;
  const chosen = useQuery({
    queryKey: ['item', related, id],
    queryFn: () => api<Item>('GET', `/items/${related}/${encodeURIComponent(String(id))}?fields=${shape.fields}`),
    enabled: shape.ready && id !== null && id !== undefined,
  });
  const shown = chosen.data ? shape.name(chosen.data) : String(id);
  const fieldName = useFieldName()(field);
  const relatedName = useCollectionName()(related);
  const none = id === null || id === undefined;
  return (
    <fieldset className="field">
      <legend>{fieldName}</legend>
      <p>
        {t('m2o.selected')}{' '}
        {none ? t('m2o.none') : <Link to={`/content/${related}/${encodeURIComponent(jsonText(id))}`}>{shown}</Link>}
      </p>
      {!readOnly && (
        <div className="toolbar">
          <button type="button" className="secondary" onClick={() => setOpen(true)}>
            {t('m2o.open', { collection: relatedName })}
          </button>
          {!none && (
            <button type="button" className="secondary" onClick={() => onChange(null)}>
              {t('m2o.clear', { field: fieldName })}
            </button>
          )}
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <ItemPicker
            collection={related}
            opened
            multiple={false}
            onClose={() => setOpen(false)}
            onChoose={([item]) => onChange(item.key)}
          />
        </Suspense>
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
  const { t } = useTranslation('relations');
  const id = value !== null && typeof value === 'object' ? (value as Item).id : value;
  const [error, setError] = useState<string>();
  const fieldName = useFieldName()(field);
  const file = useQuery({
    queryKey: ['file', id],
    queryFn: () => api<FileRow>('GET', `/files/${encodeURIComponent(String(id))}`),
    enabled: typeof id === 'string',
  });
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
          {file.data.type?.startsWith('image/') && (
            <img
              src={`/assets/${file.data.id}?width=160&height=160&fit=cover`}
              alt={file.data.title ?? file.data.filename_download}
              width={160}
              height={160}
            />
          )}
          <figcaption>
            <a href={`/assets/${file.data.id}?download`}>{file.data.filename_download}</a>
          </figcaption>
        </figure>
      )}
      {!file.data && <p>{t('file.none')}</p>}
      {!readOnly && (
        <label>
          {t('file.upload', { field: fieldName })}
          <input type="file" onChange={(event) => void choose(event)} />
        </label>
      )}
      {error && <p role="alert">{error}</p>}
    </fieldset>
  );
}
