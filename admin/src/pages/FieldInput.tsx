import { jsonText } from '../format';
import { useTranslation } from 'react-i18next';
import { useFieldName } from '../shell/studio-data';
import type { Field } from '../fields';

interface Props {
  field: Field;
  value: unknown;
  readOnly: boolean;
  error?: string;
  /** Keeps ids unique when a nested form (in a dialog) shows fields named like the item's own. */
  idPrefix?: string;
  onChange: (value: unknown) => void;
}

const NUMERIC = new Set(['integer', 'bigInteger', 'float', 'decimal']);
const DATE_INPUT: Record<string, string> = {
  date: 'date',
  time: 'time',
  dateTime: 'datetime-local',
  timestamp: 'datetime-local',
};

function fromText(type: string, text: string): unknown {
  if (text === '') return null;
  if (NUMERIC.has(type)) return type === 'decimal' ? text : Number(text);
  return text;
}

type Common = { id: string; disabled?: boolean; 'aria-invalid': boolean; 'aria-describedby'?: string };

/** The input that fits a field's type; the API's validation message sits beside it. */
export function FieldInput({ field, value, readOnly, error, idPrefix = 'field', onChange }: Props) {
  const id = `${idPrefix}-${field.field}`;
  const errorId = error ? `${id}-error` : undefined;
  const common = { id, disabled: readOnly, 'aria-invalid': Boolean(error), 'aria-describedby': errorId };
  return (
    <div className="field">
      <label htmlFor={id}>{useFieldName()(field)}</label>
      <FieldControl field={field} value={value} common={common} onChange={onChange} />
      {error && (
        <p id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface ControlProps {
  field: Field;
  value: unknown;
  common: Common;
  onChange: (value: unknown) => void;
}

/** A checkbox for a boolean, a list for a field with choices, else a text input. */
function FieldControl({ field, value, common, onChange }: ControlProps) {
  const { t } = useTranslation('relations');
  const choices = field.meta?.options?.choices;
  if (field.type === 'boolean')
    return (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
        style={{ width: 'auto' }}
      />
    );
  if (!choices) return <TextControl field={field} value={value} common={common} onChange={onChange} />;
  return (
    <select
      {...common}
      value={value === null || value === undefined ? '' : jsonText(value)}
      onChange={(e) => onChange(fromText(field.type, e.target.value))}
    >
      <option value="">{t('input.noChoice')}</option>
      {choices.map((c) => (
        <option key={String(c.value)} value={String(c.value)}>
          {c.text}
        </option>
      ))}
    </select>
  );
}

/** A text area for JSON and long text, else an input typed for numbers and dates. */
function TextControl({ field, value, common, onChange }: ControlProps) {
  if (field.type === 'json' || field.type === 'text') {
    const text =
      field.type === 'json' && value !== null && value !== undefined && typeof value !== 'string'
        ? JSON.stringify(value, null, 2)
        : ((value as string) ?? '');
    return (
      <textarea
        {...common}
        rows={field.type === 'json' ? 6 : 4}
        value={text}
        onChange={(e) => onChange(field.type === 'json' ? parseJson(e.target.value) : e.target.value)}
      />
    );
  }
  const type = NUMERIC.has(field.type) ? 'number' : (DATE_INPUT[field.type] ?? 'text');
  const text =
    value === null || value === undefined ? '' : jsonText(value).slice(0, type === 'datetime-local' ? 19 : undefined);
  return (
    <input
      {...common}
      type={type}
      step={type === 'number' ? 'any' : undefined}
      value={text}
      onChange={(e) => onChange(fromText(field.type, e.target.value))}
    />
  );
}

/** Keeps text that does not parse yet as text, so typing JSON character by character works. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
