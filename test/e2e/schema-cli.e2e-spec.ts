import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { createCollection } from '../factories/collection.factory';
import { createSampleSchema } from '../factories/schema.factory';
import { runCli } from '../helpers/spawn-vellum';
import { createTestApp, TestApp } from '../helpers/test-app';
import { provisionDatabase, TestDatabase } from '../helpers/test-database';

describe('vellum schema (command line)', () => {
  let dir: string;
  let source: TestApp;
  let sourceEnv: Record<string, string>;
  let target: TestDatabase;
  let targetEnv: Record<string, string>;
  const ENV = { ADMIN_PASSWORD: 'cli-admin-password', SECRET: 'cli-secret-that-is-long-enough-0123456789' };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vellum-schema-'));
    source = await createTestApp({ env: ENV });
    sourceEnv = { ...source.database.env, ...ENV };
    await createSampleSchema(source, 'cli');
    target = await provisionDatabase();
    targetEnv = { ...target.env, ...ENV };
  });
  afterAll(async () => {
    await source.close();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['yaml', ['--format', 'yaml'], 'snapshot.out', parseYaml],
    ['json', ['--format', 'json'], 'snapshot.out', JSON.parse],
    ['yaml, from the extension', [], 'snapshot.yml', parseYaml],
    ['json, from the extension', [], 'snapshot.json', JSON.parse],
  ] as [string, string[], string, (text: string) => unknown][])(
    'snapshot writes %s',
    async (_label, options, name, parse) => {
      const file = join(dir, name);
      const result = runCli(['schema', 'snapshot', ...options, file], sourceEnv);
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
      expect(result.stdout).toContain(`Snapshot written to ${file}`);
      expect(parse(readFileSync(file, 'utf8'))).toEqual((await source.as('admin').get('/schema/snapshot')).body.data);
    },
  );

  it('apply --dry-run prints the ordered steps and changes nothing', () => {
    const file = join(dir, 'snapshot.yml');
    const dry = runCli(['schema', 'apply', '--dry-run', file], targetEnv);
    expect(dry.status).toBe(0);
    const lines = dry.stdout.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'create_collection cli_folder',
      'create_collection cli_articles',
      'create_collection cli_authors',
    ]);
    expect(lines).toContain('create_relation cli_articles.author');
    const again = runCli(['schema', 'apply', '--dry-run', file], targetEnv);
    expect(again.stdout).toBe(dry.stdout);
  });

  it('apply without --yes and without a terminal refuses and changes nothing', () => {
    const result = runCli(['schema', 'apply', join(dir, 'snapshot.yml')], targetEnv);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--yes');
    expect(runCli(['schema', 'apply', '--dry-run', join(dir, 'snapshot.yml')], targetEnv).stdout).toContain(
      'create_collection',
    );
  });

  it('apply --yes brings an empty instance to the snapshot, and a second run finds nothing to do', async () => {
    const file = join(dir, 'snapshot.json');
    const applied = runCli(['schema', 'apply', '--yes', file], targetEnv);
    expect({ status: applied.status, stderr: applied.stderr }).toEqual({ status: 0, stderr: '' });
    expect(applied.stdout).toMatch(/Applied \d+ changes\./);
    const again = runCli(['schema', 'apply', '--yes', file], targetEnv);
    expect({ status: again.status, stdout: again.stdout }).toEqual({ status: 0, stdout: 'No changes to apply.\n' });

    const t = await createTestApp({ database: target, env: ENV });
    try {
      const snapshot = JSON.parse(readFileSync(file, 'utf8'));
      expect((await t.as('admin').post('/schema/diff').send(snapshot)).status).toBe(204);
    } finally {
      await t.close();
    }
  });

  it('apply warns about a snapshot of another vendor or version and still applies it', async () => {
    const name = 'cli_extra';
    await createCollection(source, name, [{ field: 'title', type: 'string' }]);
    const snapshot = (await source.as('admin').get('/schema/snapshot')).body.data;
    const file = join(dir, 'other.json');
    writeFileSync(file, JSON.stringify({ ...snapshot, platform: '0.0.1-other' }));
    const result = runCli(['schema', 'apply', '--yes', file], targetEnv);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('Warning: the snapshot comes from version 0.0.1-other');
    expect(result.stdout).toContain(`create_collection ${name}`);
  });

  it.each([
    ['a missing file', () => ['schema', 'apply', '--yes', join(dir, 'nope.yaml')], 1, 'No file'],
    ['a file that is not YAML', () => ['schema', 'apply', '--yes', writeTemp('bad.yaml', 'version: [1')], 1, 'YAML'],
    [
      'a file that is not a snapshot',
      () => ['schema', 'apply', '--yes', writeTemp('bad.json', '{"version": 3}')],
      1,
      '"version" must be 1',
    ],
    ['an unknown format', () => ['schema', 'snapshot', '--format', 'xml', join(dir, 'x')], 2, 'xml'],
    ['no file argument', () => ['schema', 'snapshot'], 2, 'file'],
  ] as [string, () => string[], number, string][])('fails on %s', (_label, args, code, message) => {
    const result = runCli(args(), targetEnv);
    expect(result.status).toBe(code);
    expect(result.stderr).toContain(message);
  });

  function writeTemp(name: string, text: string): string {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  }
});
