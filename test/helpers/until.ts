import { setImmediate } from 'node:timers/promises';

/**
 * Resolves once `reached` holds, checking it again after every turn of the event loop; fails with
 * `what` after `timeoutMs`. For a state the server reaches on its own (a slot taken, a scheduled check
 * run), so the test goes on as soon as it is there rather than after a guessed pause.
 */
export async function until(
  reached: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await reached())) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms`);
    await setImmediate();
  }
}
