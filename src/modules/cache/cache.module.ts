import { DynamicModule, Inject, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CacheService } from './cache.service';
import { RedisService } from './redis.service';
import { ResponseCacheInterceptor } from './response-cache.interceptor';
import { SystemCacheSyncMiddleware } from './system-cache-sync.middleware';
import { SystemCacheService } from './system-cache.service';

/** Data cache, response caching of GET reads, and the system-cache reload bus; global for every module. */
@Module({})
export class CacheModule implements NestModule {
  /**
   * A global interceptor costs every request Nest's observable chain (about 3% of a read's CPU), so the
   * response cache is mounted only when CACHE_ENABLED; the configuration does not change at run time.
   */
  static register(config: AppConfig): DynamicModule {
    return {
      module: CacheModule,
      global: true,
      providers: [
        RedisService,
        CacheService,
        SystemCacheService,
        ...(config.cache.enabled ? [{ provide: APP_INTERCEPTOR, useClass: ResponseCacheInterceptor }] : []),
      ],
      exports: [RedisService, CacheService, SystemCacheService],
    };
  }

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    // Without Redis there is no other instance to catch up with: the version check would be a no-op hop.
    if (this.config.redis === undefined) return;
    // /server/ping answers whatever state Redis is in: load balancers poll it, and it reads no system state.
    consumer
      .apply(SystemCacheSyncMiddleware)
      .exclude({ path: 'server/ping', method: RequestMethod.GET })
      .forRoutes('{*path}');
  }
}
