import type { Accountability } from '../../common/accountability';
import { ForbiddenError } from '../../common/errors/errors';
import type { Filter } from '../../common/query/query.types';
import type { ItemsFactory } from './items.factory';

/**
 * FORBIDDEN unless the caller can read the item `key` of `collection` (and it passes `filter` too):
 * records that point at an item (shares, comments) never open or annotate more than their author sees.
 */
export async function assertItemReadable(
  items: ItemsFactory,
  acc: Accountability,
  collection: string,
  key: string,
  filter?: Filter | null,
): Promise<void> {
  const target = items.for(collection, acc);
  const match: Filter = { _and: [{ [target.primaryKey]: { _eq: key } }, ...(filter ? [filter] : [])] };
  const found = await target.readByQuery({ filter: match, fields: [target.primaryKey], limit: 1 });
  if (!found.length) throw new ForbiddenError();
}
