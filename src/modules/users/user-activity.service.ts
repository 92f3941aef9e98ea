import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { ActivityService } from '../activity/activity.service';
import { CONCEALED } from '../items/engine/items.types';
import { isSecret } from '../items/engine/shape-rows';
import { ItemsFactory } from '../items/items.factory';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import type { CollectionOverview } from '../schema/schema.types';

const USERS = 'svc_users';

/** `values` with every secret field's value that is set replaced by `**********`, as revisions hold them. */
function concealed(values: Record<string, unknown>, collection: CollectionOverview | undefined): Record<string, unknown> {
  const out = { ...values };
  for (const [key, value] of Object.entries(out)) {
    const field = collection?.fields[key];
    if (field && isSecret(field) && value !== undefined && value !== null) out[key] = CONCEALED;
  }
  return out;
}

/**
 * Activity and revisions of the user writes UsersService makes itself (an administrator's creates,
 * updates and deletes, anyone's own profile), as the items engine records everyone else's and as the
 * reference records them all: by svc_users' accountability, in the write's transaction, secrets concealed.
 * Writes without a caller (the first admin, invites, CLI) are not recorded, as the engine's are not.
 */
@Injectable()
export class UserActivityService {
  constructor(
    private readonly activity: ActivityService,
    private readonly items: ItemsFactory,
    private readonly overviews: SchemaOverviewService,
  ) {}

  private tracking(acc: Accountability | undefined): 'all' | 'activity' | null {
    return acc ? (this.users()?.accountability ?? null) : null;
  }

  private users(): CollectionOverview | undefined {
    return this.overviews.current.collection(USERS);
  }

  /** A created user; its revision holds the values it was created with. */
  async created(manager: EntityManager, acc: Accountability | undefined, id: string, values: Record<string, unknown>): Promise<void> {
    const tracking = this.tracking(acc);
    if (!tracking) return;
    const payload = concealed(values, this.users());
    await this.activity.record(manager, { action: 'create', collection: USERS, item: id, acc: acc!, revision: tracking === 'all' ? { data: payload, delta: payload } : undefined });
  }

  /** An updated user; its revision holds the user as stored after the update, and the changed values. */
  async updated(manager: EntityManager, acc: Accountability | undefined, id: string, values: Record<string, unknown>): Promise<void> {
    const tracking = this.tracking(acc);
    if (!tracking) return;
    const data = tracking === 'all' ? await this.items.for(USERS, null, manager).readOne(id) : null;
    await this.activity.record(manager, { action: 'update', collection: USERS, item: id, acc: acc!, revision: data ? { data, delta: concealed(values, this.users()) } : undefined });
  }

  async deleted(manager: EntityManager, acc: Accountability | undefined, id: string): Promise<void> {
    if (this.tracking(acc)) await this.activity.record(manager, { action: 'delete', collection: USERS, item: id, acc: acc! });
  }
}
