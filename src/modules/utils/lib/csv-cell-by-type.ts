import type { FieldType } from '../../schema/schema.types';
import { csvCellValue } from './import-rows';

/** Types whose cells are text as written: a string "null" or "[1]" stays that string. */
const TEXT_TYPES = new Set<FieldType>(['string', 'text', 'hash', 'uuid', 'date', 'time', 'dateTime', 'timestamp']);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * A CSV cell converted by the type of the field its column names, so an export reads back as the same
 * values: text fields keep their text, JSON fields take any JSON (numbers included), CSV fields take the
 * JSON array an export writes or a comma list. Other types, and columns that name no field, follow
 * the reference platform's reading (API.md 2.2).
 */
export function csvCellByType(type: FieldType | null, text: string): unknown {
  if (type && TEXT_TYPES.has(type)) return text;
  if (type === 'json') {
    const parsed = parseJson(text.trim());
    return parsed.ok ? parsed.value : text;
  }
  if (type === 'csv' && text.trim().startsWith('[')) {
    const parsed = parseJson(text.trim());
    if (parsed.ok && Array.isArray(parsed.value)) return parsed.value;
    return text;
  }
  return csvCellValue(text);
}
