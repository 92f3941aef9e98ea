import { setImmediate, setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves once `reached` holds, checking it again after every turn of the event loop; fails with
 * `what` after `timeoutMs`. For a state the server reaches on its own (a slot taken, a scheduled check
 * run), so the test goes on as soon as it is there rather than after a guessed pause.
 *
 * `everyMs` spaces the checks when each one costs another process work (a connection attempt to a
 * server still starting, a request to an instance under test) rather than only reading memory.
 */
export async function until(
  reached: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
  everyMs = 0,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await reached())) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms`);
    await (everyMs > 0 ? sleep(everyMs) : setImmediate());
  }
}
