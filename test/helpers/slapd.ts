import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { until } from './until';

export const LDAP_SUFFIX = 'dc=example,dc=com';
export const LDAP_ADMIN = { dn: `cn=admin,${LDAP_SUFFIX}`, password: 'ldap-admin-secret' };

export interface TestSlapd {
  url: string;
  /** ldaps:// on its own port, with a self-signed certificate for 127.0.0.1 (`ca`); STARTTLS works on `url` too. */
  tls: { url: string; ca: string };
  stop(): Promise<void>;
}

function selfSignedCertificate(dir: string): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(dir, 'tls.key'),
      '-out',
      join(dir, 'tls.crt'),
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
}

function config(dir: string): string {
  return [
    `TLSCertificateFile ${join(dir, 'tls.crt')}`,
    `TLSCertificateKeyFile ${join(dir, 'tls.key')}`,
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
  selfSignedCertificate(dir);
  writeFileSync(join(dir, 'slapd.conf'), config(dir));
  writeFileSync(join(dir, 'data.ldif'), ldif);
  execFileSync('/usr/sbin/slapadd', ['-f', join(dir, 'slapd.conf'), '-l', join(dir, 'data.ldif')], { stdio: 'pipe' });
  const port = await freePort();
  const tlsPort = await freePort();
  const ca = readFileSync(join(dir, 'tls.crt'), 'utf8');
  // `-d 0` keeps slapd in the foreground, so the child's PID is the server's.
  const urls = `ldap://127.0.0.1:${port}/ ldaps://127.0.0.1:${tlsPort}/`;
  const child: ChildProcess = spawn('/usr/sbin/slapd', ['-f', join(dir, 'slapd.conf'), '-h', urls, '-d', '0'], {
    stdio: 'ignore',
  });
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}`);
      return (await accepting(port)) && (await accepting(tlsPort));
    },
    'slapd accepts connections',
    10_000,
    100,
  );
  return {
    url: `ldap://127.0.0.1:${port}`,
    tls: { url: `ldaps://127.0.0.1:${tlsPort}`, ca },
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
