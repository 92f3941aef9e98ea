import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { Dialect, DIALECT } from '../../database/dialects/dialect';
import { FlatRows, insertRows } from '../../database/insert-rows';

const ACTIVITY_COLUMNS = ['action', 'user', 'ip', 'user_agent', 'origin', 'collection', 'item'];
const REVISION_COLUMNS = ['activity', 'collection', 'item', 'data', 'version'];
const DELTA = { column: 'delta', from: 'data' };

export type ActivityAction =
  'create' | 'update' | 'delete' | 'revert' | 'version_save' | 'comment' | 'login' | 'logout';

export interface ActivityEntry {
  action: ActivityAction;
  collection: string;
  item: string | number;
  /** Who did it; only the user and the request's origin are recorded. */
  acc: Pick<Accountability, 'user' | 'ip' | 'userAgent' | 'origin'> | null;
  /** Written to svc_revisions as well when given (collections with accountability `all`). */
  revision?: {
    data: unknown;
    delta: unknown;
    version?: string | null;
    /** `data` as JSON text, when it was made ahead (an import prepares a batch while the last is written). */
    json?: string;
  };
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

  /**
   * The rows of `record` for many changes at once: the activity rows in multi-row INSERTs, then the
   * revisions linked to them. Answers the activity ids in the order of `entries`.
   */
  async recordMany(manager: EntityManager, entries: ActivityEntry[]): Promise<number[]> {
    if (!entries.length) return [];
    const ids = (
      await insertRows(manager, this.dialect, 'svc_activity', ACTIVITY_COLUMNS, activityRows(entries), 'id')
    ).map(Number);
    // A create's delta is its data: when every revision here is one, its text is sent once.
    const copyData = entries.every((e) => !e.revision || e.revision.delta === e.revision.data);
    const revisions = revisionRows(entries, ids, copyData);
    if (!revisions.values.length) return ids;
    if (copyData) await insertRows(manager, this.dialect, 'svc_revisions', REVISION_COLUMNS, revisions, null, [DELTA]);
    else await insertRows(manager, this.dialect, 'svc_revisions', [...REVISION_COLUMNS, 'delta'], revisions, null);
    return ids;
  }
}

function activityRows(entries: ActivityEntry[]): FlatRows {
  const values = new Array<unknown>(entries.length * ACTIVITY_COLUMNS.length);
  let k = 0;
  for (const e of entries) {
    values[k++] = e.action;
    values[k++] = e.acc?.user ?? null;
    values[k++] = e.acc?.ip ?? null;
    values[k++] = e.acc?.userAgent ?? null;
    values[k++] = e.acc?.origin ?? null;
    values[k++] = e.collection;
    values[k++] = String(e.item);
  }
  return { width: ACTIVITY_COLUMNS.length, values };
}

/** The revisions of `entries` (activity ids in `ids`), with their delta unless `copyData` (delta is data). */
function revisionRows(entries: ActivityEntry[], ids: number[], copyData: boolean): FlatRows {
  const values: unknown[] = [];
  entries.forEach((e, i) => {
    if (!e.revision) return;
    const data = e.revision.json ?? JSON.stringify(e.revision.data ?? null);
    values.push(ids[i], e.collection, String(e.item), data, e.revision.version ?? null);
    if (!copyData) values.push(e.revision.delta === e.revision.data ? data : JSON.stringify(e.revision.delta ?? null));
  });
  return { width: REVISION_COLUMNS.length + (copyData ? 0 : 1), values };
}
