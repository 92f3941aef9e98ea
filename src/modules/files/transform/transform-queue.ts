import { ServiceBusyError } from '../../../common/errors/errors';

interface Waiting {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Runs at most `maxRunning` transformations at once (each may keep several cores busy) and keeps at most
 * `maxConcurrent` running or waiting (ASSETS_TRANSFORM_MAX_CONCURRENT): past that, 503 at once. A
 * transformation still waiting at its deadline is dropped without ever starting, so no work is spent
 * on a request that was already answered 503.
 */
export class TransformQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxConcurrent: number,
  ) {}

  /** `task` once a slot is free; its slot is held until the promise `task` answers settles. */
  run<T>(deadline: number, task: () => Promise<T>): Promise<T> {
    if (this.running + this.waiting.length >= this.maxConcurrent) {
      return Promise.reject(new ServiceBusyError('assets', 'Server too busy to transform the image, retry later'));
    }
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        const work = task();
        const release = () => {
          this.running -= 1;
          this.next();
        };
        work.then(release, release);
        work.then(resolve, reject);
      };
      if (this.running < this.maxRunning) return start();
      const entry: Waiting = {
        start,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new ServiceBusyError('assets', 'The transformation took too long'));
        }, Math.max(0, deadline - Date.now())),
      };
      this.waiting.push(entry);
    });
  }

  private next(): void {
    const entry = this.waiting.shift();
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.start();
  }
}
