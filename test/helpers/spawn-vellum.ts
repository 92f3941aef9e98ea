import { spawn, spawnSync, SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TEST_HASH = { HASH_MEMORY_COST: '4096', HASH_TIME_COST: '2', HASH_PARALLELISM: '1' };

function baseEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...TEST_HASH, ...env };
}

/** The Node and V8 flags `npm start` gives the server (package.json's start script). */
export function startNodeArgs(): string[] {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
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
  stop: () => Promise<void>;
  /** kill -9: the process gets no chance to clean up, as in a crash or an OOM kill. */
  kill: () => Promise<void>;
}

/** Spawns `args` with node and resolves once the server answers /server/ping (within 60 s). */
async function launch(args: string[], env: Record<string, string>, port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: baseEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = async (name: NodeJS.Signals) => {
    if (!running()) return;
    child.kill(name);
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running()) throw new Error(`Vellum exited early: ${output}`);
    try {
      if ((await fetch(`${url}/server/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await signal('SIGKILL');
      throw new Error(`Vellum did not answer in time: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, output: () => output, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
}

/** Starts the real entry point (src/main.ts) with `npm start`'s flags and resolves once it answers /server/ping. */
export function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  return launch([...startNodeArgs(), '-r', '@swc-node/register', 'src/main.ts'], env, port);
}

/** Starts the built server (dist/src/main.js, `npm run build` first) exactly as `npm start` runs it. */
export function startBuiltServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  const main = join(ROOT, 'dist', 'src', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  return launch([...startNodeArgs(), main], env, port);
}
