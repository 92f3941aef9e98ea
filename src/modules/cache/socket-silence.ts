import type Redis from 'ioredis';

/** The members of an ioredis connection its own socket timeout works with (ioredis 5, pinned). */
interface SocketTimeoutInternals {
  stream: NodeJS.EventEmitter & { destroy(error: Error): void };
  commandQueue: { length: number };
  socketTimeoutTimer: NodeJS.Timeout | undefined;
  setSocketTimeout(): void;
}

/**
 * Drops `redis`'s socket when a command has waited `ms` with nothing read, as ioredis's `socketTimeout`
 * does, but judged after the I/O phase that follows the timer. ioredis judges by the timer alone, so
 * after the event loop was busy for longer than `ms` (a large response built, a garbage collection, a
 * loaded machine) it dropped a healthy connection whose answer was already waiting on the socket, and
 * every other connection with it: an outage logged, the cache bypassed, for nothing.
 */
export function dropSilentSocketAfter(redis: Redis, ms: number): void {
  redis.options.socketTimeout = ms;
  const connection = redis as unknown as SocketTimeoutInternals;
  connection.setSocketTimeout = function (this: SocketTimeoutInternals) {
    const stream = this.stream;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (this.socketTimeoutTimer !== timer) return;
          this.socketTimeoutTimer = undefined;
          stream.destroy(new Error(`Socket timeout. Expecting data, but didn't receive any in ${ms}ms.`));
        }),
      ms,
    );
    this.socketTimeoutTimer = timer;
    stream.once('data', () => {
      clearTimeout(timer);
      if (this.socketTimeoutTimer === timer) this.socketTimeoutTimer = undefined;
      if (this.commandQueue.length > 0 && this.socketTimeoutTimer === undefined) this.setSocketTimeout();
    });
  };
}
