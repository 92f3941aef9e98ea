import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { until } from './until';

/**
 * A private redis-server of this test, stopped by its own PID. It keeps its data across a restart (an
 * append-only file written at every command), as a Redis that was only out of reach would.
 */
export async function startRedis(port: number, dir: string, extraArgs: string[] = []): Promise<ChildProcess> {
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
    '--dir',
    dir,
    ...extraArgs,
  ];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  // Up once it holds the port: a listen of ours there fails.
  const up = () =>
    new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.on('listening', () => socket.close(() => resolve(false)));
      socket.on('error', () => resolve(true));
    });
  await until(up, 'the private redis-server started', 5_000, 100).catch((e: Error) => {
    child.kill('SIGKILL');
    throw e;
  });
  return child;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
