import { createCollection } from '../factories/collection.factory';
import { exportAndDownload } from '../helpers/export-job';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/**
 * Imports and exports spanning many batches: batches of two rows, so seven rows cross page and batch
 * boundaries that large files cross (keyset and offset paging, a batch written while the next is read).
 */
describe('/utils/import and /utils/export across batches', () => {
  let t: TestApp;
  let source: string;

  async function exportJson(
    body: Record<string, unknown>,
  ): Promise<{ job: Record<string, unknown>; rows: Record<string, unknown>[] }> {
    const { job, text } = await exportAndDownload(t, source, { format: 'json', ...body });
    return { job, rows: JSON.parse(text) };
  }

  function importCsv(collection: string, csv: string) {
    return t
      .as('admin')
      .post(`/utils/import/${collection}`)
      .attach('file', Buffer.from(csv), { filename: 'rows.csv', contentType: 'text/csv' });
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { EXPORT_BATCH_SIZE: '2', IMPORT_BATCH_SIZE: '2' } });
    source = await createCollection(t, uniq('paged'), [
      { field: 'title', type: 'string' },
      { field: 'n', type: 'integer' },
    ]);
    const csv = `title,n\n${[1, 2, 3, 4, 5, 6, 7].map((n) => `row ${n},${(n * 5) % 7}`).join('\n')}\n`;
    await importCsv(source, csv).expect(200);
  });
  afterAll(() => t.close());

  it('imports every batch, with a create activity per row', async () => {
    const items = (await t.as('admin').get(`/items/${source}?sort=id&fields=title`)).body.data;
    expect(items.map((i: { title: string }) => i.title)).toEqual([
      'row 1',
      'row 2',
      'row 3',
      'row 4',
      'row 5',
      'row 6',
      'row 7',
    ]);
    const activity = (
      await t.as('admin').get(`/activity?filter[collection][_eq]=${source}&filter[action][_eq]=create&limit=-1`)
    ).body.data;
    expect(activity).toHaveLength(7);
  });

  it.each([
    ['by key, pages after the last key', {}, [1, 2, 3, 4, 5, 6, 7]],
    ['by key descending', { sort: ['-id'] }, [7, 6, 5, 4, 3, 2, 1]],
    ['by another field, pages by offset', { sort: ['n'] }, [7, 3, 6, 2, 5, 1, 4]],
    ['from an offset, up to a limit', { offset: 2, limit: 4 }, [3, 4, 5, 6]],
    ['filtered', { filter: { n: { _gte: 3 } } }, [1, 2, 4, 5]],
  ])('exports every row once, %s', async (_name, query, ids) => {
    const { job, rows } = await exportJson({ query: { limit: -1, ...query } });
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(job.rows_done).toBe(ids.length);
  });

  it('pages by offset when the rows leave out their key', async () => {
    const { rows } = await exportJson({ query: { fields: ['title'], limit: -1 } });
    expect(rows).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => ({ title: `row ${n}` })));
  });

  it('names a failing row of a later batch and writes nothing of the earlier ones', async () => {
    const target = await createCollection(t, uniq('target'), [{ field: 'n', type: 'integer' }]);
    const res = await importCsv(target, 'n\n1\n2\n3\n4\n5\nnot a number\n7\n');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        message: expect.stringContaining('"n"'),
        extensions: expect.objectContaining({ code: 'INVALID_PAYLOAD', rows: [{ type: 'lines', rows: [7] }] }),
      },
    ]);
    expect((await t.as('admin').get(`/items/${target}`)).body.data).toEqual([]);
  });

  it('names failing rows of several batches, a row updating one of an earlier batch among them', async () => {
    const target = await createCollection(t, uniq('target'), [{ field: 'n', type: 'integer' }]);
    const res = await importCsv(target, 'id,n\n1,1\n2,2\n3,x\n1,5\n4,y\n');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        message: expect.stringContaining('"n"'),
        extensions: expect.objectContaining({ code: 'INVALID_PAYLOAD', rows: [{ type: 'lines', rows: [4, 6] }] }),
      },
    ]);
    expect((await t.as('admin').get(`/items/${target}`)).body.data).toEqual([]);
  });

  it('updates a row created by an earlier batch', async () => {
    const target = await createCollection(t, uniq('target'), [{ field: 'n', type: 'integer' }]);
    await importCsv(target, 'id,n\n1,1\n2,2\n1,3\n4,4\n').expect(200);
    expect((await t.as('admin').get(`/items/${target}?sort=id&fields=id,n`)).body.data).toEqual([
      { id: 1, n: 3 },
      { id: 2, n: 2 },
      { id: 4, n: 4 },
    ]);
    const activity = (await t.as('admin').get(`/activity?filter[collection][_eq]=${target}&sort=id&fields=action,item`))
      .body.data;
    expect(activity).toEqual([
      { action: 'create', item: '1' },
      { action: 'create', item: '2' },
      { action: 'update', item: '1' },
      { action: 'create', item: '4' },
    ]);
  });
});
