import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../helpers/test-app';
import { OnOutput, RunningServer, startBuiltServer } from '../../helpers/spawn-vellum';
import { freePort } from './ports';
import { PrivatePostgres, startPrivatePostgres } from './private-postgres';
import { PrivateRedis, startPrivateRedis } from './private-redis';

/** What every Vellum of the fault suite shares: one secret (a token signed by one is valid on all) and one admin. */
const VELLUM_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  SECRET: 'fault-suite-secret-that-is-long-enough-0123456789',
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  LOGIN_STALL_TIME: '0',
};

/**
 * Everything one fault spec starts: a private PostgreSQL with one database, optionally a private
 * Redis, a scratch directory (storage, temporary files), and the built Vellum processes. `close()`
 * ends all of them, whatever state the spec left them in.
 */
export class Fleet {
  readonly servers: RunningServer[] = [];
  private constructor(
    readonly pg: PrivatePostgres,
    readonly redis: PrivateRedis | null,
    readonly dir: string,
    readonly database: string,
  ) {}

  static async start(options: { redis?: boolean } = {}): Promise<Fleet> {
    const pg = await startPrivatePostgres();
    let redis: PrivateRedis | null = null;
    try {
      pg.createDatabase('vellum');
      if (options.redis) redis = await startPrivateRedis();
    } catch (e) {
      pg.destroy();
      throw e;
    }
    return new Fleet(pg, redis, mkdtempSync(join(tmpdir(), 'vellum-faults-')), 'vellum');
  }

  /** The environment of a Vellum on this fleet's database (and Redis), plus `extra`. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    const redis: Record<string, string> = this.redis
      ? { REDIS: this.redis.url, CACHE_ENABLED: 'true', CACHE_STORE: 'redis' }
      : {};
    // TMPDIR: a background import's copy of its upload lands here, and goes with the scratch directory.
    return { ...VELLUM_ENV, ...this.pg.env(this.database), ...redis, TMPDIR: this.dir, ...extra };
  }

  /** Starts one more built Vellum on a free port; migrations run on the first one's start. */
  async vellum(extra: Record<string, string> = {}, onOutput?: OnOutput): Promise<RunningServer> {
    const server = await startBuiltServer(this.env(extra), await freePort(41000), onOutput);
    this.servers.push(server);
    return server;
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.kill()));
    await this.redis?.stop();
    this.pg.destroy();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
