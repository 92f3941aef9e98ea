import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { COUNTER_STORE, CounterStore } from './counter-store';
import { requestsExceeded } from './requests-exceeded';

/** Per-IP limiter (API.md 3.6): RATE_LIMITER_POINTS requests per RATE_LIMITER_DURATION seconds. */
@Injectable()
export class IpRateLimiterMiddleware implements NestMiddleware {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
  ) {}

  async use(req: Request, _res: Response, next: NextFunction): Promise<void> {
    const { points, duration } = this.config.rateLimiter;
    const hit = await this.store.hit(`rate-limit:${req.ip ?? 'unknown'}`, duration * 1000);
    if (hit.count > points) throw requestsExceeded(points, hit.msLeft);
    next();
  }
}
