import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';

export interface ActivityEntry {
  action: string;
  collection: string;
  item: string;
  acc: Pick<Accountability, 'user' | 'ip' | 'userAgent' | 'origin'>;
}

/**
 * Writes svc_activity rows (API.md 8) through the caller's manager, so a row commits with its change.
 * `timestamp` comes from the column default: a raw Date cannot be bound on every driver without entity metadata.
 */
@Injectable()
export class ActivityRecorder {
  async record(manager: EntityManager, { action, collection, item, acc }: ActivityEntry): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into('svc_activity')
      .values({
        action,
        collection,
        item,
        user: acc.user,
        ip: acc.ip,
        user_agent: acc.userAgent,
        origin: acc.origin,
      })
      .execute();
  }
}
