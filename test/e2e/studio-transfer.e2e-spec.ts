import { createCollection } from '../factories/collection.factory';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

const ROWS = 300;
const genreOf = (i: number) => (i % 3 === 0 ? 'poetry' : 'novel');
const booksCsv =
  [
    'title,pages,genre',
    ...Array.from({ length: ROWS }, (_, k) => `Book ${k + 1},${(k + 1) * 3},${genreOf(k + 1)}`),
  ].join('\n') + '\n';

describe('Vellum Studio: importing and exporting a collection in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    await createCollection(t, 'books', [
      { field: 'title', type: 'string' },
      { field: 'pages', type: 'integer' },
      { field: 'genre', type: 'string' },
    ]);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));
  const count = async () =>
    (await t.as('admin').get('/items/books?meta=total_count&limit=0')).body.meta.total_count as number;

  async function importFile(name: string, text: string, mimeType = 'text/csv'): Promise<void> {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/books`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByLabel('File to import (CSV or JSON, or drop it here)')
      .setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
  }

  it('imports a CSV file with the progress of its upload and rows, then the table and the API have every row', async () => {
    const page = studio.page;
    await importFile('books.csv', booksCsv);
    await page.getByRole('progressbar', { name: 'Upload of books.csv' }).waitFor();
    await page.getByRole('progressbar', { name: 'Rows imported' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `${ROWS} rows imported` })
      .waitFor();
    expect(await page.getByRole('progressbar', { name: 'Rows imported' }).getAttribute('value')).toBe('1');
    await page
      .getByRole('status')
      .filter({ hasText: `${ROWS} items` })
      .waitFor();
    expect(await count()).toBe(ROWS);
    const sample = (await t.as('admin').get('/items/books?filter[title][_eq]=Book 150&fields=title,pages,genre')).body
      .data;
    expect(sample).toEqual([{ title: 'Book 150', pages: 450, genre: 'poetry' }]);
  });

  it('shows the lines and fields of refused rows, and writes none of the file', async () => {
    const page = studio.page;
    const bad =
      [
        'title,pages,genre',
        'Fine book,10,novel',
        'Bad book,many,novel',
        'Other book,20,novel',
        'Worse book,lots,poetry',
      ].join('\n') + '\n';
    await importFile('bad.csv', bad);
    const table = page.getByRole('table', { name: 'Import errors' });
    await table.waitFor();
    const cells = await table.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells[0]).toBe('3, 5');
    expect(cells[1]).toBe('pages');
    expect(cells[2]).not.toBe('');
    expect(await page.getByRole('alert').filter({ hasText: 'nothing was written' }).count()).toBe(1);
    expect(await count()).toBe(ROWS);
    expect((await t.as('admin').get('/items/books?filter[title][_eq]=Fine book')).body.data).toEqual([]);
    // Refused at once (a 400-class answer to the upload itself) rather than by the job: the same table.
    await importFile('notes.txt', 'not a table', 'text/plain');
    await table.getByRole('cell', { name: 'UNSUPPORTED_MEDIA_TYPE' }).waitFor();
  });

  it('exports what the table shows (filter, sort, columns) as CSV to a file the link downloads', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/books`);
    await page
      .getByRole('status')
      .filter({ hasText: `${ROWS} items` })
      .waitFor();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Field 1').selectOption('genre');
    await page.getByLabel('Value 1').fill('poetry');
    await page
      .getByRole('status')
      .filter({ hasText: /^100 items$/ })
      .waitFor();
    await page.getByLabel('Search').fill('Book 2');
    const shown = Array.from({ length: ROWS }, (_, k) => k + 1).filter(
      (i) => genreOf(i) === 'poetry' && `Book ${i}`.includes('Book 2'),
    );
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${shown.length} items$`) })
      .waitFor();
    await page.getByText('Columns', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'genre' }).uncheck();
    await page.getByRole('button', { name: 'pages' }).click();
    await page.getByRole('button', { name: 'pages' }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByLabel('Format').selectOption('csv');
    await page.getByRole('button', { name: 'Start export' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${shown.length} rows exported` })
      .waitFor();
    expect(await page.getByRole('progressbar', { name: 'Rows exported' }).getAttribute('value')).toBe('1');
    const href = await page.getByRole('link', { name: 'Download the export' }).getAttribute('href');
    const id = /^\/assets\/([0-9a-f-]{36})\?download$/.exec(href ?? '')?.[1];
    expect(id).toBeDefined();
    const download = await t.as('admin').get(href!);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    const lines = (await t.as('admin').get(`/assets/${id}`)).text.trim().split(/\r?\n/);
    const expected = [...shown].reverse().map((i) => `Book ${i},${i * 3}`);
    expect(lines).toEqual(['title,pages', ...expected]);
  });

  it('has no serious accessibility violations with both panels open and a refused import listed', async () => {
    const page = studio.page;
    await importFile('bad.csv', 'title,pages\nBad,many\n');
    await page.getByRole('table', { name: 'Import errors' }).waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('heading', { name: 'Export items' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
