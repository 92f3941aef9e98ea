/**
 * Shared pieces of the benchmarks (`npm run bench -- <name>`): a real Vellum listening on loopback,
 * autocannon runs bounded in time, and one printed line per measurement. Benchmarks print figures;
 * they never fail on timing.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { LevelWithSilent } from 'pino';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger } from '../src/common/logging/app-logger';
import { loadConfig } from '../src/config/load-config';
import { createApp } from '../src/create-app';
import { startNodeArgs } from '../test/helpers/spawn-vellum';
import { provisionDatabase, TestDatabase } from '../test/helpers/test-database';

export interface BenchServer {
  app: NestExpressApplication;
  url: string;
  token: string;
  database: TestDatabase;
  close(): Promise<void>;
}

/** Vellum on a fresh throw-away database of DB_CLIENT (or `client`), listening on 127.0.0.1. */
export async function startBenchServer(env: Record<string, string> = {}, client?: string): Promise<BenchServer> {
  const database = await provisionDatabase(client);
  const config = loadConfig({
    NODE_ENV: 'production',
    SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    ...BENCH_ADMIN,
    ...database.env,
    ...env,
  });
  // BENCH_LOG_LEVEL=info measures with the per-request log line a production server writes.
  const app = await createApp(config, new AppLogger((process.env.BENCH_LOG_LEVEL ?? 'silent') as LevelWithSilent));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const token = await adminToken(url);
  return {
    app,
    url,
    token,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

const BENCH_ADMIN = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'bench-admin-password' };

async function adminToken(url: string): Promise<string> {
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN.ADMIN_EMAIL, password: BENCH_ADMIN.ADMIN_PASSWORD }),
  });
  return ((await login.json()) as { data: { access_token: string } }).data.access_token;
}

export interface BuiltServer {
  url: string;
  /** The server process's id, to read its /proc entries or end it should it not stop. */
  pid: number;
  /** From spawning the process to its first 200 on /server/ping. */
  readyMs: number;
  database: TestDatabase;
  token: string;
  /** The server's resident set size now, in bytes (from /proc). */
  rss(): number;
  /** CPU time the server process has used so far, user and system, in milliseconds (from /proc). */
  cpuMs(): number;
  /** Stops the server; the database is dropped unless kept for another start. */
  close(keepDatabase?: boolean): Promise<void>;
}

/** BENCH_PORT lets two benchmarks run side by side (two checkouts compared in the same minutes). */
const BENCH_PORT = Number(process.env.BENCH_PORT ?? 18_155);

/**
 * Vellum as `npm start` runs it: built, in a process of its own, so memory figures are the server's
 * alone (not the benchmark client's, nor the TypeScript loader's, about 90 MB), on a fresh database.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  port = BENCH_PORT,
  reuse?: { database: TestDatabase },
): Promise<BuiltServer> {
  const root = join(__dirname, '..');
  if (!reuse)
    execFileSync(
      process.execPath,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
      { cwd: root, stdio: 'inherit' },
    );
  const database = reuse?.database ?? (await provisionDatabase());
  const started = performance.now();
  // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server as it is measured.
  const nodeArgs = [...startNodeArgs(), ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...BENCH_ADMIN,
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitForPing(child, url);
  const readyMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    readyMs,
    database,
    token: await adminToken(url),
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    cpuMs: () => processCpuMs(child.pid!),
    close: async (keepDatabase = false) => {
      child.kill('SIGTERM');
      await exited;
      if (!keepDatabase) await database.drop();
    },
  };
}

/** Polls the ping route every 10 ms until the server answers, for at most 60 s. */
async function waitForPing(child: ChildProcess, url: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error('Vellum exited before answering');
    if (
      await fetch(`${url}/server/ping`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (attempt > 6000) throw new Error('Vellum did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** utime + stime of a process; /proc counts them in clock ticks of 10 ms (USER_HZ 100 on Linux). */
function processCpuMs(pid: number): number {
  // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

export async function load(
  label: string,
  options: {
    url: string;
    method?: 'GET' | 'POST' | 'PATCH';
    headers?: Record<string, string>;
    body?: string;
    seconds?: number;
    connections?: number;
  },
): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    duration: options.seconds ?? 5,
    connections: options.connections ?? 10,
  });
  const line = {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  print(line);
  return line;
}

export function print(line: LoadResult): void {
  process.stdout.write(
    `${line.label.padEnd(48)} ${String(line.requestsPerSecond).padStart(8)} req/s   p99 ${String(line.p99Ms).padStart(6)} ms   errors ${line.errors}\n`,
  );
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}
