import { RequestsExceededError } from '../../common/errors/errors';

/** The 429 of every limiter (API.md 3.6): the limit, when its window ends, and Retry-After in whole seconds. */
export function requestsExceeded(limit: number, msLeft: number): RequestsExceededError {
  return new RequestsExceededError(
    { limit, reset: new Date(Date.now() + msLeft).toISOString() },
    Math.max(1, Math.ceil(msLeft / 1000)),
  );
}
