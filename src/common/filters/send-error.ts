import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { AppError, AppErrorList } from '../errors/app-error';
import { InternalServerError, RequestsExceededError } from '../errors/errors';
import { requestPath } from '../http/http-types';
import type { AppLogger } from '../logging/app-logger';
import { toAppError, TranslateDatabaseError } from './to-app-error';

export function serializeError(e: AppError) {
  return { message: e.message, extensions: { ...(e.extensions ?? {}), code: e.code } };
}

function isFastifyReply(res: FastifyReply | ServerResponse): res is FastifyReply {
  return 'raw' in res;
}

/**
 * Writes the standard error body. `res` is Fastify's reply for errors of routes and hooks, or Node's
 * response for errors of Nest middlewares (run by @fastify/middie on the raw request).
 */
export function sendError(
  req: { url?: string; id?: string },
  res: FastifyReply | ServerResponse,
  exception: unknown,
  logger: AppLogger,
  translateDatabaseError?: TranslateDatabaseError,
): void {
  let error = toAppError(exception, requestPath(req), translateDatabaseError);
  if (!error) {
    // The stack goes to the log only: callers get a generic message that leaks nothing internal.
    logger.error({ err: exception, reqId: req.id }, 'unexpected error');
    error = new InternalServerError();
  } else if (error.status >= 500) {
    logger.error({ err: exception, reqId: req.id }, error.message);
  }
  const raw = isFastifyReply(res) ? res.raw : res;
  if (raw.headersSent || (isFastifyReply(res) && res.sent)) {
    raw.destroy();
    return;
  }
  const errors = error instanceof AppErrorList ? error.errors : [error];
  const body = { errors: errors.map(serializeError) };
  const headers: Record<string, string> = error instanceof RequestsExceededError ? { 'Retry-After': String(error.retryAfterSeconds) } : {};
  if (isFastifyReply(res)) {
    // An error raised while an export was being prepared must leave as JSON, not under its media type.
    res.removeHeader('Content-Disposition');
    res.code(error.status).headers(headers).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
    return;
  }
  raw.writeHead(error.status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  raw.end(JSON.stringify(body));
}
