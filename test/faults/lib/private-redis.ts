import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

export interface PrivateRedis {
  url: string;
  /** SIGTERM: Redis shuts down and closes its connections, as a stopped service does. */
  terminate: () => Promise<void>;
  /** Starts it again on the same port, after `terminate()`. */
  restart: () => Promise<void>;
  /** SIGSTOP / SIGCONT: connections stay open and nothing answers, as with a hung server. */
  freeze: () => void;
  thaw: () => void;
  /** Ends it (kill -9, thawed first) and removes its directory. */
  stop: () => Promise<void>;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function signalAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (!running(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** A redis-server of one fault spec, without persistence, signalled by its own PID only. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort(46000);
  const dir = mkdtempSync(join(tmpdir(), 'vellum-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  let child: ChildProcess = spawn('redis-server', args, { stdio: 'ignore' });
  const up = async () => {
    for (let i = 0; i < 100; i++) {
      if (await answersPing(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the private redis-server did not start');
  };
  const stop = async () => {
    if (running(child)) child.kill('SIGCONT');
    await signalAndWait(child, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    terminate: () => signalAndWait(child, 'SIGTERM'),
    restart: async () => {
      child = spawn('redis-server', args, { stdio: 'ignore' });
      await up();
    },
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
    stop,
  };
  try {
    await up();
  } catch (e) {
    await stop();
    throw e;
  }
  return redis;
}
