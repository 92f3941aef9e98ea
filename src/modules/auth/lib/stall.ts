import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers no sooner than `ms` after the start, success or failure alike, so the
 * answer's timing does not tell which emails exist (API.md 3.1, 3.4).
 */
export async function withStall<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const remaining = ms - (Date.now() - started);
    if (remaining > 0) await sleep(remaining);
  }
}
