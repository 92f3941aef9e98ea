import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppLogger } from '../../common/logging/app-logger';
import { SystemCacheService } from './system-cache.service';

/** Before guards and handlers: an instance catches up with a system reload made elsewhere. */
@Injectable()
export class SystemCacheSyncMiddleware implements NestMiddleware {
  constructor(
    private readonly systemCache: SystemCacheService,
    private readonly logger: AppLogger,
  ) {}

  use(_req: Request, _res: Response, next: NextFunction): void {
    this.systemCache.sync().then(
      () => next(),
      (err: unknown) => {
        // Redis away: answer with the state this instance holds rather than fail the request (the
        // outage itself is logged once by RedisService).
        this.logger.debug({ err }, 'system cache version check failed');
        next();
      },
    );
  }
}
