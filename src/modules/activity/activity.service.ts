import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { Dialect, DIALECT } from '../../database/dialects/dialect';

export type ActivityAction = 'create' | 'update' | 'delete' | 'revert' | 'version_save' | 'comment' | 'login' | 'logout';

export interface ActivityEntry {
  action: ActivityAction;
  collection: string;
  item: string | number;
  /** Who did it; only the user and the request's origin are recorded. */
  acc: Pick<Accountability, 'user' | 'ip' | 'userAgent' | 'origin'> | null;
  /** Written to svc_revisions as well when given (collections with accountability `all`). */
  revision?: { data: unknown; delta: unknown; version?: string | null };
}

/**
 * svc_activity and svc_revisions rows (API.md 8). Always called with the manager of the transaction that
 * made the change, so the record and the change commit together.
 */
@Injectable()
export class ActivityService {
  constructor(@Inject(DIALECT) private readonly dialect: Dialect) {}

  async record(manager: EntityManager, entry: ActivityEntry): Promise<number> {
    const activity = {
      action: entry.action,
      user: entry.acc?.user ?? null,
      ip: entry.acc?.ip ?? null,
      user_agent: entry.acc?.userAgent ?? null,
      origin: entry.acc?.origin ?? null,
      collection: entry.collection,
      item: String(entry.item),
    };
    const insert = manager.createQueryBuilder().insert().into('svc_activity', Object.keys(activity)).values(activity);
    if (this.dialect.returning) insert.returning('id');
    const result = await insert.execute();
    const id = this.dialect.insertedId(result.raw) ?? Number((result.raw as { id: number }[])[0].id);
    if (entry.revision) {
      await manager
        .createQueryBuilder()
        .insert()
        .into('svc_revisions', ['activity', 'collection', 'item', 'data', 'delta', 'version'])
        .values({
          activity: id,
          collection: entry.collection,
          item: String(entry.item),
          data: JSON.stringify(entry.revision.data ?? null),
          delta: JSON.stringify(entry.revision.delta ?? null),
          version: entry.revision.version ?? null,
        })
        .execute();
    }
    return id;
  }
}
