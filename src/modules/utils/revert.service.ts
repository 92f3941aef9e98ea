import { Injectable } from '@nestjs/common';
import type { Accountability } from '../../common/accountability';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';
import { ItemsFactory } from '../items/items.factory';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { isSystemCollection } from '../schema/system-schema';
import { revertValues } from './lib/revert-values';

/**
 * The system collections whose REST routes write plain items, so a revert through the items engine
 * writes them as those routes would. The others (users, files, folders, shares, comments, versions,
 * settings) have rules of their own on every write (the last admin stays, uploads, share rights), which
 * a revert must not go around.
 */
const REVERTIBLE_SYSTEM = new Set(['svc_roles', 'svc_permissions', 'svc_presets', 'svc_notifications', 'svc_dashboards', 'svc_panels', 'svc_translations']);

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
    const row = await this.items.for('svc_revisions', acc).readOne(revision, { fields: ['collection', 'item', 'data'] });
    if (!isPlainObject(row.data)) throw new InvalidPayloadError("The revision holds no data to revert to");
    const collection = this.overviews.current.collection(String(row.collection));
    if (!collection?.table) throw new ForbiddenError();
    if (isSystemCollection(collection.collection) && !REVERTIBLE_SYSTEM.has(collection.collection)) {
      throw new InvalidPayloadError(`Revisions of ${collection.collection} can't be reverted: change the item through its own endpoint`);
    }
    await this.items.for(collection.collection, acc).updateOne(String(row.item), revertValues(row.data, collection));
  }
}
