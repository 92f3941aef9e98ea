/**
 * An async iterator fed by pushes. Unlike an async generator, `return()` ends it at once, even while a
 * `next()` waits, so a subscription completed by its client stops listening without waiting for one
 * more event. `onReturn` runs once, when the consumer ends it.
 */
export class PushQueue<T> implements AsyncIterableIterator<T> {
  private readonly values: T[] = [];
  private readonly waiting: ((result: IteratorResult<T>) => void)[] = [];
  private done = false;

  constructor(private readonly onReturn: () => void = () => undefined) {}

  push(value: T): void {
    if (this.done) return;
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value, done: false });
    else this.values.push(value);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.values.length > 0) return Promise.resolve({ value: this.values.shift() as T, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.done) {
      this.done = true;
      this.values.length = 0;
      for (const waiter of this.waiting.splice(0)) waiter({ value: undefined, done: true });
      this.onReturn();
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
