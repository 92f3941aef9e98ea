import { isUuid } from '../../../common/is-uuid';
import type { FieldOverview } from '../../schema/schema.types';
import { NUMERIC_TYPES, PrimaryKey } from './items.types';
import { isInt32 } from '../../../common/is-int32';

/**
 * Whether `key` can name a row of a primary key column of type `field.type`. A key the column cannot
 * hold matches no row; PostgreSQL would refuse the comparison outright.
 */
export function validKey(field: FieldOverview, key: unknown): key is PrimaryKey {
  // Keys come from bodies too: an object or array is no key (and may not even convert to a string).
  if ((typeof key !== 'string' && typeof key !== 'number') || key === '') return false;
  if (field.type === 'integer') return isInt32(Number(key));
  if (field.type === 'bigInteger') return Number.isSafeInteger(Number(key));
  if (NUMERIC_TYPES.has(field.type)) return Number.isFinite(Number(key));
  if (field.type === 'uuid') return isUuid(key);
  return true;
}

/** The key in the form its column compares with: numbers for numeric keys, lower-case UUIDs. */
export function castKey(field: FieldOverview, key: PrimaryKey): PrimaryKey {
  return NUMERIC_TYPES.has(field.type) ? Number(key) : field.type === 'uuid' ? String(key).toLowerCase() : String(key);
}
