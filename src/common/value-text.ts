/**
 * A stored or filter value as text, as `String()` renders it (arrays joined by commas, dates in their
 * default form), except plain objects: those render as JSON, never "[object Object]", so two different
 * objects never read as the same text and an error message shows what was sent.
 */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)) {
    return JSON.stringify(value);
  }
  return String(value);
}
