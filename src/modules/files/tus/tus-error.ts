import { AppError } from '../../../common/errors/app-error';
import {
  ContentTooLargeError,
  ForbiddenError,
  InvalidPayloadError,
  UnsupportedMediaTypeError,
} from '../../../common/errors/errors';

interface TusFailure {
  status_code: number;
  body: string;
}

function isTusFailure(e: unknown): e is TusFailure {
  return typeof e === 'object' && e !== null && typeof (e as TusFailure).status_code === 'number';
}

/**
 * The tus server's failures in the one error model, where one exists. Statuses the protocol gives a
 * meaning of its own (409 offset conflict, 410 gone, 423 locked, 460 checksum) keep the library's
 * answer, since tus clients act on them; errors of our own hooks stay as they are; anything else is
 * unexpected (null: rethrown, logged, 500).
 */
export function tusErrorToAppError(e: unknown): AppError | 'protocol' | null {
  if (e instanceof AppError) return e;
  if (!isTusFailure(e)) return null;
  const reason = e.body.trim().replace(/\.$/, '');
  switch (e.status_code) {
    case 400:
      return new InvalidPayloadError(reason);
    case 403:
      // The library's 403s are missing headers (offset, content type); ours are checked before it runs.
      return new InvalidPayloadError(reason);
    case 404:
      return new ForbiddenError();
    case 413:
      return new ContentTooLargeError();
    case 415:
      return new UnsupportedMediaTypeError('unknown', 'tus upload chunk');
    default:
      return e.status_code >= 400 && e.status_code < 500 ? 'protocol' : null;
  }
}
