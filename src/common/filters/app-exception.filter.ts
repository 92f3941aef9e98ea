import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import { DIALECT, Dialect } from '../../database/dialects/dialect';
import { AppLogger } from '../logging/app-logger';
import { sendError } from './send-error';

/** The only exception filter: every error, from any layer, leaves as `{ errors: [...] }`. */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  constructor(
    @Inject(DIALECT) private readonly dialect: Dialect,
    private readonly logger: AppLogger,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    sendError(ctx.getRequest<Request & { id?: string }>(), ctx.getResponse<ServerResponse>(), exception, this.logger, (e) =>
      this.dialect.translateError(e),
    );
  }
}
