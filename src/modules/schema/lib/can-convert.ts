import type { FieldType } from '../schema.types';
import { isUuid } from '../../../common/is-uuid';
import { isInt32 } from '../../../common/is-int32';

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** Whether a stored value survives a change of its field to `type` (checked before any ALTER). */
export function canConvert(value: unknown, type: FieldType, maxLength: number | null): boolean {
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : `${value as string | number | boolean}`;
  switch (type) {
    case 'string':
    case 'hash':
      return maxLength === null || text.length <= maxLength;
    case 'uuid':
      return isUuid(text);
    case 'integer':
    case 'bigInteger':
      return /^-?\d+$/.test(text.trim()) && (type === 'bigInteger' || isInt32(Number(text)));
    case 'float':
    case 'decimal':
      return text.trim() !== '' && Number.isFinite(Number(text));
    case 'boolean':
      return ['0', '1', 'true', 'false'].includes(text.toLowerCase());
    case 'json':
      try {
        JSON.parse(text);
        return true;
      } catch {
        return typeof value === 'object';
      }
    case 'date':
    case 'dateTime':
    case 'timestamp':
      return value instanceof Date || (DATE.test(text) && !isNaN(Date.parse(text.replace(' ', 'T'))));
    case 'time':
      return /^\d{2}:\d{2}(:\d{2})?/.test(text);
    default:
      return true;
  }
}
