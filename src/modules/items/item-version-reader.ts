import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import type { Query } from '../../common/query/query.types';

/**
 * The hook the items controller calls for `?version=<key>` (API.md 5.7). `read` runs the normal read
 * with the query it is given (a list is narrowed to the versioned items), in the manager of a
 * transaction holding the versions' changes when there is one.
 */
/** The read a version read wraps, run with the query it is given, in the manager given when there is one. */
export type NormalRead<T> = (query: Query, manager?: EntityManager) => Promise<T>;

export interface ItemVersionReader {
  read<T extends { data?: unknown }>(
    collection: string,
    item: string | undefined,
    query: Query,
    acc: Accountability,
    read: NormalRead<T>,
  ): Promise<T>;
}

export const ITEM_VERSION_READER = Symbol('ITEM_VERSION_READER');
