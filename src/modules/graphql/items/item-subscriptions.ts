import {
  GraphQLEnumType,
  GraphQLID,
  GraphQLNonNull,
  GraphQLObjectType,
  Kind,
  type GraphQLFieldConfigMap,
  type GraphQLResolveInfo,
} from 'graphql';
import type { ItemAction, ItemEvent } from '../../items/item-events.service';
import type { Item, ItemsService, PrimaryKey } from '../../items/items.service';
import type { Query } from '../../../common/query/query.types';
import type { ItemsContext } from '../graphql-context';
import { queryOf, type ItemResolverDeps } from './item-resolvers';
import type { CollectionTypes } from './item-types';
import { PushQueue } from './push-queue';
import { fieldNodes } from './selection-query';

/** Committed item writes, as the realtime bus hands them out (this instance's and, with Redis, the others'). */
export interface ItemEventSource {
  on(listener: (event: ItemEvent) => void): () => void;
}

/** One event of `<collection>_mutated`: the key written, and the item as the subscriber may read it (null for a delete). */
export interface ItemMutation {
  key: PrimaryKey;
  event: ItemAction;
  data: Item | null;
}

/** The written items the subscriber may read, by key as text; the others are absent. */
export type ReadItems = (keys: PrimaryKey[]) => Promise<Map<string, Item>>;

/** Of a delete's keys, those whose items the subscriber could read (ItemsService.readableDeletedKeys). */
export type ReadDeleted = (keys: PrimaryKey[], rows?: Item[]) => Promise<PrimaryKey[]>;

export const EventEnum = new GraphQLEnumType({
  name: 'EventEnum',
  values: { create: { value: 'create' }, update: { value: 'update' }, delete: { value: 'delete' } },
});

/**
 * `<collection>_mutated(event)`, as the reference platform's subscriptions: one event per written key,
 * in the order of the write. Each item is read through the items engine as the subscriber, with the
 * selection of `data`; an item the subscriber may not read is not announced at all.
 */
export function itemSubscriptions(
  deps: ItemResolverDeps,
  source: ItemEventSource,
  types: CollectionTypes,
): GraphQLFieldConfigMap<unknown, ItemsContext> {
  const name = types.collection.collection;
  const type = new GraphQLObjectType({
    name: `${name}_mutated`,
    fields: { key: { type: new GraphQLNonNull(GraphQLID) }, event: { type: EventEnum }, data: { type: types.object } },
  });
  return {
    [`${name}_mutated`]: {
      type,
      args: { event: { type: EventEnum } },
      subscribe: (_s, args: { event?: ItemAction | null }, ctx: ItemsContext, info) => {
        const query = queryOf(deps, types, {}, info, dataSelection(info));
        const read = readItems(() => deps.items.for(name, ctx.acc), types.collection.primary, query);
        const deleted: ReadDeleted = (keys, rows) => deps.items.for(name, ctx.acc).readableDeletedKeys(keys, rows);
        return watchItemEvents(source, name, args.event ?? undefined, read, deleted);
      },
      resolve: (payload) => payload,
    },
  };
}

/**
 * The items of a write read in one query, with the key added to the selection to tell them apart. A
 * subscriber who may read the selected fields but not the key (a field-limited rule) gets them one by one,
 * from the first refusal on: the query would be refused again on every later write.
 */
function readItems(service: () => ItemsService, key: string, query: Query): ReadItems {
  const fields = query.fields?.some((f) => f === key || f === '*') ? query.fields : [...(query.fields ?? []), key];
  let together = true;
  const oneByOne = async (keys: PrimaryKey[]) => {
    const items = await Promise.all(
      keys.map((k) =>
        service()
          .readOne(k, query)
          .then(
            (item) => [String(k), item] as const,
            () => null,
          ),
      ),
    );
    return new Map(items.filter((entry) => entry !== null));
  };
  return async (keys) => {
    if (keys.length === 1 || !together) return oneByOne(keys);
    const items = await service()
      .readMany(keys, { ...query, fields })
      .catch(() => null);
    if (items) return new Map(items.map((item) => [String(item[key]), item]));
    together = false;
    return oneByOne(keys);
  };
}

/** What the subscription selects of `data`, however many times (aliases, fragments) it is selected. */
function dataSelection(info: GraphQLResolveInfo) {
  const data = fieldNodes(info.fieldNodes[0].selectionSet, info.fragments).filter((node) => node.name.value === 'data');
  return { kind: Kind.SELECTION_SET, selections: data.flatMap((node) => node.selectionSet?.selections ?? []) } as const;
}

/**
 * The mutations of `collection` (of one action, with `only`) as they are committed. Listens from the
 * call on (not from the first read), so no write in between is missed; ending the iterator stops listening.
 */
export function watchItemEvents(
  source: ItemEventSource,
  collection: string,
  only: ItemAction | undefined,
  read: ReadItems,
  deleted: ReadDeleted,
): PushQueue<ItemMutation> {
  let chain = Promise.resolve();
  const queue = new PushQueue<ItemMutation>(() => stop());
  const stop = source.on((event) => {
    if (event.collection !== collection || (only !== undefined && event.action !== only)) return;
    // One write's events are read and sent before the next write's, whatever each read takes.
    chain = chain.then(() => deliver(queue, event, read, deleted));
  });
  return queue;
}

async function deliver(
  queue: PushQueue<ItemMutation>,
  event: ItemEvent,
  read: ReadItems,
  deleted: ReadDeleted,
): Promise<void> {
  if (event.action === 'delete') {
    // Only the deletes of items the subscriber could read are announced, as the other writes.
    const keys = await deleted(event.keys, event.rows).catch(() => []);
    for (const key of keys) queue.push({ key, event: event.action, data: null });
    return;
  }
  // One read for all the keys of a write, not one per key: a batch of 100 costs each subscriber one query.
  const items = await read(event.keys).catch(() => new Map<string, Item>());
  for (const key of event.keys) {
    const data = items.get(String(key));
    // As the reference: a write the subscriber may not read (or that is gone again) is not announced.
    if (data) queue.push({ key, event: event.action, data });
  }
}
