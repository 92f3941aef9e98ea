import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { FieldInput } from './FieldInput';
import { payload } from './form-values';
import { itemsPath, primaryKey, type Field } from './schema';

type Values = Record<string, string | boolean>;

interface Props {
  collection: string;
  /** null for a new item. */
  id: string | null;
  fields: Field[];
  initial: Values;
}

/** The item's fields; save sends the changes (PATCH), create the filled fields (POST), delete asks first. */
export function ItemForm({ collection, id, fields, initial }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(initial);
  const [saved, setSaved] = useState<Values>(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [status, setStatus] = useState('');
  const base = itemsPath(collection);

  async function save(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setStatus('');
    const { body, errors } = payload(fields, values, id === null ? {} : saved);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      if (id === null) {
        const created = await api<Record<string, unknown>>('POST', base, body);
        await queryClient.invalidateQueries({ queryKey: ['items', collection] });
        navigate(`/content/${encodeURIComponent(collection)}/${encodeURIComponent(String(created.data[primaryKey(fields)] ?? ''))}`, { replace: true });
        return;
      }
      await api('PATCH', `${base}/${encodeURIComponent(id)}`, body);
      await queryClient.invalidateQueries({ queryKey: ['items', collection] });
      setSaved(values);
      setStatus('Saved.');
    } catch (err) {
      const byField = err instanceof ApiError ? err.fieldErrors() : {};
      setFieldErrors(byField);
      setError(err);
    }
  }

  async function remove() {
    if (id === null || !window.confirm(`Delete this item of ${collection}? This cannot be undone.`)) return;
    try {
      await api('DELETE', `${base}/${encodeURIComponent(id)}`);
      await queryClient.invalidateQueries({ queryKey: ['items', collection] });
      navigate(`/content/${encodeURIComponent(collection)}`, { replace: true });
    } catch (err) {
      setError(err);
    }
  }

  return (
    <form onSubmit={save} noValidate>
      {fields.map((f) => (
        <FieldInput
          key={f.field}
          field={f}
          value={values[f.field]}
          error={fieldErrors[f.field]}
          readOnly={f.meta?.readonly === true || (id !== null && f.schema?.is_primary_key === true)}
          onChange={(value) => setValues((v) => ({ ...v, [f.field]: value }))}
        />
      ))}
      <ErrorMessage error={error} />
      {status && <p role="status">{status}</p>}
      <div className="toolbar">
        <button type="submit">{id === null ? 'Create' : 'Save'}</button>
        {id !== null && (
          <button type="button" className="danger" onClick={() => void remove()}>
            Delete
          </button>
        )}
      </div>
    </form>
  );
}
