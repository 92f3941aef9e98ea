import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { sleep } from './api';
import { freePort } from './ports';

/** The account compose's `database` service creates (MARIADB_DATABASE, MARIADB_USER, MARIADB_PASSWORD). */
export interface MariadbAccount {
  database: string;
  user: string;
  password: string;
}

/**
 * A MariaDB server of one fault spec: its data directory initialised and its port chosen up front, the
 * server itself started only by `start()`, so a spec can have Vellum knock on a port nothing listens on
 * yet, as when compose starts both together. Never the machine's shared server on 3306.
 */
export interface PrivateMariadb {
  port: number;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function preparePrivateMariadb(account: MariadbAccount): Promise<PrivateMariadb> {
  const dir = mkdtempSync('/tmp/vellum-mariadb-');
  const data = join(dir, 'data');
  const port = await freePort(43306);
  execFileSync(
    'mariadb-install-db',
    ['--no-defaults', `--datadir=${data}`, '--user=root', '--auth-root-authentication-method=socket', '--skip-test-db'],
    {
      stdio: 'ignore',
      timeout: 60_000,
    },
  );
  // What the image's entrypoint does with MARIADB_DATABASE, MARIADB_USER and MARIADB_PASSWORD(_FILE).
  const init = join(dir, 'init.sql');
  const quoted = account.password.replace(/'/g, "''");
  writeFileSync(
    init,
    `CREATE DATABASE IF NOT EXISTS \`${account.database}\`;\nCREATE USER IF NOT EXISTS '${account.user}'@'%' IDENTIFIED BY '${quoted}';\nGRANT ALL ON \`${account.database}\`.* TO '${account.user}'@'%';\n`,
  );
  let child: ChildProcess | undefined;
  const args = [
    '--no-defaults',
    `--datadir=${data}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${join(dir, 'sock')}`,
    `--pid-file=${join(dir, 'pid')}`,
    `--init-file=${init}`,
    '--user=root',
    '--skip-log-bin',
    '--innodb-buffer-pool-size=32M',
  ];
  return {
    port,
    start: async () => {
      child = spawn('mariadbd', args, { stdio: 'ignore' });
      for (let i = 0; i < 300; i++) {
        if (await accepts(port)) return;
        if (child.exitCode !== null) break;
        await sleep(100);
      }
      throw new Error('the private mariadbd did not start');
    },
    destroy: async () => {
      if (child && child.exitCode === null) {
        const ended = new Promise((resolve) => child!.once('close', resolve));
        child.kill('SIGTERM');
        await Promise.race([ended, sleep(20_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
