import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

const BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL cluster of one fault spec, in a temporary directory, on its own port and socket: a spec
 * may stop and restart it without touching the machine's shared server on 5432.
 */
export interface PrivatePostgres {
  port: number;
  /** DB_* variables for a Vellum process on `database`. */
  env: (database: string) => Record<string, string>;
  createDatabase: (name: string) => void;
  start: () => void;
  /** `-m immediate`: connections are cut as in a crash, not waited for. */
  stop: () => void;
  /** Runs one SQL statement with psql and returns its unaligned output. */
  sql: (database: string, statement: string) => string;
  destroy: () => void;
}

/** initdb and postgres refuse to run as root: as root, they run as the postgres OS user. */
function asOwner(command: string, args: string[]): string[] {
  return userInfo().uid === 0 ? ['runuser', '-u', 'postgres', '--', command, ...args] : [command, ...args];
}

function run(command: string, args: string[], timeout = 30_000): string {
  const [file, ...rest] = asOwner(command, args);
  return execFileSync(file, rest, { encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync('/tmp/vellum-pg-');
  if (userInfo().uid === 0)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), 0);
  const data = join(dir, 'data');
  const port = await freePort(55432);
  run(`${BIN}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], 60_000);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const pgCtl = (...args: string[]) =>
    run(`${BIN}/pg_ctl`, ['-D', data, '-w', '-t', '30', '-l', join(dir, 'log'), ...args]);
  const pg: PrivatePostgres = {
    port,
    env: (database) => ({
      DB_CLIENT: 'postgres',
      DB_HOST: '127.0.0.1',
      DB_PORT: String(port),
      DB_USER: 'postgres',
      DB_PASSWORD: '',
      DB_DATABASE: database,
    }),
    createDatabase: (name) =>
      void run(`${BIN}/createdb`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]),
    start: () => void pgCtl('-o', options, 'start'),
    stop: () => void pgCtl('-m', 'immediate', 'stop'),
    sql: (database, statement) =>
      run(`${BIN}/psql`, [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-d',
        database,
        '-At',
        '-c',
        statement,
      ]).trim(),
    destroy: () => {
      // Stopped whatever state the spec left it in; a cluster already down makes pg_ctl fail, which is fine.
      const [file, ...rest] = asOwner(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      spawnSync(file, rest, { stdio: 'ignore', timeout: 40_000 });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    pg.start();
  } catch (e) {
    pg.destroy();
    throw e;
  }
  return pg;
}
