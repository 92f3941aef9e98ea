import type { ServerResponse } from 'node:http';
import { AppError, AppErrorList } from '../errors/app-error';
import { InternalServerError, ServiceBusyError } from '../errors/errors';
import type { AppLogger } from '../logging/app-logger';
import { toAppError, TranslateDatabaseError } from './to-app-error';

export function serializeError(e: AppError) {
  return { message: e.message, extensions: { ...(e.extensions ?? {}), code: e.code } };
}

/** The request's path without its query string (still percent-encoded, as it arrived). */
export function requestPath(req: { originalUrl?: string; url?: string }): string {
  const url = req.originalUrl ?? req.url ?? '/';
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Writes the standard error body: for errors of routes (the exception filter) and of the middlewares
 * that run before them. Only Node's response API is used, so any middleware's response will do.
 */
export function sendError(
  req: { originalUrl?: string; url?: string; id?: string },
  res: ServerResponse,
  exception: unknown,
  logger: AppLogger,
  translateDatabaseError?: TranslateDatabaseError,
): void {
  let error = toAppError(exception, requestPath(req), translateDatabaseError);
  if (!error) {
    // The stack goes to the log only: callers get a generic message that leaks nothing internal.
    logger.error({ err: exception, reqId: req.id }, 'unexpected error');
    error = new InternalServerError();
  } else if (error instanceof ServiceBusyError) {
    logger.warn({ reqId: req.id, path: requestPath(req), service: error.extensions?.service }, error.message);
  } else if (error.status >= 500) {
    logger.error({ err: exception, reqId: req.id }, error.message);
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const errors = error instanceof AppErrorList ? error.errors : [error];
  const body = JSON.stringify({ errors: errors.map(serializeError) });
  // An error raised while an export was being prepared must leave as JSON, not as a download.
  res.removeHeader('Content-Disposition');
  // Rate limits and a busy database say when to try again.
  const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
  res.statusCode = error.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
