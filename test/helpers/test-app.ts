import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import request from 'supertest';
import { AppLogger } from '../../src/common/logging/app-logger';
import type { AppConfig } from '../../src/config/app-config';
import { loadConfig } from '../../src/config/load-config';
import { createApp } from '../../src/create-app';
import { TestClock } from './test-clock';
import { provisionDatabase, TestDatabase } from './test-database';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password-1';

/** Cheap argon2 and no login stall, so suites stay fast; tests of those features set their own values. */
const TEST_DEFAULTS: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  SECRET: 'test-secret-that-is-long-enough-0123456789',
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  HASH_MEMORY_COST: '4096',
  HASH_TIME_COST: '2',
  HASH_PARALLELISM: '1',
  LOGIN_STALL_TIME: '0',
  // A test process on a loaded machine stalls its event loop past the 500 ms default at times, and a
  // Redis answer read late would count as Redis lost; the specs of that timeout set their own.
  REDIS_COMMAND_TIMEOUT: '2000',
};

export type HttpClient = ReturnType<typeof httpClient>;

function httpClient(server: Server, token?: string) {
  const wrap =
    (method: 'get' | 'post' | 'patch' | 'put' | 'delete' | 'head' | 'options') =>
    (url: string): request.Test => {
      const req = request(server)[method](url);
      return token ? req.set('Authorization', `Bearer ${token}`) : req;
    };
  return {
    get: wrap('get'),
    post: wrap('post'),
    patch: wrap('patch'),
    put: wrap('put'),
    delete: wrap('delete'),
    head: wrap('head'),
    options: wrap('options'),
    /** HTTP SEARCH (API.md 1.7): a read with the query in the body. */
    search: (url: string): request.Test => {
      const req = request(server).search(url);
      return token ? req.set('Authorization', `Bearer ${token}`) : req;
    },
  };
}

export interface TestApp {
  app: NestExpressApplication;
  server: Server;
  config: AppConfig;
  database: TestDatabase;
  /** The time the app reads for its windows (lockout, token expiry, grace): `clock.advance(ms)` passes one. */
  clock: TestClock;
  adminToken: string;
  /** `as('admin')`, `as('anonymous')`, or `as(<access token>)`. */
  as(who: string): HttpClient;
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Reuse a database (for restart tests) instead of provisioning a new one. */
  database?: TestDatabase;
  extraModules?: Type[];
  logger?: AppLogger;
  /** Share one clock between instances of a multi-instance test. */
  clock?: TestClock;
}

/** Boots the real AppModule on a fresh database of the selected vendor, with migrations applied. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await provisionDatabase());
  const config = loadConfig({ ...TEST_DEFAULTS, ...database.env, ...options.env });
  const clock = options.clock ?? new TestClock();
  const app = await createApp(config, options.logger ?? new AppLogger(config.logLevel), options.extraModules, clock);
  const server = app.getHttpServer();
  const login = async (email: string, password: string): Promise<string> => {
    const res = await request(server).post('/auth/login').send({ email, password });
    if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.access_token as string;
  };
  // With AUTH_DISABLE_DEFAULT there is no password sign-in to get the admin a token with.
  const adminToken = config.auth.disableDefault
    ? ''
    : await login(config.admin.email, config.admin.password ?? ADMIN_PASSWORD);
  return {
    app,
    server,
    config,
    database,
    clock,
    adminToken,
    as: (who) => httpClient(server, who === 'admin' ? adminToken : who === 'anonymous' ? undefined : who),
    login,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
