import { CONCEALED, isSecret } from '../../items/items.service';
import type { CollectionOverview } from '../../schema/schema.types';

/**
 * What of a revision's `data` a revert writes back: the values of fields the collection still has,
 * without its primary key (the item keeps its key) and without secrets. A revision holds a hashed
 * field's hash, which a write would hash again, and `**********` for a concealed one: writing either back
 * would replace the secret, so secrets stay as they are.
 */
export function revertValues(data: Record<string, unknown>, collection: CollectionOverview): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    const field = collection.fields[name];
    if (!field || field.type === 'alias' || field.primaryKey || isSecret(field) || value === CONCEALED) continue;
    values[name] = value;
  }
  return values;
}
