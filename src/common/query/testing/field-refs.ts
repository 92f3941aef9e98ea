import type { FieldRef } from '../field-ref';
import type { JsonPathSegment } from '../parse-json-function';

/** Short builders of parsed field references for the expectations of specs. */
export const col = (name: string): FieldRef => ({ kind: 'column', name });
export const fn = (name: string, field: string): FieldRef => ({ kind: 'function', fn: name, field });
export const rel = (field: string, rest: FieldRef): FieldRef => ({ kind: 'relation', field, rest });
export const json = (field: string, pathText: string, path: JsonPathSegment[], key: string): FieldRef => ({
  kind: 'json',
  field,
  path,
  pathText,
  key,
});
