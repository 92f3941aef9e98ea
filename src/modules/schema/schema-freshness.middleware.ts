import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppLogger } from '../../common/logging/app-logger';
import { SchemaOverviewService } from './schema-overview.service';

/** Before guards and handlers: the schema overview catches up with DDL run outside Vellum (API.md 11.2). */
@Injectable()
export class SchemaFreshnessMiddleware implements NestMiddleware {
  constructor(
    private readonly overviews: SchemaOverviewService,
    private readonly logger: AppLogger,
  ) {}

  use(_req: Request, _res: Response, next: NextFunction): void {
    this.overviews.ensureFresh().then(
      () => next(),
      (err: unknown) => {
        // The database away: the request fails on its own queries, or answers from the overview held.
        this.logger.debug({ err }, 'schema freshness check failed');
        next();
      },
    );
  }
}
