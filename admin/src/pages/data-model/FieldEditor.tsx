import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api';
import { FIELD_TYPES, fieldPayload, formatChoices } from '../../field-payload';
import { fieldText, jsonText } from '../../format';

export interface ModelField {
  field: string;
  type: string;
  meta: {
    required?: boolean;
    note?: string | null;
    options?: { choices?: { text: string; value: unknown }[] } | null;
  } | null;
  schema: {
    is_primary_key?: boolean;
    is_nullable?: boolean;
    is_unique?: boolean;
    default_value?: unknown;
    max_length?: number | null;
  } | null;
}

interface Props {
  collection: string;
  field?: ModelField;
  onSaved: () => void;
  onCancel?: () => void;
}

/** Adds a field, or edits one (its type too: the API keeps the stored values or refuses the change). */
export function FieldEditor({ collection, field, onSaved, onCancel }: Props) {
  const { t } = useTranslation('datamodel');
  const [type, setType] = useState(field?.type ?? 'string');
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => fieldText(data, name);
    let payload;
    try {
      payload = fieldPayload({
        field: field?.field ?? text('field'),
        type,
        required: data.get('required') === 'on',
        nullable: data.get('nullable') === 'on',
        unique: data.get('unique') === 'on',
        defaultValue: text('default'),
        maxLength: text('length'),
        choices: text('choices'),
        note: text('note'),
      });
    } catch (e) {
      return setError((e as Error).message);
    }
    const target = `/fields/${encodeURIComponent(collection)}${field ? `/${encodeURIComponent(field.field)}` : ''}`;
    await api(field ? 'PATCH' : 'POST', target, payload).then(
      () => (form.reset(), setType(field?.type ?? 'string'), setError(undefined), onSaved()),
      (e: ApiError) => setError(e.message),
    );
  }
  const label = field ? t('field.editTitle', { field: field.field }) : t('field.addTitle');
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={label}>
      <h3>{label}</h3>
      {!field && (
        <label>
          {t('field.name')}
          <input name="field" required pattern="[A-Za-z0-9_\-]+" />
        </label>
      )}
      <label>
        {t('field.type')}
        <select name="type" value={type} onChange={(e) => setType(e.target.value)}>
          {FIELD_TYPES.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </label>
      <FieldOptions type={type} field={field} />
      <button type="submit">{field ? t('field.save') : t('field.add')}</button>{' '}
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          {t('field.cancel')}
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

/** The inputs after the type: length (strings), default, choices, note and the flags. */
function FieldOptions({ type, field }: { type: string; field?: ModelField }) {
  const { t } = useTranslation('datamodel');
  return (
    <>
      {type === 'string' && (
        <label>
          {t('field.maxLength')}
          <input name="length" type="number" min={1} defaultValue={field?.schema?.max_length ?? 255} />
        </label>
      )}
      <label>
        {t('field.default')}
        <input
          name="default"
          defaultValue={
            field?.schema?.default_value === null || field?.schema?.default_value === undefined
              ? ''
              : jsonText(field.schema.default_value)
          }
        />
      </label>
      <label>
        {t('field.choices')}
        <textarea name="choices" rows={3} defaultValue={formatChoices(field?.meta?.options?.choices)} />
      </label>
      <label>
        {t('field.note')}
        <input name="note" defaultValue={field?.meta?.note ?? ''} />
      </label>
      <label className="inline">
        <input type="checkbox" name="required" defaultChecked={field?.meta?.required} /> {t('field.required')}
      </label>
      <label className="inline">
        <input type="checkbox" name="nullable" defaultChecked={field?.schema?.is_nullable ?? true} />{' '}
        {t('field.nullable')}
      </label>
      <label className="inline">
        <input type="checkbox" name="unique" defaultChecked={field?.schema?.is_unique} /> {t('field.unique')}
      </label>
    </>
  );
}
