import { Inject, MiddlewareConsumer, Module, NestModule, OnApplicationShutdown, RequestMethod } from '@nestjs/common';
import { CLOCK, Clock } from '../../common/clock';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { RedisService } from '../cache/redis.service';
import { COUNTER_STORE, CounterStore, MemoryCounterStore, RedisCounterStore } from './counter-store';
import { IpRateLimiterMiddleware } from './ip-rate-limiter.middleware';
import { MailLimiterService } from './mail-limiter.service';

/** Redis when it is configured and the limiter or cache is told to use it; otherwise this process's memory. */
async function createCounterStore(
  config: AppConfig,
  redis: RedisService,
  logger: AppLogger,
  clock: Clock,
): Promise<CounterStore> {
  const useRedis =
    config.redis !== undefined && (config.rateLimiter.store === 'redis' || config.cache.store === 'redis');
  return useRedis
    ? new RedisCounterStore(await redis.connect('counters'), config.cache.namespace, logger, clock)
    : new MemoryCounterStore(clock);
}

@Module({
  providers: [
    { provide: COUNTER_STORE, useFactory: createCounterStore, inject: [APP_CONFIG, RedisService, AppLogger, CLOCK] },
    IpRateLimiterMiddleware,
    MailLimiterService,
  ],
  exports: [COUNTER_STORE, MailLimiterService],
})
export class RateLimiterModule implements NestModule, OnApplicationShutdown {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    if (!this.config.rateLimiter.enabled) return;
    // API.md 3.6: every route after /server/ping, which load balancers poll.
    consumer
      .apply(IpRateLimiterMiddleware)
      .exclude({ path: 'server/ping', method: RequestMethod.GET })
      .forRoutes({ path: '*path', method: RequestMethod.ALL });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
