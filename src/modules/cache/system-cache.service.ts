import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { RedisService } from './redis.service';

export type ReloadHandler = () => void | Promise<void>;

/**
 * The system cache bus: modules that keep system state in memory (schema overview, permissions,
 * settings) register a reload handler; `broadcastReload()` runs them here and, when REDIS is set,
 * on every other instance through Redis pub/sub.
 */
@Injectable()
export class SystemCacheService implements OnModuleInit {
  private readonly handlers = new Set<ReloadHandler>();
  /** Lets an instance skip its own broadcast, whose handlers it already ran before publishing. */
  private readonly instanceId = randomUUID();
  private publish?: (message: string) => Promise<unknown>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisService,
    private readonly logger: AppLogger,
  ) {}

  get channel(): string {
    return `${this.config.cache.namespace}:system-reload`;
  }

  async onModuleInit(): Promise<void> {
    if (!this.redis.configured) return;
    const [publisher, subscriber] = await Promise.all([this.redis.connect('bus-publish'), this.redis.connect('bus-subscribe')]);
    subscriber.on('message', (channel: string, origin: string) => {
      if (channel === this.channel && origin !== this.instanceId) void this.runHandlers();
    });
    await subscriber.subscribe(this.channel);
    this.publish = (message) => publisher.publish(this.channel, message);
  }

  /** Registers a handler; the returned function unregisters it. */
  onReload(handler: ReloadHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Reloads here first, so this instance's next answer already uses fresh state, then tells the others. */
  async broadcastReload(): Promise<void> {
    await this.runHandlers();
    await this.publish?.(this.instanceId);
  }

  private async runHandlers(): Promise<void> {
    for (const handler of this.handlers) {
      try {
        await handler();
      } catch (err) {
        // One module failing to reload must not keep the others on stale state.
        this.logger.error({ err }, 'system cache reload handler failed');
      }
    }
  }
}
