import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CacheService } from './cache.service';
import { RedisService } from './redis.service';
import { ResponseCacheInterceptor } from './response-cache.interceptor';
import { SystemCacheSyncMiddleware } from './system-cache-sync.middleware';
import { SystemCacheService } from './system-cache.service';

/** Data cache, response caching of GET reads, and the system-cache reload bus; global for every module. */
@Global()
@Module({
  providers: [
    RedisService,
    CacheService,
    SystemCacheService,
    { provide: APP_INTERCEPTOR, useClass: ResponseCacheInterceptor },
  ],
  exports: [RedisService, CacheService, SystemCacheService],
})
export class CacheModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SystemCacheSyncMiddleware).forRoutes('{*path}');
  }
}
