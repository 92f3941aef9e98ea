import { useState, type FormEvent } from 'react';
import { ApiError } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { FieldInput } from './FieldInput';
import { payload } from './form-values';
import { useItemActions } from './item-actions';
import type { Field } from './schema';

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
  const actions = useItemActions(collection, id, fields);
  const [values, setValues] = useState<Values>(initial);
  const [saved, setSaved] = useState<Values>(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [status, setStatus] = useState('');

  async function save(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setStatus('');
    const { body, errors } = payload(fields, values, id === null ? {} : saved);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      if (id === null) return await actions.create(body);
      await actions.update(body);
      setSaved(values);
      setStatus('Saved.');
    } catch (err) {
      setFieldErrors(err instanceof ApiError ? err.fieldErrors() : {});
      setError(err);
    }
  }

  async function remove() {
    if (!window.confirm(`Delete this item of ${collection}? This cannot be undone.`)) return;
    await actions.remove().catch(setError);
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
