/** The data types a field can have (alias fields come from relations, not from this form). */
export const FIELD_TYPES = [
  'string',
  'text',
  'integer',
  'bigInteger',
  'float',
  'decimal',
  'boolean',
  'json',
  'csv',
  'uuid',
  'hash',
  'date',
  'time',
  'dateTime',
  'timestamp',
] as const;

/** What the field form collects, as text, before it becomes an API payload. */
export interface FieldForm {
  field: string;
  type: string;
  required: boolean;
  nullable: boolean;
  unique: boolean;
  defaultValue: string;
  maxLength: string;
  choices: string;
  note: string;
}

export interface FieldPayload {
  field: string;
  type: string;
  meta: {
    required: boolean;
    note: string | null;
    interface?: string;
    options?: { choices: { text: string; value: string }[] } | null;
  };
  schema: { is_nullable: boolean; is_unique: boolean; default_value: unknown; max_length?: number | null };
}

const NUMERIC = new Set(['integer', 'bigInteger', 'float', 'decimal']);

/** The default as the column stores it: a number for numeric types, true/false for booleans, null when empty. */
export function typedDefault(type: string, text: string): unknown {
  const value = text.trim();
  if (value === '') return null;
  if (NUMERIC.has(type)) {
    const number = Number(value);
    if (Number.isNaN(number)) throw new Error(`The default of a ${type} field must be a number.`);
    return number;
  }
  if (type === 'boolean') {
    if (value !== 'true' && value !== 'false') throw new Error('The default of a boolean field is true or false.');
    return value === 'true';
  }
  return text;
}

/** One choice per line, `value` or `value=Label`. */
export function parseChoices(text: string): { text: string; value: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value, ...label] = line.split('=');
      return { value: value.trim(), text: label.length ? label.join('=').trim() : value.trim() };
    });
}

export function formatChoices(choices: { text: string; value: unknown }[] | undefined | null): string {
  return (choices ?? [])
    .map((c) => (c.text === String(c.value) ? String(c.value) : `${String(c.value)}=${c.text}`))
    .join('\n');
}

/** The POST/PATCH /fields body of the form; throws an Error with a readable message for a bad default or length. */
export function fieldPayload(form: FieldForm): FieldPayload {
  const choices = parseChoices(form.choices);
  const schema: FieldPayload['schema'] = {
    is_nullable: form.nullable,
    is_unique: form.unique,
    default_value: typedDefault(form.type, form.defaultValue),
  };
  if (form.type === 'string') {
    const length = form.maxLength.trim() === '' ? 255 : Number(form.maxLength);
    if (!Number.isInteger(length) || length < 1) throw new Error('The maximum length is a whole number above 0.');
    schema.max_length = length;
  }
  const meta: FieldPayload['meta'] = { required: form.required, note: form.note.trim() || null };
  if (choices.length > 0) Object.assign(meta, { interface: 'select-dropdown', options: { choices } });
  else meta.options = null;
  return { field: form.field.trim(), type: form.type, meta, schema };
}
