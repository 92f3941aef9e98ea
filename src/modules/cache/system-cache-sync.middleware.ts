import { Injectable, NestMiddleware } from '@nestjs/common';
import type { MiddlewareRequest, MiddlewareResponse } from '../../common/http/http-types';
import { AppLogger } from '../../common/logging/app-logger';
import { SystemCacheService } from './system-cache.service';

/** Before guards and handlers: an instance catches up with a system reload made elsewhere. */
@Injectable()
export class SystemCacheSyncMiddleware implements NestMiddleware {
  constructor(
    private readonly systemCache: SystemCacheService,
    private readonly logger: AppLogger,
  ) {}

  use(_req: MiddlewareRequest, _res: MiddlewareResponse, next: (error?: unknown) => void): void {
    this.systemCache.sync().then(
      () => next(),
      (err: unknown) => {
        // Redis away: answer with the state this instance holds rather than fail the request.
        this.logger.warn({ err }, 'system cache version check failed');
        next();
      },
    );
  }
}
