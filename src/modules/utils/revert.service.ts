import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';
import { ItemsFactory } from '../items/items.factory';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { isSystemCollection, PLAIN_WRITE_SYSTEM_COLLECTIONS } from '../schema/system-schema';
import { revertValues } from './lib/revert-values';

/** `POST /utils/revert/:revision` and GraphQL's `utils_revert` (API.md 2). */
@Injectable()
export class RevertService {
  constructor(
    private readonly items: ItemsFactory,
    private readonly overviews: SchemaOverviewService,
  ) {}

  /**
   * The revision's item gets the revision's data back, through the items engine with the caller's
   * permissions on both: reading the revision (an unknown one is FORBIDDEN) and updating the item,
   * recorded as any update is.
   */
  async revert(revision: string, acc: Accountability): Promise<void> {
    const row = await this.items
      .for('svc_revisions', acc)
      .readOne(revision, { fields: ['collection', 'item', 'data'] });
    if (!isPlainObject(row.data)) throw new InvalidPayloadError('The revision holds no data to revert to');
    const collection = this.overviews.current.collection(String(row.collection));
    if (!collection?.table) throw new ForbiddenError();
    if (isSystemCollection(collection.collection) && !PLAIN_WRITE_SYSTEM_COLLECTIONS.has(collection.collection)) {
      throw new InvalidPayloadError(
        `Revisions of ${collection.collection} can't be reverted: change the item through its own endpoint`,
      );
    }
    await this.items.for(collection.collection, acc).updateOne(String(row.item), revertValues(row.data, collection));
  }
}
