import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';

export const LDAP_SUFFIX = 'dc=example,dc=com';
export const LDAP_ADMIN = { dn: `cn=admin,${LDAP_SUFFIX}`, password: 'ldap-admin-secret' };

export interface TestSlapd {
  url: string;
  stop(): Promise<void>;
}

function config(dir: string): string {
  return [
    ...['core', 'cosine', 'inetorgperson', 'nis'].map((schema) => `include /etc/ldap/schema/${schema}.schema`),
    `pidfile ${join(dir, 'slapd.pid')}`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'database mdb',
    `suffix "${LDAP_SUFFIX}"`,
    `rootdn "${LDAP_ADMIN.dn}"`,
    `rootpw ${LDAP_ADMIN.password}`,
    `directory ${join(dir, 'data')}`,
    'maxsize 10485760',
    '',
  ].join('\n');
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Debian's slapd (scripts/ensure-slapd.sh installs it) with its own configuration, database and port on
 * 127.0.0.1, loaded with `ldif` before it starts; never the instance the package may run. Stopped by PID.
 */
export async function startSlapd(ldif: string): Promise<TestSlapd> {
  execFileSync('bash', [join(__dirname, '../../scripts/ensure-slapd.sh')], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'vellum-slapd-'));
  mkdirSync(join(dir, 'data'));
  writeFileSync(join(dir, 'slapd.conf'), config(dir));
  writeFileSync(join(dir, 'data.ldif'), ldif);
  execFileSync('/usr/sbin/slapadd', ['-f', join(dir, 'slapd.conf'), '-l', join(dir, 'data.ldif')], { stdio: 'pipe' });
  const port = await freePort();
  // `-d 0` keeps slapd in the foreground, so the child's PID is the server's.
  const child: ChildProcess = spawn('/usr/sbin/slapd', ['-f', join(dir, 'slapd.conf'), '-h', `ldap://127.0.0.1:${port}/`, '-d', '0'], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await accepting(port)); i++) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}`);
    await sleep(100);
  }
  return {
    url: `ldap://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(child.pid, 'SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
