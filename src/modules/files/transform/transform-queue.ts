import { ServiceBusyError } from '../../../common/errors/errors';
import { WorkLimiter } from '../../../common/work-limiter';

export interface TransformQueueLimits {
  /** ASSETS_TRANSFORM_MAX_RUNNING: transformations computed at once (each may keep several cores busy). */
  maxRunning: number;
  /** ASSETS_TRANSFORM_MAX_RUNNING_PER_CALLER: of those, how many one user or address may hold. */
  maxRunningPerCaller: number;
  /** ASSETS_TRANSFORM_MAX_CONCURRENT: running or waiting; past that, 503 at once. */
  maxConcurrent: number;
}

/**
 * Admission for transformations. One caller's slow jobs hold at most its share of the running slots,
 * so the others' small ones still run. A transformation still waiting at its deadline is dropped
 * without ever starting, so no work is spent on a request that was already answered 503.
 */
export class TransformQueue {
  private readonly limiter: WorkLimiter;

  constructor({ maxRunning, maxRunningPerCaller, maxConcurrent }: TransformQueueLimits) {
    const queue = Math.max(0, maxConcurrent - maxRunning);
    this.limiter = new WorkLimiter({
      concurrency: maxRunning,
      perCaller: maxRunningPerCaller,
      queue,
      perCallerQueue: queue,
    });
  }

  /** `task` once a slot is free; its slot is held until the promise `task` answers settles. */
  async run<T>(deadline: number, caller: string | null, task: () => Promise<T>): Promise<T> {
    const late = new AbortController();
    const timer = setTimeout(
      () => late.abort(new ServiceBusyError('assets', 'The transformation took too long')),
      Math.max(0, deadline - Date.now()),
    );
    const slot = this.limiter.acquire(caller, { signal: late.signal });
    if (!slot) {
      clearTimeout(timer);
      throw new ServiceBusyError('assets', 'Server too busy to transform the image, retry later');
    }
    const release = await slot.finally(() => clearTimeout(timer));
    try {
      return await task();
    } finally {
      release();
    }
  }
}
