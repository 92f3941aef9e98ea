import { ForbiddenError } from '../../../common/errors/errors';
import type { Query } from '../../../common/query/query.types';
import type { Item, ItemsService } from '../../items/items.service';

/**
 * `/users/me` and GraphQL `users_me`: the caller's own user read through `users` (svc_users with the
 * caller's rules; app access reads the own row), so relations and functions go no further than those
 * rules allow. A caller who may not read it gets its id alone, as the reference answers.
 */
export async function readOwnUser(users: ItemsService, id: string, query: Query): Promise<Item> {
  try {
    return await users.readOne(id, query);
  } catch (e) {
    if (e instanceof ForbiddenError) return { id };
    throw e;
  }
}
