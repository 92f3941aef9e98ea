import type { Field } from './schema';

const NUMBERS = new Set(['integer', 'bigInteger', 'float']);
const LONG_TEXT = new Set(['text', 'json']);

export type InputKind = 'checkbox' | 'textarea' | 'text';

export function inputKind(field: Field): InputKind {
  if (field.type === 'boolean') return 'checkbox';
  return LONG_TEXT.has(field.type) ? 'textarea' : 'text';
}

/** The value as the form holds it: text for inputs, a boolean for checkboxes. */
export function toFormValue(field: Field, value: unknown): string | boolean {
  if (field.type === 'boolean') return value === true;
  if (value === null || value === undefined) return '';
  if (field.type === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

/** The form's text back to the API's type; an empty input is null. Throws a readable message for bad JSON. */
export function fromFormValue(field: Field, value: string | boolean): unknown {
  if (typeof value === 'boolean') return value;
  if (value.trim() === '') return null;
  if (NUMBERS.has(field.type)) return Number.isNaN(Number(value)) ? value : Number(value);
  if (field.type !== 'json') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new Error('This is not valid JSON.');
  }
}

/** The values to send: on create every filled field, on save only the changed ones. */
export function payload(fields: Field[], values: Record<string, string | boolean>, initial: Record<string, string | boolean>) {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.field];
    if (value === undefined || value === initial[field.field]) continue;
    try {
      body[field.field] = fromFormValue(field, value);
    } catch (e) {
      errors[field.field] = (e as Error).message;
    }
  }
  return { body, errors };
}
