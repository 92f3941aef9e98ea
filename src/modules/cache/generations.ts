import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

/**
 * Data generations by name (a table, or ANY_TABLE): a value that changes after every committed write,
 * so what was computed at one generation is never taken for what the data is at another.
 */
export interface Generations {
  /** The current generation of each name, or null when one is not known yet (nothing may be cached on it). */
  read(names: readonly string[]): Promise<string[] | null>;
  bump(names: readonly string[]): Promise<void>;
}

/** The generation every write that cannot be attributed to tables (DDL) replaces. */
export const ANY_TABLE = '*';

/** One instance alone: counters in this process. */
export class MemoryGenerations implements Generations {
  private readonly values = new Map<string, number>();

  async read(names: readonly string[]): Promise<string[]> {
    return names.map((name) => String(this.values.get(name) ?? 0));
  }

  async bump(names: readonly string[]): Promise<void> {
    for (const name of names) this.values.set(name, (this.values.get(name) ?? 0) + 1);
  }
}

/**
 * Shared by every instance through Redis. Values are random rather than counters: a Redis that lost
 * its data (restarted without persistence) answers none, never an old value an entry was cached at.
 */
export class RedisGenerations implements Generations {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async read(names: readonly string[]): Promise<string[] | null> {
    const keys = names.map((name) => this.key(name));
    const values = await this.redis.mget(keys);
    const missing = keys.filter((_, i) => values[i] === null);
    if (!missing.length) return values as string[];
    const pipeline = this.redis.pipeline();
    for (const key of missing) pipeline.set(key, randomUUID(), 'NX');
    await pipeline.exec();
    return null;
  }

  async bump(names: readonly string[]): Promise<void> {
    await this.redis.mset(names.flatMap((name) => [this.key(name), randomUUID()]));
  }

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }
}
