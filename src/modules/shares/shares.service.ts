import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';
import type { Item, ItemsService, PrimaryKey } from '../items/items.service';
import type { ItemsCreator } from '../items/collection-controller';
import { assertItemReadable } from '../items/item-access';
import { ItemsFactory } from '../items/items.factory';
import { PermissionsService } from '../permissions/permissions.service';
import { isShareOpen, ShareLimits } from './lib/share-window';

/** What `GET /shares/info/:id` tells anyone holding the link, before they sign in with it. */
const INFO_FIELDS = ['id', 'collection', 'item', 'password', 'max_uses', 'times_used', 'date_start', 'date_end'];

/** svc_shares through the items engine, with the reference's rule that only who may share an item shares it. */
@Injectable()
export class SharesService implements ItemsCreator {
  constructor(
    private readonly items: ItemsFactory,
    private readonly permissions: PermissionsService,
  ) {}

  for(acc: Accountability | null): ItemsService {
    return this.items.for('svc_shares', acc);
  }

  /** One share (object body) or many (array); each needs the right to share its item. */
  async create(body: unknown, acc: Accountability): Promise<PrimaryKey | PrimaryKey[]> {
    const list = Array.isArray(body) ? body : [body];
    const shares = list.map((share) => (isPlainObject(share) && typeof share.item === 'number' ? { ...share, item: String(share.item) } : share));
    for (const share of shares) await this.assertMayShare(share, acc);
    return Array.isArray(body) ? this.for(acc).createMany(shares as Item[]) : this.for(acc).createOne(shares[0] as Item);
  }

  /** The share's public facts while it is open; FORBIDDEN for a share that is unknown, not yet or no longer open. */
  async info(id: string): Promise<Item> {
    const share = await this.for(null)
      .readOne(id, { fields: INFO_FIELDS })
      .catch(() => null);
    if (!share || !isShareOpen(share as unknown as ShareLimits, new Date())) throw new ForbiddenError();
    return share;
  }

  /**
   * Admins share anything. Anyone else needs a `share` rule on the item's collection whose row filter
   * the item passes, and must be able to read the item: a share never opens more than its author sees.
   */
  private async assertMayShare(share: unknown, acc: Accountability): Promise<void> {
    if (acc.admin) return;
    if (!isPlainObject(share) || typeof share.collection !== 'string' || typeof share.item !== 'string') {
      throw new InvalidPayloadError('A share needs "collection" and "item"');
    }
    const rule = (await this.permissions.rules(acc)).find((r) => r.collection === share.collection && (r.action as string) === 'share');
    if (!rule) throw new ForbiddenError();
    await assertItemReadable(this.items, acc, share.collection, share.item, rule.permissions);
  }
}
