import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { createRedis } from '../../common/create-redis';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { dropSilentSocketAfter } from './socket-silence';

/** The part of REDIS_COMMAND_TIMEOUT after which a socket with an unanswered command is dropped. */
const SOCKET_SHARE = 0.8;

/** A subscriber connection takes no other command: health checks are sent on a command connection. */
export type RedisRole = 'commands' | 'subscriber';

/**
 * Redis connections of this instance (REDIS), closed at shutdown. While Redis is away, commands fail at
 * once rather than wait in a queue, so callers fall back (the cache is bypassed, the system version
 * check skipped, counters kept in memory) without holding requests; the outage is logged once, and
 * once more when it ends.
 *
 * A Redis that stops answering without closing its connections (frozen, a network cut) costs one
 * command its REDIS_COMMAND_TIMEOUT: then that socket is dropped and every other connection is made to
 * reconnect, so no later command waits for an answer that is not coming.
 *
 * Those timeouts are armed once the application has started. Its start keeps the event loop busy for
 * longer than a command timeout at times, and a timer that fires before the loop reads the answer
 * waiting on the socket would call a healthy Redis lost (and fail the start). Until then a connection
 * is bounded by REDIS_CONNECT_TIMEOUT, judged only after pending input has been read.
 */
@Injectable()
export class RedisService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly connections = new Map<Redis, RedisRole>();
  private down = false;
  private closing = false;
  private started = false;
  private readonly reconnected = new Set<() => void>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: AppLogger,
  ) {}

  get configured(): boolean {
    return this.config.redis !== undefined;
  }

  /** Whether every connection is up: false from the first one lost until all are back, and once closed. */
  get reachable(): boolean {
    return !this.closing && [...this.connections.keys()].every((c) => c.status === 'ready');
  }

  /**
   * A new connection: a subscriber cannot share its connection with commands. Redis away when it is
   * made (at start) does not fail it: it is made lost, as in an outage, and keeps trying to connect.
   */
  async connect(name: string, role: RedisRole = 'commands'): Promise<Redis> {
    if (!this.config.redis) throw new Error('REDIS is not set');
    const timeouts = this.config.redisTimeouts;
    const redis = createRedis(this.config.redis, {
      connectionName: `vellum-${name}`,
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectTimeout: timeouts.connect,
      // Reconnect every second at most, forever: Redis coming back must be noticed soon.
      retryStrategy: (attempt) => Math.min(attempt * 200, 1000),
    });
    const reached = await connectWithin(redis, timeouts.connect).then(
      () => true,
      () => false,
    );
    // After the first attempt: a command sent while Redis is away fails now instead of waiting.
    redis.options.enableOfflineQueue = false;
    if (this.started) this.armTimeouts(redis);
    redis.on('error', () => this.lost());
    redis.on('close', () => this.lost());
    redis.on('ready', () => this.back());
    this.connections.set(redis, role);
    if (!reached) {
      this.lost();
      // Given up on at the connect timeout: ioredis retries only connections it lost by itself.
      if (redis.status === 'end') redis.connect().catch(() => undefined);
    }
    return redis;
  }

  /**
   * Subscribes to `channel` now, or once Redis is reachable when it is away; ioredis subscribes again
   * by itself after every later reconnection.
   */
  async subscribe(subscriber: Redis, channel: string): Promise<void> {
    if (subscriber.status === 'ready') {
      await subscriber.subscribe(channel);
      return;
    }
    subscriber.once('ready', () => void this.subscribe(subscriber, channel).catch(() => undefined));
  }

  onApplicationBootstrap(): void {
    this.started = true;
    for (const redis of this.connections.keys()) this.armTimeouts(redis);
  }

  private armTimeouts(redis: Redis): void {
    const { command } = this.config.redisTimeouts;
    redis.options.commandTimeout = command;
    // Dropped when a command goes unanswered this long, see lost(). Sooner than the command's own
    // timeout: every connection is down before the request that waited goes on to its next command.
    dropSilentSocketAfter(redis, Math.ceil(command * SOCKET_SHARE));
  }

  /** ms Redis took to answer a PING, or null when it did not within REDIS_COMMAND_TIMEOUT (or is away). */
  async ping(): Promise<number | null> {
    const redis = [...this.connections].find(([, role]) => role === 'commands')?.[0];
    if (!redis) return null;
    const started = performance.now();
    try {
      await redis.ping();
      return Math.round(performance.now() - started);
    } catch {
      return null;
    }
  }

  private lost(): void {
    if (this.down || this.closing || this.connections.size === 0) return;
    this.down = true;
    this.logger.warn(
      'Redis is unreachable: the data cache is bypassed and other instances are not told of changes until it is back',
    );
    // The connections that have not noticed yet would each make one more command wait its timeout.
    for (const redis of this.connections.keys()) if (redis.status === 'ready') redis.disconnect(true);
  }

  private back(): void {
    if (!this.down || !this.reachable) return;
    this.down = false;
    this.logger.info('Redis is reachable again');
    for (const listener of this.reconnected) listener();
  }

  /**
   * Called when Redis is back after an outage: what it holds may be stale (writes made meanwhile could
   * not invalidate the cache, reloads could not be announced).
   */
  onReconnect(listener: () => void): void {
    this.reconnected.add(listener);
  }

  /** With the database, last: jobs stopping at shutdown still write through the cache and counters. */
  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    const closing = [...this.connections.keys()];
    this.connections.clear();
    await Promise.all(closing.map((c) => c.quit().catch(() => c.disconnect())));
  }
}

/**
 * Connects, or gives up after `ms`. The verdict waits for the I/O phase that follows the timer: after
 * a busy loop, an answer already on the socket is read first rather than taken for silence.
 */
async function connectWithin(redis: Redis, ms: number): Promise<void> {
  const deadline = setTimeout(
    () =>
      setImmediate(() => {
        if (redis.status !== 'ready') redis.disconnect();
      }),
    ms,
  );
  try {
    await redis.connect();
  } finally {
    clearTimeout(deadline);
  }
}
