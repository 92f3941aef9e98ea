import { jsonText } from '../../format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import { TableHead } from '../TableHead';
import { itemCount } from './item-count';
import { FieldEditor, ModelField } from './FieldEditor';

const fieldPath = (collection: string, field = '') =>
  `/fields/${encodeURIComponent(collection)}${field ? `/${encodeURIComponent(field)}` : ''}`;

export function useModelFields(collection: string) {
  return useQuery({
    queryKey: ['model-fields', collection],
    queryFn: () => api<ModelField[]>('GET', fieldPath(collection)),
  });
}

/** The collection's fields: type, required, default; edit, delete, and add one. */
export function FieldsPanel({ collection, onChanged }: { collection: string; onChanged: () => void }) {
  const { t } = useTranslation('datamodel');
  const fields = useModelFields(collection);
  const [editing, setEditing] = useState<string>();
  const [error, setError] = useState<string>();
  async function remove(field: ModelField) {
    setError(undefined);
    const count = await itemCount(collection).catch(() => undefined);
    const loss = count === undefined ? t('fields.allValues') : t('fields.values', { count });
    if (!window.confirm(t('fields.confirmDelete', { field: field.field, loss }))) return;
    await api('DELETE', fieldPath(collection, field.field)).then(onChanged, (e: ApiError) => setError(e.message));
  }
  const done = () => (setEditing(undefined), onChanged());
  if (fields.error) return <Failure error={fields.error} retry={() => void fields.refetch()} />;
  return (
    <section aria-label={t('fields.title')}>
      <h2>{t('fields.title')}</h2>
      {error && <p role="alert">{error}</p>}
      <table aria-label={t('fields.table', { collection })}>
        <TableHead
          labels={[t('fields.field'), t('fields.type'), t('fields.required'), t('fields.default'), t('fields.actions')]}
        />
        <tbody>
          {(fields.data ?? []).map((f) => (
            <FieldRow key={f.field} field={f} onEdit={() => setEditing(f.field)} onRemove={() => void remove(f)} />
          ))}
        </tbody>
      </table>
      {editing && (
        <FieldEditor
          key={editing}
          collection={collection}
          field={fields.data?.find((f) => f.field === editing)}
          onSaved={done}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {!editing && <FieldEditor key="new" collection={collection} onSaved={done} />}
    </section>
  );
}

function FieldRow({ field: f, onEdit, onRemove }: { field: ModelField; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation('datamodel');
  return (
    <tr>
      <td>{f.field}</td>
      <td>{f.schema?.is_primary_key ? t('fields.primaryKey', { type: f.type }) : f.type}</td>
      <td>{t(f.meta?.required ? 'fields.yes' : 'fields.no')}</td>
      <td>
        {f.schema?.default_value === null || f.schema?.default_value === undefined
          ? ''
          : jsonText(f.schema.default_value)}
      </td>
      <td>
        {f.type !== 'alias' && !f.schema?.is_primary_key && (
          <>
            <button type="button" className="secondary" onClick={onEdit}>
              {t('fields.edit', { field: f.field })}
            </button>{' '}
            <button type="button" className="danger" onClick={onRemove}>
              {t('fields.delete', { field: f.field })}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
