import { spawn, spawnSync, SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the real entry point (src/main.ts) with `npm start`'s flags and resolves once it answers /server/ping. */
export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, [...startNodeArgs(), '-r', '@swc-node/register', 'src/main.ts'], {
    cwd: ROOT,
    env: baseEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Vellum exited early: ${output}`);
    try {
      if ((await fetch(`${url}/server/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`Vellum did not answer in time: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
