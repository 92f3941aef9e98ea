import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { parseQuery } from '../../common/query/parse-query';
import type { Query } from '../../common/query/query.types';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { ItemEvent } from '../items/item-events.service';
import { ItemsFactory } from '../items/items.factory';
import type { Item, PrimaryKey } from '../items/items.service';
import type { SubscribeMessage, SubscriptionEvent } from './lib/messages';
import type { Uid } from './lib/socket-error';
import { RealtimeBusService } from './realtime-bus.service';
import type { SocketClient } from './socket-client';

interface Subscription {
  client: SocketClient;
  collection: string;
  query: Query;
  event?: SubscriptionEvent;
  item?: Uid;
  uid?: Uid;
}

/**
 * The messages of one event: a batch created is announced item by item, as the reference's create hook
 * runs once per item; updates and deletes of a batch come as one message.
 */
export function eventPayloads(action: ItemEvent['action'], data: unknown, itemSubscription: boolean): unknown[] {
  if (action === 'create' && !itemSubscription && Array.isArray(data)) return (data as unknown[]).map((item) => [item]);
  return [data];
}

/**
 * `subscribe` / `unsubscribe` and the events they ask for. Every read (the initial one and each event's)
 * goes through the items engine as the subscriber, with the subscription's query: an event carries the
 * written items only as far as that subscriber may read them, and only the ones its filter matches.
 */
/** As the reference: a subscription's events carry its uid as text, whether it was sent as a number or a string. */
function subscriptionUid(uid: Uid | undefined): string | undefined {
  return uid === undefined ? undefined : String(uid);
}

@Injectable()
export class SubscriptionsService implements OnModuleInit, OnModuleDestroy {
  private readonly byCollection = new Map<string, Set<Subscription>>();
  private stop?: () => void;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly items: ItemsFactory,
    private readonly bus: RealtimeBusService,
  ) {}

  onModuleInit(): void {
    this.stop = this.bus.on((event) => void this.dispatch(event));
  }

  onModuleDestroy(): void {
    this.stop?.();
    this.byCollection.clear();
  }

  async subscribe(client: SocketClient, message: SubscribeMessage): Promise<void> {
    const query = parseQuery(message.query ?? {}, this.config.query);
    const subscription: Subscription = {
      client,
      collection: message.collection,
      query,
      event: message.event,
      item: message.item,
      uid: subscriptionUid(message.uid),
    };
    // The initial read is also the permission check: FORBIDDEN here registers nothing.
    const data = await this.read(subscription);
    // A uid names one subscription per connection: subscribing again with it replaces the old one.
    if (message.uid !== undefined) this.unsubscribe(client, message.uid);
    let set = this.byCollection.get(subscription.collection);
    if (!set) this.byCollection.set(subscription.collection, (set = new Set()));
    set.add(subscription);
    client.send('subscription', { event: 'init', data }, subscription.uid);
  }

  /** One subscription by uid, or every subscription of the connection. */
  unsubscribe(client: SocketClient, uid?: Uid): void {
    for (const [collection, set] of this.byCollection) {
      for (const s of set)
        if (s.client === client && (uid === undefined || String(s.uid) === String(uid))) set.delete(s);
      if (!set.size) this.byCollection.delete(collection);
    }
  }

  private async dispatch(event: ItemEvent): Promise<void> {
    const set = this.byCollection.get(event.collection);
    if (!set) return;
    await Promise.all([...set].map((s) => this.notify(s, event)));
  }

  private async notify(s: Subscription, event: ItemEvent): Promise<void> {
    if (s.event !== undefined && s.event !== event.action) return;
    if (s.item !== undefined && !event.keys.some((k) => String(k) === String(s.item))) return;
    if (!s.client.open) return;
    try {
      const data = await this.read(s, event);
      if (Array.isArray(data) && data.length === 0) return;
      for (const payload of eventPayloads(event.action, data, s.item !== undefined))
        s.client.send('subscription', { event: event.action, data: payload }, s.uid);
    } catch (e) {
      s.client.sendError('subscribe', e, s.uid);
    }
  }

  /**
   * The reference's payloads: one item for an item subscription, a list otherwise; keys for deletes,
   * only those of items the subscriber could read.
   */
  private async read(s: Subscription, event?: ItemEvent): Promise<Item | Item[] | PrimaryKey | PrimaryKey[]> {
    const service = this.items.for(s.collection, s.client.acc);
    if (event?.action === 'delete') {
      // An empty list is not sent (see notify).
      const keys = await service.readableDeletedKeys(s.item !== undefined ? [s.item] : event.keys, event.rows);
      return s.item !== undefined && keys.length ? s.item : keys;
    }
    if (s.item !== undefined) return service.readOne(s.item, s.query);
    return event ? service.readMany(event.keys, s.query) : service.readByQuery(s.query);
  }
}
