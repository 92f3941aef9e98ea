import { createCollection } from '../factories/collection.factory';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

interface PresetRow {
  id: number;
  bookmark: string | null;
  collection: string;
  search: string | null;
  filter: unknown;
  layout_query: { tabular: { fields: string[]; sort: string[] } };
  layout_options: { tabular: { widths: Record<string, number> } };
}

describe('Vellum Studio: the content table as a data grid, with presets and bookmarks, in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  const presets = async (): Promise<PresetRow[]> =>
    (await t.as('admin').get('/presets?filter[collection][_eq]=tasks&sort=id').expect(200)).body.data;
  const order = async (): Promise<number[]> =>
    (await t.as('admin').get('/items/tasks?sort=rank,id&fields=id&limit=-1').expect(200)).body.data.map(
      (r: { id: number }) => r.id,
    );

  beforeAll(async () => {
    t = await createTestApp();
    await createCollection(
      t,
      'tasks',
      [
        { field: 'title', type: 'string' },
        { field: 'rank', type: 'integer' },
        { field: 'status', type: 'string' },
      ],
      { sort_field: 'rank', archive_field: 'status', archive_value: 'archived' },
    );
    // Tasks 8 to 10 are archived; the others are active (one of them without any status).
    const tasks = Array.from({ length: 10 }, (_, i) => ({
      title: `Task ${i + 1}`,
      rank: i + 1,
      status: i >= 7 ? 'archived' : i === 0 ? null : 'open',
    }));
    await t.as('admin').post('/items/tasks').send(tasks).expect(200);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  it('shows active, archived or all items of a collection with an archive field', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/tasks`);
    await page
      .getByRole('status')
      .filter({ hasText: /^7 items$/ })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Task 8', exact: true }).count()).toBe(0);
    await page.getByLabel('Show').selectOption({ label: 'Archived items' });
    await page
      .getByRole('status')
      .filter({ hasText: /^3 items$/ })
      .waitFor();
    expect(await page.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringContaining('Task 8'),
      expect.stringContaining('Task 9'),
      expect.stringContaining('Task 10'),
    ]);
    await page.getByLabel('Show').selectOption({ label: 'All items' });
    await page
      .getByRole('status')
      .filter({ hasText: /^10 items$/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('orders items by hand through the sort field, as the API reads them back', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/tasks`);
    await page
      .getByRole('status')
      .filter({ hasText: /^7 items$/ })
      .waitFor();
    const moved = page.waitForResponse((r) => r.url().endsWith('/utils/sort/tasks') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Move item 3 up' }).click();
    expect((await moved).status()).toBe(200);
    expect(await order()).toEqual([1, 3, 2, 4, 5, 6, 7, 8, 9, 10]);
    await page.locator('tbody tr').nth(1).getByText('Task 3').waitFor();
    // By keyboard: focus the button and press Enter.
    await page.getByRole('button', { name: 'Move item 1 down' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('tbody tr').nth(0).getByText('Task 3').waitFor();
    expect(await order()).toEqual([3, 1, 2, 4, 5, 6, 7, 8, 9, 10]);
    // By drag and drop: the last active row onto the first.
    const dropped = page.waitForResponse(
      (r) => r.url().endsWith('/utils/sort/tasks') && r.request().method() === 'POST',
    );
    // The drag's events on the rows themselves: a pointer drag lands wherever the scrolled page puts the rows.
    const dataTransfer = await page.evaluateHandle(
      () => new (globalThis as unknown as { DataTransfer: new () => object }).DataTransfer(),
    );
    await page.locator('tbody tr').nth(6).dispatchEvent('dragstart', { dataTransfer });
    await page.locator('tbody tr').nth(0).dispatchEvent('dragover', { dataTransfer });
    await page.locator('tbody tr').nth(0).dispatchEvent('drop', { dataTransfer });
    expect((await dropped).status()).toBe(200);
    await page.locator('tbody tr').nth(0).getByText('Task 7').waitFor();
    expect(await order()).toEqual([7, 3, 1, 2, 4, 5, 6, 8, 9, 10]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps the chosen columns, their order and widths as the user preset, read again after a reload', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/content/tasks`);
    await page
      .getByRole('status')
      .filter({ hasText: /^7 items$/ })
      .waitFor();
    const saved = () =>
      page.waitForResponse((r) => /\/presets/.test(r.url()) && ['POST', 'PATCH'].includes(r.request().method()));
    await page.getByText('Columns', { exact: true }).click();
    let write = saved();
    await page.getByRole('checkbox', { name: 'Status' }).uncheck();
    await write;
    write = saved();
    await page.getByLabel('Position of Rank').selectOption('0');
    await write;
    write = saved();
    // Widen the title column from the keyboard: two steps to the right.
    await page.getByRole('separator', { name: 'Resize column title' }).focus();
    await page.keyboard.press('ArrowRight');
    await write;
    write = saved();
    await page.keyboard.press('ArrowRight');
    await write;
    await page.reload();
    await page
      .getByRole('status')
      .filter({ hasText: /^7 items$/ })
      .waitFor();
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(['Select', 'Rank', 'Title', 'Order']);
    const rows = await presets();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      bookmark: null,
      layout_query: { tabular: { fields: ['rank', 'title'] } },
      layout_options: { tabular: { widths: { title: 182 } } },
    });
    expect(await page.getByRole('separator', { name: 'Resize column title' }).getAttribute('aria-valuenow')).toBe(
      '182',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('saves the filter and search as a bookmark in the navigation, reopens, renames and deletes it', async () => {
    const page = studio.page;
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${studio.baseUrl}/admin/content/tasks`);
    await page
      .getByRole('status')
      .filter({ hasText: /^7 items$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Field 1').selectOption('rank');
    await page.getByLabel('Operator 1').selectOption('_gt');
    await page.getByLabel('Value 1').fill('4');
    await page
      .getByRole('status')
      .filter({ hasText: /^3 items$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Save as bookmark' }).click();
    await page.getByLabel('Bookmark name').fill('Late tasks');
    await page.getByRole('button', { name: 'Save bookmark' }).click();
    await page.waitForURL(/\/admin\/content\/tasks\?bookmark=\d+$/);
    const nav = page.getByRole('navigation', { name: 'Collections' });
    await nav.getByRole('link', { name: 'Late tasks' }).waitFor();
    const bookmark = (await presets()).find((p) => p.bookmark === 'Late tasks');
    expect(bookmark).toMatchObject({ filter: { rank: { _gt: 4 } } });

    // Away to the collection's own table (no filter), then back through the navigation.
    await nav.getByRole('link', { name: 'Tasks', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^7 items$/ })
      .waitFor();
    expect(await page.getByLabel('Value 1').count()).toBe(0);
    await nav.getByRole('link', { name: 'Late tasks' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^3 items$/ })
      .waitFor();
    expect(await page.getByLabel('Value 1').inputValue()).toBe('4');
    expect(await page.getByLabel('Operator 1').inputValue()).toBe('_gt');
    expect(await nav.getByRole('link', { name: 'Late tasks' }).getAttribute('aria-current')).toBe('page');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Rename bookmark' }).click();
    await page.getByLabel('Bookmark name').fill('Tasks past four');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await nav.getByRole('link', { name: 'Tasks past four' }).waitFor();
    expect((await presets()).find((p) => p.id === bookmark!.id)?.bookmark).toBe('Tasks past four');

    await page.getByRole('button', { name: 'Delete bookmark' }).click();
    await page.waitForURL(/\/admin\/content\/tasks$/);
    await nav.getByRole('link', { name: 'Tasks past four' }).waitFor({ state: 'detached' });
    expect((await presets()).filter((p) => p.bookmark !== null)).toEqual([]);
    page.removeAllListeners('dialog');
  });

  it('pages through 10,000 rows from the server, 25 at a time, never loading them all', async () => {
    await createCollection(t, 'readings', [{ field: 'n', type: 'integer' }]);
    await t
      .as('admin')
      .post('/items/readings')
      .send(Array.from({ length: 10_000 }, (_, i) => ({ n: i + 1 })))
      .expect(200);
    expect((await t.as('admin').get('/items/readings?aggregate[count]=*').expect(200)).body.data[0].count).toBe(10_000);
    const page = studio.page;
    const requests: URL[] = [];
    page.on('request', (r) => r.url().includes('/items/readings') && requests.push(new URL(r.url())));
    await page.goto(`${studio.baseUrl}/admin/content/readings`);
    await page
      .getByRole('status')
      .filter({ hasText: /^10000 items$/ })
      .waitFor();
    await page.getByText('Page 1 of 400', { exact: true }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(25);
    await page.getByRole('button', { name: 'Last page' }).click();
    await page.getByText('Page 400 of 400', { exact: true }).waitFor();
    await page.getByRole('link', { name: '10000', exact: true }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(25);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByText('Page 399 of 400', { exact: true }).waitFor();
    await page.getByRole('link', { name: '9975', exact: true }).waitFor();
    await page.getByRole('button', { name: 'First page' }).click();
    await page.getByText('Page 1 of 400', { exact: true }).waitFor();
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.map((u) => u.searchParams.get('limit'))).toEqual(requests.map(() => '25'));
    expect(new Set(requests.map((u) => u.searchParams.get('page')))).toEqual(new Set(['1', '400', '399']));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
