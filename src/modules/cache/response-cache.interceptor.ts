import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, Observable, of, switchMap, tap } from 'rxjs';
import { accountabilityOf } from '../../common/guards/request-accountability';
import { fullPath } from '../../common/http/route-index';
import { routeCollection } from '../../common/http/route-collection';
import { AppLogger } from '../../common/logging/app-logger';
import { CacheService } from './cache.service';
import { cacheTag, isCacheableRequest, responseCacheKey } from './lib/response-cache-key';

/**
 * Serves GET JSON reads from the data cache when CACHE_ENABLED, keyed by caller, path and sorted query.
 * A cache failure (Redis away) never fails the request: it is answered uncached.
 */
@Injectable()
export class ResponseCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly cache: CacheService,
    private readonly logger: AppLogger,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.cache.enabled || ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const query = req.query as Record<string, unknown>;
    if (
      !isCacheableRequest({
        method: req.method,
        path: fullPath(req),
        query,
        cacheControl: req.headers['cache-control'],
      })
    ) {
      return next.handle();
    }
    // CACHE_STATUS_HEADER names the header telling a read from the cache (`HIT`) from a computed one (`MISS`).
    const status = (value: 'HIT' | 'MISS') => this.cache.statusHeader && res.setHeader(this.cache.statusHeader, value);
    return from(this.lookup(req, query)).pipe(
      switchMap((found) => {
        if (found?.value !== undefined) {
          status('HIT');
          return of(found.value);
        }
        status('MISS');
        return next.handle().pipe(
          tap((value) => {
            // Only JSON bodies: streams and `@Res()` handlers (undefined) are not answers we can replay.
            if (!found || !isJsonObject(value)) return;
            this.cache
              .set(found.key, value)
              .catch((err: unknown) => this.logger.debug({ err }, 'data cache write failed'));
          }),
        );
      }),
    );
  }

  private async lookup(req: Request, query: Record<string, unknown>): Promise<{ key: string; value?: unknown } | null> {
    try {
      const tag = cacheTag(routeCollection(fullPath(req), req.params), query);
      const generations = await this.cache.generations(tag);
      const acc = accountabilityOf(req);
      const key = responseCacheKey({ user: acc.user, share: acc.share?.id, path: fullPath(req), query, generations });
      return { key, value: await this.cache.get(key) };
    } catch (err) {
      // A Redis outage is logged once by RedisService; every request of it would flood the log.
      this.logger.debug({ err }, 'data cache read failed; answering uncached');
      return null;
    }
  }
}

function isJsonObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}
