import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { composeProblems } from '../../../scripts/lib/compose-rules';

const root = join(__dirname, '..', '..', '..');
const compose = () => parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'));

/** The on-premise install files, checked without a Docker engine (CI has none). */
describe('docker-compose.yml', () => {
  it("is valid against the Compose specification and Vellum's rules", () => {
    expect(composeProblems(compose())).toEqual([]);
  });

  it.each([
    ['the obsolete version key', (f: any) => (f.version = '3.8'), 'version: obsolete'],
    [
      'a key the specification does not have',
      (f: any) => (f.services.vellum.restart_when = 'always'),
      'schema: /services/vellum must NOT have additional properties',
    ],
    [
      'an unknown depends_on condition',
      (f: any) => (f.services.vellum.depends_on.cache.condition = 'service_ready'),
      'schema: /services/vellum/depends_on',
    ],
    [
      'a malformed healthcheck interval',
      (f: any) => (f.services.cache.healthcheck.interval = 'ten seconds'),
      'schema: /services/cache/healthcheck/interval must match format "duration"',
    ],
    [
      'a default password',
      (f: any) => (f.services.vellum.environment.DB_PASSWORD = '${DB_PASSWORD:-vellum}'),
      'vellum: DB_PASSWORD must come from a secret file',
    ],
    [
      'an inline secret',
      (f: any) => (f.services.database.environment.MARIADB_PASSWORD = 'vellum'),
      'database: MARIADB_PASSWORD must come from a secret file',
    ],
    [
      'depends_on without conditions',
      (f: any) => (f.services.vellum.depends_on = ['database', 'cache']),
      'vellum: depends_on must give each service a condition',
    ],
    [
      'a database started but not healthy',
      (f: any) => (f.services.vellum.depends_on.database.condition = 'service_started'),
      'vellum: must wait for database with condition service_healthy',
    ],
    [
      'a healthy wait on a service without healthcheck',
      (f: any) => delete f.services.cache.healthcheck,
      'vellum: waits for cache to be healthy, but cache has no healthcheck',
    ],
    [
      'Vellum not waiting for Redis',
      (f: any) => delete f.services.vellum.depends_on.cache,
      'vellum: must depend on cache',
    ],
  ])('refuses %s', (_what, change, problem) => {
    const file = compose();
    change(file);
    expect(composeProblems(file)).toEqual(expect.arrayContaining([expect.stringContaining(problem)]));
  });

  it('takes a required variable for a secret', () => {
    const file = compose();
    delete file.services.vellum.environment.DB_PASSWORD_FILE;
    file.services.vellum.environment.DB_PASSWORD = '${DB_PASSWORD:?set DB_PASSWORD}';
    expect(composeProblems(file)).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+ /.test(line));

  it('builds and runs on a supported LTS Node (22 or 24), in two stages', () => {
    const bases = instructions.filter((line) => line.startsWith('FROM '));
    expect(bases).toHaveLength(2);
    for (const base of bases) expect(base).toMatch(/^FROM node:(22|24)-(bookworm|trixie)-slim\b/);
  });

  it('installs exactly the committed lockfile and keeps no development dependency', () => {
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).not.toMatch(/npm install/);
    expect(dockerfile).toMatch(/^COPY package\.json package-lock\.json \.\/$/m);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
  });

  it('runs as the unprivileged node user, with a healthcheck', () => {
    const afterRuntime = instructions.slice(instructions.findLastIndex((l) => l.startsWith('FROM ')));
    expect(afterRuntime.filter((l) => l.startsWith('USER '))).toEqual(['USER node']);
    expect(afterRuntime.some((l) => /^HEALTHCHECK .*\/server\/health/.test(l))).toBe(true);
  });
});
