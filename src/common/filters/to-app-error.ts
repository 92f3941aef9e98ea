import { HttpException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AppError, AppErrorList } from '../errors/app-error';
import {
  ContentTooLargeError,
  ForbiddenError,
  InternalServerError,
  InvalidCredentialsError,
  InvalidPayloadError,
  RouteNotFoundError,
  UnsupportedMediaTypeError,
} from '../errors/errors';

export type TranslateDatabaseError = (err: QueryFailedError) => AppError | null;

/**
 * Errors raised by body-parser carry an HTTP status, but are not HttpExceptions: its own have a machine
 * `type`, and a body that does not decompress (`Content-Encoding: gzip` on plain text) is the zlib error
 * marked by http-errors with `expose`.
 */
function isBodyParserError(e: unknown): e is { status: number; type?: string; message: string } {
  if (typeof e !== 'object' || e === null) return false;
  const { type, status, expose } = e as { type?: unknown; status?: unknown; expose?: unknown };
  return (typeof type === 'string' || expose === true) && typeof status === 'number' && status >= 400 && status < 500;
}

function fromHttpException(e: HttpException, path: string): AppError {
  const status = e.getStatus();
  const response = e.getResponse();
  const detail =
    typeof response === 'object' && response !== null && 'message' in response
      ? String((response as { message: unknown }).message)
      : e.message;
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
 * Turns anything thrown anywhere into the one error model. Returns null for an unexpected error, which
 * the caller answers with a generic 500 and logs in full.
 */
export function toAppError(
  e: unknown,
  path: string,
  translateDatabaseError?: TranslateDatabaseError,
): AppError | AppErrorList | null {
  if (e instanceof AppError || e instanceof AppErrorList) return e;
  if (e instanceof HttpException) return fromHttpException(e, path);
  if (e instanceof QueryFailedError) return translateDatabaseError?.(e) ?? null;
  if (isBodyParserError(e)) {
    // API.md 1.5: a body over MAX_PAYLOAD_SIZE is INVALID_PAYLOAD (400), like malformed JSON.
    if (e.type === 'entity.too.large') return new InvalidPayloadError('Request body is larger than the allowed size');
    if (e.type === 'entity.parse.failed') return new InvalidPayloadError('Request body is not valid JSON');
    if (e.type === undefined) return new InvalidPayloadError(`Request body can't be decoded: ${e.message}`);
    return new InvalidPayloadError(e.message);
  }
  return null;
}
