export interface WorkLimits {
  /** Tasks running at once, all callers together. */
  concurrency: number;
  /** Tasks one caller may have running at once. */
  perCaller: number;
  /** Tasks waiting for a slot, all callers together. */
  queue: number;
  /** Tasks one caller may have waiting at once. */
  perCallerQueue: number;
}

type Release = () => void;
interface Waiter {
  key: string | null;
  start: (release: Release) => void;
}

/** The promise `acquire` answers rejects with the signal's reason if it aborts before the work may start. */
export interface AcquireOptions {
  signal?: AbortSignal;
}

/**
 * Admission for expensive work (argon2): a few tasks at a time, a few per caller, a short queue behind
 * them, and a refusal for the rest, so a burst costs bounded memory and ends quickly instead of piling
 * up. A null key (work no caller is known for) counts only against the totals.
 */
export class WorkLimiter {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: WorkLimits) {}

  /** A promise of the release to call once the work ends, or null when the work must be refused now. */
  acquire(key: string | null, { signal }: AcquireOptions = {}): Promise<Release> | null {
    if (this.mayStart(key)) return Promise.resolve(this.start(key));
    if (
      this.waiting.length >= this.limits.queue ||
      (key !== null && this.waiting.filter((w) => w.key === key).length >= this.limits.perCallerQueue)
    )
      return null;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        key,
        start: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      this.waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private mayStart(key: string | null): boolean {
    return (
      this.running < this.limits.concurrency && (key === null || (this.runningBy.get(key) ?? 0) < this.limits.perCaller)
    );
  }

  private start(key: string | null): Release {
    this.running++;
    if (key !== null) this.runningBy.set(key, (this.runningBy.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.finish(key);
    };
  }

  private finish(key: string | null): void {
    this.running--;
    if (key !== null) {
      const left = (this.runningBy.get(key) ?? 1) - 1;
      if (left > 0) this.runningBy.set(key, left);
      else this.runningBy.delete(key);
    }
    // The first waiter whose caller is below its share goes next; one caller's backlog never blocks the others.
    const next = this.waiting.findIndex((w) => this.mayStart(w.key));
    if (next < 0) return;
    const [waiter] = this.waiting.splice(next, 1);
    waiter.start(this.start(waiter.key));
  }
}
