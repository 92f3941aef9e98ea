import type { Request, Response } from 'express';
import { AppError, AppErrorList } from '../errors/app-error';
import { InternalServerError, RequestsExceededError } from '../errors/errors';
import type { AppLogger } from '../logging/app-logger';
import { toAppError, TranslateDatabaseError } from './to-app-error';

export function serializeError(e: AppError) {
  return { message: e.message, extensions: { ...(e.extensions ?? {}), code: e.code } };
}

/** Writes the standard error body; used by the exception filter and by the body-parser error middleware. */
export function sendError(
  req: Request,
  res: Response,
  exception: unknown,
  logger: AppLogger,
  translateDatabaseError?: TranslateDatabaseError,
): void {
  let error = toAppError(exception, req.originalUrl?.split('?')[0] ?? req.url, translateDatabaseError);
  if (!error) {
    // The stack goes to the log only: callers get a generic message that leaks nothing internal.
    logger.error({ err: exception, reqId: (req as { id?: string }).id }, 'unexpected error');
    error = new InternalServerError();
  } else if (error.status >= 500) {
    logger.error({ err: exception, reqId: (req as { id?: string }).id }, error.message);
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const errors = error instanceof AppErrorList ? error.errors : [error];
  if (error instanceof RequestsExceededError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res.status(error.status).json({ errors: errors.map(serializeError) });
}
