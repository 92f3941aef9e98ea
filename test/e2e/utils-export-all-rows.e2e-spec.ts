import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCollection } from '../factories/collection.factory';
import { exportAndDownload } from '../helpers/export-job';
import { runCli } from '../helpers/spawn-vellum';
import { ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** More rows than one page of items (100) and than several export batches, so paging shows. */
const ROWS = 264;
const BATCH = '50';
const ALL_IDS = Array.from({ length: ROWS }, (_, i) => i + 1);

/** The ids of an exported file, in file order: the CSV `id` column (the first), or the JSON records'. */
function idsOf(format: 'csv' | 'json', text: string): number[] {
  if (format === 'json') return (JSON.parse(text) as { id: number }[]).map((row) => row.id);
  const [header, ...lines] = text.trim().split('\n');
  expect(header.split(',')[0]).toBe('id');
  return lines.map((line) => Number(line.split(',')[0]));
}

describe('/utils/export and the export command without a limit: every row', () => {
  let t: TestApp;
  let notes: string;

  const exportFile = (body: Record<string, unknown>) => exportAndDownload(t, notes, body);

  beforeAll(async () => {
    t = await createTestApp({ env: { EXPORT_BATCH_SIZE: BATCH } });
    notes = await createCollection(t, uniq('notes'), [{ field: 'title', type: 'string' }]);
    const created = await t
      .as('admin')
      .post(`/items/${notes}`)
      .send(ALL_IDS.map((n) => ({ title: `note ${n}` })));
    expect(created.status).toBe(200);
  });
  afterAll(() => t.close());

  it.each(['csv', 'json'] as const)(
    'writes every row to %s when the query has no limit, and counts them on the job',
    async (format) => {
      const { job, text } = await exportFile({ format, query: {} });
      expect(idsOf(format, text)).toEqual(ALL_IDS);
      expect(job.rows_done).toBe(ROWS);
    },
  );

  it.each([
    ['limit -1', { limit: -1 }, ALL_IDS],
    ['an explicit limit past one page', { limit: 150 }, ALL_IDS.slice(0, 150)],
    [
      'an explicit limit with an offset, sorted by another field',
      { limit: 120, offset: 10, sort: ['-title'] },
      undefined,
    ],
  ])('honours %s', async (_name, query, ids) => {
    const { job, text } = await exportFile({ format: 'csv', query });
    const exported = idsOf('csv', text);
    expect(exported).toHaveLength(query.limit === -1 ? ROWS : query.limit);
    if (ids) expect(exported).toEqual(ids);
    expect(new Set(exported).size).toBe(exported.length);
    expect(job.rows_done).toBe(exported.length);
  });

  it.each(['csv', 'json'] as const)('the command line writes every row to %s by default', (format) => {
    const dir = mkdtempSync(join(tmpdir(), 'vellum-export-'));
    try {
      const out = join(dir, `notes.${format}`);
      const result = runCli(['export', notes, out], { ...t.database.env, ADMIN_PASSWORD, EXPORT_BATCH_SIZE: BATCH });
      expect(result.stderr).not.toMatch(/error/i);
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^Exported ${ROWS} rows in `));
      expect(idsOf(format, readFileSync(out, 'utf8'))).toEqual(ALL_IDS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
