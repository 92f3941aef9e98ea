import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';

/** One write of rows as the engine runs it: the rows it targets (update, delete), the values it sets. */
export interface RowWrite {
  keys: readonly unknown[];
  values: readonly Record<string, unknown>[];
}

/**
 * Rules on writes of particular collections that modules above items decide (users: who may make or
 * touch an administrator, that one remains). The engine calls them on every write, whatever path it
 * came by, inside the write's transaction; users hands them in (ROW_WRITE_GUARDS), so items need not
 * import users. A guard refuses a write by throwing, which rolls its transaction back.
 */
export interface RowWriteGuards {
  /** Checks a write of rows of `collection` before it runs. */
  beforeRows(collection: string, manager: EntityManager, acc: Accountability | null, write: RowWrite): Promise<void>;
  /** Runs `work`, the whole write to `collection`, with what must hold across it checked around it. */
  around<T>(
    collection: string,
    manager: EntityManager,
    acc: Accountability | null,
    work: (manager: EntityManager) => Promise<T>,
  ): Promise<T>;
}

export const ROW_WRITE_GUARDS = Symbol('ROW_WRITE_GUARDS');
