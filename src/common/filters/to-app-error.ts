import { HttpException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AppError, AppErrorList } from '../errors/app-error';
import { isDatabaseUnreachable } from '../errors/database-unreachable';
import {
  ContentTooLargeError,
  DatabaseUnavailableError,
  ForbiddenError,
  InternalServerError,
  InvalidCredentialsError,
  InvalidPayloadError,
  RouteNotFoundError,
  UnsupportedMediaTypeError,
} from '../errors/errors';

export type TranslateDatabaseError = (err: QueryFailedError) => AppError | null;

/**
 * Nest's own HttpExceptions: its router's (404, a path that does not percent-decode as 400) and those it
 * makes of multer's failures (a file over FILES_MAX_UPLOAD_SIZE is 413, other limits and malformed
 * multipart bodies 400).
 */
function fromHttpException(e: HttpException, path: string): AppError {
  const status = e.getStatus();
  const response = e.getResponse();
  const detail =
    typeof response === 'object' && response !== null && 'message' in response ? String(response.message) : e.message;
  switch (status) {
    case 404:
      return new RouteNotFoundError(path);
    case 401:
      return new InvalidCredentialsError();
    case 403:
      return new ForbiddenError();
    case 413:
      return new ContentTooLargeError();
    case 415:
      return new UnsupportedMediaTypeError('unknown', 'request');
    default:
      return status >= 400 && status < 500 ? new InvalidPayloadError(detail) : new InternalServerError();
  }
}

/**
 * Turns anything thrown anywhere into the one error model (a database out of reach is a 503). Returns null for an unexpected error, which
 * the caller answers with a generic 500 and logs in full.
 */
export function toAppError(
  e: unknown,
  path: string,
  translateDatabaseError?: TranslateDatabaseError,
): AppError | AppErrorList | null {
  if (e instanceof AppError || e instanceof AppErrorList) return e;
  if (e instanceof HttpException) return fromHttpException(e, path);
  const translated = e instanceof QueryFailedError ? translateDatabaseError?.(e as QueryFailedError) : null;
  if (translated) return translated;
  // A database that went away is not the request's fault nor a bug: 503, the client retries.
  return isDatabaseUnreachable(e) ? new DatabaseUnavailableError() : null;
}
