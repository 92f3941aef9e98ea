import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { AppLogger } from '../logging/app-logger';
import { sendError } from './send-error';
import type { TranslateDatabaseError } from './to-app-error';

/**
 * The only exception filter: every error, from any layer, leaves as `{ errors: [...] }`. The dialect's
 * error translation is handed in (core.module.ts) so that common/ does not import database/.
 */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly translateDatabaseError: TranslateDatabaseError,
    private readonly logger: AppLogger,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    sendError(
      ctx.getRequest<Request & { id?: string }>(),
      ctx.getResponse<ServerResponse>(),
      exception,
      this.logger,
      this.translateDatabaseError,
    );
  }
}
