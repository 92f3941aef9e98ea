import { spawn, spawnSync, SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { until } from './until';

const ROOT = join(__dirname, '..', '..');
const TEST_HASH = { HASH_MEMORY_COST: '4096', HASH_TIME_COST: '2', HASH_PARALLELISM: '1' };

function baseEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...TEST_HASH, ...env };
}

/** The Node and V8 flags `npm start` gives the server (package.json's start script). */
export function startNodeArgs(): string[] {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start;
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** Runs the command line (src/cli/main.ts) as a user would, and waits for it to end. */
export function runCli(args: string[], env: Record<string, string>): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['-r', '@swc-node/register', 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: baseEnv(env),
    encoding: 'utf8',
    timeout: 90_000,
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  output: () => string;
  /** The exit code once the process has ended (null while it runs, or when a signal ended it). */
  exitCode: () => number | null;
  /** SIGTERM, and waits for the process to end. */
  stop: () => Promise<void>;
  /** kill -9: the process gets no chance to clean up, as in a crash or an OOM kill. */
  kill: () => Promise<void>;
}

/** Called with each piece of the server's output as it comes, before the server answers too. */
export type OnOutput = (chunk: string) => void;

/** Spawns `args` with node and resolves once the server answers /server/ping (within 60 s). */
async function launch(
  args: string[],
  env: Record<string, string>,
  port: number,
  onOutput?: OnOutput,
): Promise<RunningServer> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: baseEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
  });
  let output = '';
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(chunk.toString());
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  // 'close', not 'exit': the output is complete by then (the lines a shutdown writes last included).
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = async (name: NodeJS.Signals) => {
    if (!running()) return;
    child.kill(name);
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const answers = async () => {
    if (!running()) throw new Error(`Vellum exited early: ${output}`);
    return fetch(`${url}/server/ping`).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
  };
  await until(answers, 'Vellum answers /server/ping', 60_000, 100).catch(async (e: Error) => {
    if (!running()) throw e;
    await signal('SIGKILL');
    throw new Error(`Vellum did not answer in time: ${output}`);
  });
  return {
    url,
    pid: child.pid!,
    output: () => output,
    exitCode: () => child.exitCode,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}

export interface EndedServer {
  code: number | null;
  output: string;
}

/** Runs the built server until it exits by itself (a start-up that fails); kill -9 after `timeoutMs`. */
export function runBuiltServerToExit(
  env: Record<string, string>,
  port: number,
  timeoutMs: number,
): Promise<EndedServer> {
  const main = join(ROOT, 'dist', 'src', 'main.js');
  const child = spawn(process.execPath, [...startNodeArgs(), main], {
    cwd: ROOT,
    env: baseEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Timeout guard: a server that starts instead of failing is killed, and the test sees it did not exit.
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

/** Starts the real entry point (src/main.ts) with `npm start`'s flags and resolves once it answers /server/ping. */
export function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  return launch([...startNodeArgs(), '-r', '@swc-node/register', 'src/main.ts'], env, port);
}

/** Starts the built server (dist/src/main.js, `npm run build` first) exactly as `npm start` runs it. */
export function startBuiltServer(
  env: Record<string, string>,
  port: number,
  onOutput?: OnOutput,
): Promise<RunningServer> {
  const main = join(ROOT, 'dist', 'src', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  return launch([...startNodeArgs(), main], env, port, onOutput);
}
