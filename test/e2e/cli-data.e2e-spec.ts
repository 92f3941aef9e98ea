import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCollection } from '../factories/collection.factory';
import { runCli } from '../helpers/spawn-vellum';
import { ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('command line import and export', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let dir: string;
  let books: string;

  beforeAll(async () => {
    t = await createTestApp();
    env = { ...t.database.env, ADMIN_PASSWORD };
    dir = mkdtempSync(join(tmpdir(), 'vellum-cli-'));
    books = await createCollection(t, uniq('books'), [
      { field: 'title', type: 'string', meta: { required: true } },
      { field: 'pages', type: 'integer' },
      { field: 'tags', type: 'json' },
    ]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (name: string, content?: string) => {
    const path = join(dir, name);
    if (content !== undefined) writeFileSync(path, content);
    return path;
  };
  const rows = async () => (await t.as('admin').get(`/items/${books}?sort=id&limit=-1`)).body.data;

  it('imports a CSV file with a progress bar on stderr and a summary on stdout', async () => {
    const result = runCli(
      ['import', books, file('books.csv', 'title,pages,tags\nDune,412,"[""sf""]"\nEmma,300,\n')],
      env,
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Imported 2 rows in [\d.]+ s \(\d+ rows\/s\)\.\n$/);
    expect(result.stderr).toMatch(/100% \| 2 rows \| \d+ rows\/s \| ETA/);
    expect(await rows()).toEqual([
      { id: 1, title: 'Dune', pages: 412, tags: ['sf'] },
      { id: 2, title: 'Emma', pages: 300, tags: null },
    ]);
  });

  it.each([
    ['json', 'books.json'],
    ['csv', 'books.csv'],
  ])('exports to %s and the file imports back into the same rows', async (_format, name) => {
    const out = file(`out-${name}`);
    const exported = runCli(['export', books, out], env);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toMatch(
      new RegExp(`^Exported 2 rows in [\\d.]+ s \\(\\d+ rows/s\\) to ${out.replace(/[.]/g, '\\.')}\\.\\n$`),
    );
    expect(exported.stderr).toContain('2 rows');
    const before = await rows();
    await t
      .as('admin')
      .delete(`/items/${books}`)
      .send({ query: { limit: -1 } });
    expect(runCli(['import', books, out], env).status).toBe(0);
    expect(await rows()).toEqual(before);
  });

  it('exports with --format and --query', () => {
    const out = file('some.txt');
    const result = runCli(
      ['export', books, out, '--format', 'yaml', '--query', '{"filter":{"pages":{"_gt":400}},"fields":["title"]}'],
      env,
    );
    expect(result.status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('- title: "Dune"\n');
  });

  it('fails with 1 and names the lines when rows are wrong, writing nothing', async () => {
    const before = await rows();
    const result = runCli(['import', books, file('bad.csv', 'title,pages\nok,1\n,2\nworse,many\n')], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Nothing was imported.');
    expect(result.stderr).toMatch(/FAILED_VALIDATION: .*\(line 3\)/);
    expect(result.stderr).toMatch(/INVALID_PAYLOAD: .*"pages".*\(line 4\)/);
    expect(await rows()).toEqual(before);
  });

  it.each([
    ['an unknown collection', ['import', 'nothing_here', 'books.csv'], 1, 'permission'],
    ['a missing file', ['import', 'x', 'missing.csv'], 1, 'No file'],
    ['a file of unknown format', ['import', 'x', 'data.bin'], 2, '--format'],
    ['an unknown --format', ['export', 'x', 'out.json', '--format', 'pdf'], 2, 'Allowed'],
    ['a --query that is not JSON', ['export', 'x', 'out.json', '--query', '{'], 2, 'JSON object'],
    ['a missing argument', ['export', 'x'], 2, "missing required argument 'file'"],
  ])('fails on %s', (_label, args, code, message) => {
    const result = runCli(
      args.map((a) =>
        a.includes('.') && !a.startsWith('{')
          ? file(a, a === 'books.csv' || a === 'data.bin' ? 'title\nx\n' : undefined)
          : a,
      ),
      env,
    );
    expect(result.status).toBe(code);
    expect(result.stderr).toContain(message);
  });
});
