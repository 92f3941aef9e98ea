import { QueryFailedError } from 'typeorm';
import { DatabaseBusyError } from '../common/errors/errors';
import type { Dialect } from './dialects/dialect';

/** Attempts in all, and the pause before each retry, growing: a deadlock's other party needs a moment to finish. */
const ATTEMPTS = 4;
const PAUSE_MS = 25;

/**
 * Runs `work` again when the database gave up on it for a concurrent statement (a deadlock, a
 * serialization failure: DatabaseBusyError by the dialect), a bounded number of times; then the last
 * failure stands, answered 503 with a retry hint. Only for work that is safe to repeat (reads, or a
 * transaction the failure rolled back whole).
 */
export async function retryWhenBusy<T>(
  dialect: Pick<Dialect, 'translateError'>,
  work: () => Promise<T>,
  attempts = ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      const busy =
        e instanceof QueryFailedError && dialect.translateError(e as QueryFailedError) instanceof DatabaseBusyError;
      if (!busy || attempt >= attempts) throw e;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt));
    }
  }
}
