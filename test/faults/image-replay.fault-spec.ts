import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { sleep, waitFor } from './lib/api';
import { composeEnvironment, imageSteps } from './lib/image-steps';
import { freePort } from './lib/ports';
import { PrivateMariadb, preparePrivateMariadb } from './lib/private-mariadb';
import { PrivateRedis, startPrivateRedis } from './lib/private-redis';

const ROOT = join(__dirname, '..', '..');
const steps = imageSteps(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'));
/** The secrets compose mounts under /run/secrets; none of them may reach the log. */
const SECRETS: Record<string, string> = {
  admin_password: 'replay-admin-password-4f1c',
  vellum_secret: 'replay-signing-secret-0123456789abcdef0123456789',
  db_password: "replay-db-p'assword-9e2b",
};
const attempts = (log: string) => log.split('\n').filter((line) => line.includes('is not reachable yet'));

/** A clean copy: the repository's tracked files only, as a fresh clone has them (no node_modules, no dist). */
function cleanCopy(to: string): void {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(ROOT, file), join(to, file));
  }
}

/**
 * better-sqlite3's install script downloads its prebuilt binary (prebuild-install), as in `docker build`;
 * this machine has no way out, and compiling SQLite instead takes over five minutes here. It gets the
 * binary CI's own install of the same version for the same Node made, where prebuild-install looks
 * first (its local-prebuilds folder), so the replay stays within minutes. With no such binary it builds.
 */
function localPrebuilds(dir: string): Record<string, string> {
  const pkg = join(ROOT, 'node_modules', 'better-sqlite3');
  if (!existsSync(join(pkg, 'build', 'Release', 'better_sqlite3.node'))) return {};
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', join(dir, name), '-C', pkg, 'build/Release/better_sqlite3.node']);
  return { npm_config_better_sqlite3_local_prebuilds: dir };
}

/** The shell's environment without what `npm run test:faults` adds (npm_config_*, npm_package_*). */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return { ...env, ...extra };
}

/** Runs one of the Dockerfile's RUN commands in the copy; resolves with its duration in seconds. */
function run(command: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): number {
  const started = Date.now();
  const ran = spawnSync('sh', ['-c', command], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  if (ran.status !== 0)
    throw new Error(
      `\`${command}\` failed (${ran.status ?? ran.signal}) after ${seconds}s:\n${ran.stdout}\n${ran.stderr}`.slice(
        -6000,
      ),
    );
  process.stdout.write(`image replay: \`${command}\` took ${seconds}s\n`);
  return seconds;
}

/**
 * Issue 28: CI replays the image's steps without Docker. The Dockerfile's `npm ci` and build in a clean
 * copy of the repository, development dependencies pruned, then its CMD with the environment compose
 * gives the `vellum` service (secrets as files, the hosts those of a private MariaDB and Redis), started
 * before MariaDB accepts connections as on a first `docker compose up`: Vellum waits, serves, and stops
 * cleanly on SIGTERM.
 */
describe("fault: the image's steps replayed without Docker", () => {
  let dir: string;
  let db: PrivateMariadb | undefined;
  let redis: PrivateRedis | undefined;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    dir = mkdtempSync('/tmp/vellum-image-replay-');
    mkdirSync(join(dir, 'app'));
    mkdirSync(join(dir, 'prebuilds'));
    cleanCopy(join(dir, 'app'));
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await db?.destroy();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("installs the committed lockfile with the Dockerfile's npm ci", () => {
    // The npm cache is warm in CI (.ci/run installed first); the image build fetches what it lacks.
    const install = steps.install.replace(/\bnpm ci\b/, 'npm ci --prefer-offline');
    run(install, join(dir, 'app'), shellEnv(localPrebuilds(join(dir, 'prebuilds'))), 150_000);
    expect(
      existsSync(join(dir, 'app', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')),
    ).toBe(true);
  }, 160_000);

  it('builds the server and the Studio, then drops development dependencies', () => {
    run(steps.build, join(dir, 'app'), shellEnv(), 150_000);
    expect(existsSync(join(dir, 'app', 'dist', 'src', 'main.js'))).toBe(true);
    expect(existsSync(join(dir, 'app', 'admin', 'dist', 'index.html'))).toBe(true);
    expect(existsSync(join(dir, 'app', 'node_modules', 'jest'))).toBe(false);
  }, 160_000);

  it("runs the image's CMD with compose's environment: waits for MariaDB, serves, exits 0 on SIGTERM", async () => {
    const secrets = join(dir, 'secrets');
    mkdirSync(secrets);
    for (const [name, value] of Object.entries(SECRETS)) writeFileSync(join(secrets, name), `${value}\n`);
    db = await preparePrivateMariadb({ database: 'vellum', user: 'vellum', password: SECRETS.db_password });
    redis = await startPrivateRedis();
    const port = await freePort(42000);
    const vars = {
      ADMIN_EMAIL: 'admin@example.com',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      EMAIL_SMTP_HOST: '127.0.0.1',
      EMAIL_SMTP_PORT: String(await freePort(43000)),
    };
    const fromCompose = composeEnvironment(compose, 'vellum', vars);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      ...steps.env,
      ...Object.fromEntries(
        Object.entries(fromCompose).map(([name, value]) => [name, value.replace(/^\/run\/secrets\//, `${secrets}/`)]),
      ),
      // The container's network, on this machine: the services' private ports, loopback only.
      HOST: '127.0.0.1',
      PORT: String(port),
      DB_HOST: '127.0.0.1',
      DB_PORT: String(db.port),
      REDIS: fromCompose.REDIS.replace('//cache:6379', `//127.0.0.1:${new URL(redis.url).port}`),
      STORAGE_LOCAL_ROOT: join(dir, 'uploads'),
      DB_FILENAME: join(dir, 'data', 'vellum.db'),
    };
    expect(Object.keys(fromCompose).filter((name) => name.endsWith('_FILE'))).toEqual([
      'ADMIN_PASSWORD_FILE',
      'SECRET_FILE',
      'DB_PASSWORD_FILE',
    ]);

    let log = '';
    const [command, ...args] = steps.cmd;
    child = spawn(command, args, { cwd: join(dir, 'app'), env });
    child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => child!.once('close', (code) => resolve(code)));

    // MariaDB comes up once Vellum has knocked twice, whatever its own start took.
    expect(await waitFor(() => attempts(log).length >= 2 || child!.exitCode !== null, 60_000, 50)).toBe(true);
    expect(child.exitCode).toBeNull();
    await db.start();

    const url = `http://127.0.0.1:${port}`;
    const answers = async (path: string) => (await fetch(`${url}${path}`).catch(() => undefined))?.status === 200;
    expect(await waitFor(() => answers('/server/ping'), 90_000, 200)).toBe(true);
    expect(await answers('/server/health')).toBe(true);
    const health = (await (await fetch(`${url}/server/health`)).json()) as { status: string };
    expect(health.status).toBe('ok');

    child.kill('SIGTERM');
    expect(await Promise.race([closed, sleep(30_000).then(() => 'still running')])).toBe(0);
    const lines = attempts(log);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/The database \(mariadb at 127\.0\.0\.1:\d+\) is not reachable yet/);
    expect(log).toMatch(/The database \(mariadb at [^)]+\) is reachable/);
    for (const value of Object.values(SECRETS)) expect(log).not.toContain(value);
  }, 180_000);
});
