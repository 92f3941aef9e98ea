import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** Starts the real entry point and returns how it ended; a refused configuration must stop the start. */
function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('configuration at start', () => {
  it('refuses a bad PORT, naming the variable', () => {
    const result = start({ PORT: 'eighty', DB_FILENAME: ':memory:' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
  });

  it('refuses a production start without SECRET', () => {
    const result = start({ NODE_ENV: 'production', DB_FILENAME: ':memory:' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/SECRET: required in production/);
  });
});
