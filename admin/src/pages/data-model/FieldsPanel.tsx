import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiError } from '../../api';
import { Failure } from '../Content';
import { TableHead } from '../TableHead';
import { itemCount } from './CollectionModel';
import { FieldEditor, ModelField } from './FieldEditor';

const fieldPath = (collection: string, field = '') => `/fields/${encodeURIComponent(collection)}${field ? `/${encodeURIComponent(field)}` : ''}`;

export function useModelFields(collection: string) {
  return useQuery({ queryKey: ['model-fields', collection], queryFn: () => api<ModelField[]>('GET', fieldPath(collection)) });
}

/** The collection's fields: type, required, default; edit, delete, and add one. */
export function FieldsPanel({ collection, onChanged }: { collection: string; onChanged: () => void }) {
  const fields = useModelFields(collection);
  const [editing, setEditing] = useState<string>();
  const [error, setError] = useState<string>();
  async function remove(field: ModelField) {
    setError(undefined);
    const count = await itemCount(collection).catch(() => undefined);
    const loss = count === undefined ? 'its values in every item' : `its values in ${count} item(s)`;
    if (!window.confirm(`Delete the field "${field.field}" and ${loss}? This cannot be undone.`)) return;
    await api('DELETE', fieldPath(collection, field.field)).then(onChanged, (e: ApiError) => setError(e.message));
  }
  const done = () => (setEditing(undefined), onChanged());
  if (fields.error) return <Failure error={fields.error} retry={() => fields.refetch()} />;
  return (
    <section aria-label="Fields">
      <h2>Fields</h2>
      {error && <p role="alert">{error}</p>}
      <table aria-label={`Fields of ${collection}`}>
        <TableHead labels={['Field', 'Type', 'Required', 'Default', 'Actions']} />
        <tbody>
          {(fields.data ?? []).map((f) => (
            <tr key={f.field}>
              <td>{f.field}</td>
              <td>{f.schema?.is_primary_key ? `${f.type} (primary key)` : f.type}</td>
              <td>{f.meta?.required ? 'yes' : 'no'}</td>
              <td>{f.schema?.default_value === null || f.schema?.default_value === undefined ? '' : String(f.schema.default_value)}</td>
              <td>
                {f.type !== 'alias' && !f.schema?.is_primary_key && (
                  <>
                    <button type="button" className="secondary" onClick={() => setEditing(f.field)}>
                      Edit {f.field}
                    </button>{' '}
                    <button type="button" className="danger" onClick={() => void remove(f)}>
                      Delete {f.field}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing && <FieldEditor key={editing} collection={collection} field={fields.data?.find((f) => f.field === editing)} onSaved={done} onCancel={() => setEditing(undefined)} />}
      {!editing && <FieldEditor key="new" collection={collection} onSaved={done} />}
    </section>
  );
}
