import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { INSTANCE_OWNER } from '../../common/instance-owner';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { RedisService } from '../cache/redis.service';
import { ItemEvent, ItemEventListener, ItemEventsService } from '../items/item-events.service';

interface Published extends ItemEvent {
  origin: string;
}

/**
 * Committed item writes for the sockets of this instance: the ones made here straight from the items
 * engine, and, with REDIS set, the ones other instances publish. Each instance publishes its own writes
 * and skips its own messages on the channel, so no socket hears a write twice.
 */
@Injectable()
export class RealtimeBusService implements OnModuleInit, OnModuleDestroy {
  private readonly listeners = new Set<ItemEventListener>();
  private publisher?: Redis;
  private stopLocal?: () => void;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly itemEvents: ItemEventsService,
    private readonly redisService: RedisService,
    private readonly logger: AppLogger,
  ) {}

  private get channel(): string {
    return `${this.config.cache.namespace}:realtime`;
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.websockets.enabled) return;
    this.stopLocal = this.itemEvents.on((event) => {
      this.deliver(event);
      this.publish(event);
    });
    if (!this.redisService.configured) return;
    const [publisher, subscriber] = await Promise.all([
      this.redisService.connect('realtime'),
      this.redisService.connect('realtime-subscribe', 'subscriber'),
    ]);
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.received(text);
    });
    await this.redisService.subscribe(subscriber, this.channel);
    this.publisher = publisher;
  }

  onModuleDestroy(): void {
    this.stopLocal?.();
    this.listeners.clear();
  }

  /** Registers a listener; the returned function removes it. */
  on(listener: ItemEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private publish(event: ItemEvent): void {
    if (!this.publisher) return;
    const message: Published = { ...event, origin: INSTANCE_OWNER };
    // Redis away: RedisService logs the outage once; sockets on other instances miss these writes.
    this.publisher.publish(this.channel, JSON.stringify(message)).catch(() => undefined);
  }

  private received(text: string): void {
    let message: Published;
    try {
      message = JSON.parse(text) as Published;
    } catch {
      return;
    }
    if (message.origin === INSTANCE_OWNER || !Array.isArray(message.keys)) return;
    const rows = Array.isArray(message.rows) ? { rows: message.rows } : {};
    this.deliver({ collection: message.collection, action: message.action, keys: message.keys, ...rows });
  }

  private deliver(event: ItemEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (e) {
        this.logger.error({ err: e }, 'realtime event listener failed');
      }
    }
  }
}
