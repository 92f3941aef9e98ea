import { isUuid } from '../../../common/is-uuid';
import type { FieldType } from '../../schema/schema.types';

const NUMERIC = new Set<FieldType>(['integer', 'bigInteger', 'float', 'decimal']);

/** A key from a request or a file as its column compares it; null when it cannot name a row of that type. */
export function primaryKeyFor(type: FieldType, key: unknown): string | number | null {
  if (typeof key !== 'string' && typeof key !== 'number') return null;
  // Integer columns hold whole numbers in range: another key matches no row, and PostgreSQL refuses it.
  if (type === 'integer' || type === 'bigInteger') {
    const n = String(key).trim() === '' ? NaN : Number(key);
    return Number.isSafeInteger(n) && (type === 'bigInteger' || Math.abs(n) <= 2147483647) ? n : null;
  }
  if (NUMERIC.has(type)) return String(key).trim() !== '' && Number.isFinite(Number(key)) ? Number(key) : null;
  if (type === 'uuid') return isUuid(key) ? String(key).toLowerCase() : null;
  return key === '' ? null : String(key);
}
