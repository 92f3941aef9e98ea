import { inputKind } from './form-values';
import type { Field } from './schema';

interface Props {
  field: Field;
  value: string | boolean;
  error?: string;
  readOnly: boolean;
  onChange: (value: string | boolean) => void;
}

/** One field of the item form, labelled, with the API's validation message beside it. */
export function FieldInput({ field, value, error, readOnly, onChange }: Props) {
  const id = `field-${field.field}`;
  const common = {
    id,
    name: field.field,
    disabled: readOnly,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  const kind = inputKind(field);
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.field} <small>({field.type})</small>
      </label>
      {kind === 'checkbox' && <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />}
      {kind === 'textarea' && <textarea {...common} rows={5} value={String(value)} onChange={(e) => onChange(e.target.value)} />}
      {kind === 'text' && <input {...common} type="text" value={String(value)} onChange={(e) => onChange(e.target.value)} />}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
