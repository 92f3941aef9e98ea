import type Redis from 'ioredis';
import { Clock, systemClock } from '../../common/clock';
import type { AppLogger } from '../../common/logging/app-logger';

export const COUNTER_STORE = Symbol('COUNTER_STORE');

export interface CounterHit {
  count: number;
  /** Milliseconds until the counter's window ends. */
  msLeft: number;
}

/**
 * Counters with an expiry, for the per-IP limiter and failed-login lockout. With Redis every instance
 * shares them (ARCHITECTURE: no process-local counters that matter for security).
 */
export interface CounterStore {
  /** Adds one; the window starts with the first hit and lasts `windowMs`. */
  hit(key: string, windowMs: number): Promise<CounterHit>;
  get(key: string): Promise<CounterHit>;
  /**
   * Keeps `value` under `key` for `windowMs` if it is above the value kept there (or none is); false,
   * changing nothing, when it is not. Atomic, so of two callers raising to the same value one wins.
   */
  raise(key: string, value: number, windowMs: number): Promise<boolean>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Above this many counters, expired ones are swept, so one client per IP cannot grow the map forever. */
const SWEEP_ABOVE = 10_000;

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; until: number }>();

  constructor(private readonly clock: Clock = systemClock) {}

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const now = this.clock.now();
    const current = this.live(key, now);
    const counter = current ?? { count: 0, until: now + windowMs };
    counter.count += 1;
    this.counters.set(key, counter);
    return { count: counter.count, msLeft: counter.until - now };
  }

  async get(key: string): Promise<CounterHit> {
    const now = this.clock.now();
    const counter = this.live(key, now);
    return counter ? { count: counter.count, msLeft: counter.until - now } : { count: 0, msLeft: 0 };
  }

  async raise(key: string, value: number, windowMs: number): Promise<boolean> {
    const now = this.clock.now();
    const current = this.live(key, now);
    if (current && current.count >= value) return false;
    this.counters.set(key, { count: value, until: now + windowMs });
    return true;
  }

  /** The counter under `key` while its window lasts; sweeps expired ones first when there are many. */
  private live(key: string, now: number): { count: number; until: number } | undefined {
    if (this.counters.size > SWEEP_ABOVE) {
      for (const [name, counter] of this.counters) if (counter.until <= now) this.counters.delete(name);
    }
    const counter = this.counters.get(key);
    return counter && counter.until > now ? counter : undefined;
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }
}

/** CounterStore.raise in one step on the Redis server, so two instances cannot both win the same value. */
const RAISE_SCRIPT = `
local kept = redis.call('GET', KEYS[1])
if kept and tonumber(kept) >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/**
 * Counters shared by every instance through Redis. While Redis is away (its connection fails commands
 * at once, and a frozen Redis costs one command REDIS_COMMAND_TIMEOUT: RedisService), this instance
 * counts in its own memory instead: login lockout and rate limits stay enforced per instance rather
 * than every sign-in and request failing. Every counter goes through `shared`, so each kind of counter
 * gets the same fallback; the switch is logged once each way.
 */
export class RedisCounterStore implements CounterStore {
  private readonly fallback: MemoryCounterStore;
  private local = false;

  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
    private readonly logger: AppLogger,
    clock: Clock = systemClock,
  ) {
    this.fallback = new MemoryCounterStore(clock);
  }

  hit(key: string, windowMs: number): Promise<CounterHit> {
    return this.shared(
      () => this.sharedHit(key, windowMs),
      () => this.fallback.hit(key, windowMs),
    );
  }

  get(key: string): Promise<CounterHit> {
    return this.shared(
      () => this.sharedGet(key),
      () => this.fallback.get(key),
    );
  }

  reset(key: string): Promise<void> {
    return this.shared(
      async () => void (await this.redis.del(this.key(key))),
      () => this.fallback.reset(key),
    );
  }

  raise(key: string, value: number, windowMs: number): Promise<boolean> {
    return this.shared(
      async () => (await this.redis.eval(RAISE_SCRIPT, 1, this.key(key), value, windowMs)) === 1,
      () => this.fallback.raise(key, value, windowMs),
    );
  }

  private async shared<T>(remote: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await remote();
    } catch (err) {
      if (!this.local)
        this.logger.warn(
          { reason: (err as Error).message },
          'Redis is unreachable: login lockout and rate limits count in this instance alone until it is back',
        );
      this.local = true;
      return local();
    }
    if (this.local)
      this.logger.info('Redis is reachable again: login lockout and rate limits are shared by every instance again');
    this.local = false;
    return result;
  }

  private async sharedHit(key: string, windowMs: number): Promise<CounterHit> {
    const name = this.key(key);
    // NX: only the first hit of a window sets its expiry, so later hits do not prolong it.
    const result = await this.redis.multi().incr(name).pexpire(name, windowMs, 'NX').pttl(name).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const msLeft = Number(result?.[2]?.[1] ?? windowMs);
    return { count, msLeft: msLeft > 0 ? msLeft : windowMs };
  }

  private async sharedGet(key: string): Promise<CounterHit> {
    const name = this.key(key);
    const [[, count], [, ttl]] = (await this.redis.multi().get(name).pttl(name).exec()) as [
      [unknown, string | null],
      [unknown, number],
    ];
    return count === null ? { count: 0, msLeft: 0 } : { count: Number(count), msLeft: Math.max(ttl, 0) };
  }

  /** The connection is RedisService's, closed with the others. */
  async close(): Promise<void> {
    await this.fallback.close();
  }

  private key(key: string): string {
    return `${this.namespace}:counter:${key}`;
  }
}
