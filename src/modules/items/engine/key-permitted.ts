import { ForbiddenError } from '../../../common/errors/errors';
import { loadAccess } from './access';
import { dbOf, ItemsScope, PrimaryKey } from './items.types';
import { checkKeys } from './write-rows';

/**
 * Whether the caller's rule for `action` would let them write the row `key` now: a rule exists, the row
 * exists and passes the rule's row filter (the check an update or delete makes before it writes).
 */
export async function keyPermitted(scope: ItemsScope, action: 'update' | 'delete', key: PrimaryKey): Promise<boolean> {
  const access = await loadAccess(scope);
  if (!access.lookup(scope.collection, action)) return false;
  try {
    await checkKeys(scope, access, dbOf(scope), [key], action);
    return true;
  } catch (error) {
    if (error instanceof ForbiddenError) return false;
    throw error;
  }
}
