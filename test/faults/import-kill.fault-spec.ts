import { readdirSync } from 'node:fs';
import { Api, expectStatus, waitFor } from './lib/api';
import { Fleet } from './lib/fleet';
import { READINGS_FIELDS, readingsCsv } from './lib/readings';

/** Enough rows that the import runs well over a second on this machine: the kill lands in its middle. */
const ROWS = 300_000;

/** Issue 18: a Vellum killed (kill -9) while a background import writes leaves none of its rows. */
describe('fault: kill -9 during a background CSV import', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await Fleet.start();
  }, 60_000);
  afterAll(() => fleet?.close(), 60_000);

  it('keeps none of the rows after a restart, and reports the job failed with the reason', async () => {
    const first = await fleet.vellum();
    const admin = await new Api(first.url).asAdmin();
    expectStatus(
      await admin.post('/collections', { collection: 'readings', meta: {}, fields: READINGS_FIELDS }),
      200,
      'create readings',
    );
    expectStatus(await admin.post('/items/readings', { label: 'before', amount: -1 }), 200, 'row before the import');

    const started = expectStatus(
      await admin.upload('/utils/import/readings?background=true', readingsCsv(ROWS), 'text/csv', 'readings.csv'),
      200,
      'import',
    );
    const jobId = started.body.data.id as string;
    // A job reports its row count at most once a second: a count above zero means the import is under
    // way and has been writing for a second at least.
    const job = async () => (await admin.get(`/utils/jobs/${jobId}`)).body.data;
    expect(await waitFor(async () => (await job()).rows_done > 0, 30_000, 50)).toBe(true);
    const atKill = await job();
    expect(atKill.status).toBe('running');
    expect(atKill.rows_done).toBeLessThan(ROWS);
    await first.kill();

    // The database rolled the import's transaction back when the connection died.
    expect(fleet.pg.sql('vellum', 'SELECT count(*) FROM readings')).toBe('1');
    // The upload's temporary copy (TMPDIR is the fleet's scratch folder) outlived its importer.
    const copies = () => readdirSync(fleet.dir).filter((name) => name.startsWith('vellum-import-'));
    expect(copies()).toHaveLength(1);
    const second = await fleet.vellum();
    const again = await new Api(second.url).asAdmin();
    const rows = expectStatus(await again.get('/items/readings?aggregate[count]=*'), 200, 'count rows').body.data;
    expect(rows).toEqual([{ count: 1 }]);
    // The restarted instance fails the job of the dead one as it starts (same host, its PID gone).
    const after = expectStatus(await again.get(`/utils/jobs/${jobId}`), 200, 'read job').body.data;
    expect(after.status).toBe('failed');
    expect(after.finished_on).not.toBeNull();
    expect(after.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('stopped before it ended'),
        extensions: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }),
      }),
    ]);
    // Swept at start, in the background: its importer's PID is gone from this host.
    expect(await waitFor(async () => copies().length === 0, 10_000, 100)).toBe(true);
  });
});
