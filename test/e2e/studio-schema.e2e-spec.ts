import { readFileSync } from 'node:fs';
import { createCollection } from '../factories/collection.factory';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

type Snapshot = {
  vendor: string;
  collections: { collection: string }[];
  fields: { collection: string; field: string; meta: Record<string, unknown> }[];
};

describe('Vellum Studio: schema moves in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  let target: Snapshot;
  const snapshot = async (): Promise<Snapshot> => (await t.as('admin').get('/schema/snapshot').expect(200)).body.data;
  const chooseSnapshot = (text: string, name = 'target.json') =>
    studio.page.getByLabel('Snapshot file (JSON or YAML)').setInputFiles({
      name,
      mimeType: name.endsWith('.json') ? 'application/json' : 'application/yaml',
      buffer: Buffer.from(text),
    });

  beforeAll(async () => {
    t = await createTestApp();
    await createCollection(t, 'notes', [{ field: 'text', type: 'string', meta: { note: 'Kept' } }]);
    await createCollection(t, 'posts', [{ field: 'title', type: 'string' }]);
    target = await snapshot();
    // The live schema drifts from the target: posts goes, legacy comes, a note changes.
    await t.as('admin').delete('/collections/posts').expect(204);
    await createCollection(t, 'legacy', [{ field: 'code', type: 'integer' }]);
    await t
      .as('admin')
      .patch('/fields/notes/text')
      .send({ meta: { note: 'Drifted' } })
      .expect(200);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  it('downloads the snapshot as YAML', async () => {
    const page = studio.page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Schema moves' }).click();
    await page.getByRole('heading', { name: 'Schema moves' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'snapshot as YAML' }).click(),
    ]);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text).toMatch(/collection: legacy/);
    expect(text).toMatch(/note: Drifted/);
  });

  it('shows the difference grouped by collection and the ordered plan, then applies it after a confirmation naming the loss', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/schema`);
    await chooseSnapshot(JSON.stringify(target));
    await page.getByRole('button', { name: 'Compare' }).click();
    const differences = page.getByRole('region', { name: 'Differences' });
    await differences.getByText('3 collection(s) affected: 1 created, 1 changed, 1 deleted.').waitFor();
    await differences.getByText('posts — created').waitFor();
    await differences.getByText('legacy — deleted').waitFor();
    await differences.getByText('"Drifted" → "Kept"').waitFor();
    const steps = page.getByRole('list', { name: 'Steps in order' });
    await steps.getByText('create collection posts').waitFor();
    await steps.getByText('delete collection legacy').waitFor();
    await steps.getByText('update field notes.text').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await studio.screenshot('schema-plan');

    await page.getByRole('button', { name: 'Apply…' }).click();
    await page
      .getByRole('alertdialog')
      .getByText('This deletes collection legacy, with the data stored there')
      .waitFor();
    expect((await snapshot()).collections.map((c) => c.collection)).toContain('legacy');
    // The confirmation starts on Cancel and holds the focus: tabbing on stays among its two buttons.
    const focusedText = () => page.evaluate<string>('document.activeElement?.textContent ?? ""');
    expect(await focusedText()).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focusedText()).toMatch(/^Apply \d+ step/);
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Cancel');
    await page.getByRole('button', { name: /^Apply \d+ step/ }).click();
    await page.getByRole('status').filter({ hasText: 'Applied: 3 step(s).' }).waitFor();
    const after = await snapshot();
    expect(after.collections.map((c) => c.collection).sort()).toEqual(['notes', 'posts']);
    expect(after.fields.find((f) => f.collection === 'notes' && f.field === 'text')?.meta.note).toBe('Kept');
    // The content navigation follows the new schema without a reload.
    await page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: 'posts' }).waitFor();
  });

  it('says so when nothing differs, from a pasted snapshot', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/schema`);
    await page.getByLabel('Or paste a snapshot').fill(JSON.stringify(await snapshot()));
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByRole('status').filter({ hasText: 'Nothing differs' }).waitFor();
  });

  it('explains a vendor mismatch and compares anyway when forced', async () => {
    const page = studio.page;
    const current = await snapshot();
    const other = {
      ...current,
      vendor: current.vendor === 'sqlite' ? 'mysql' : 'sqlite',
      collections: current.collections.filter((c) => c.collection !== 'posts'),
      fields: current.fields.filter((f) => f.collection !== 'posts'),
    };
    await page.goto(`${studio.baseUrl}/admin/schema`);
    await chooseSnapshot(JSON.stringify(other));
    await page.getByRole('button', { name: 'Compare' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `taken on vendor "${other.vendor}"` })
      .waitFor();
    await page.getByRole('button', { name: 'Compare anyway (force)' }).click();
    await page.getByRole('region', { name: 'Differences' }).getByText('posts — deleted').waitFor();
    expect(await page.getByLabel(/^Force:/).isChecked()).toBe(true);
  });

  it('renders the plan of a 50 × 20 schema', async () => {
    const page = studio.page;
    const current = await snapshot();
    const template = current.fields.find((f) => f.collection === 'notes' && f.field === 'text')!;
    const pk = current.fields.find((f) => f.collection === 'notes' && f.field === 'id')!;
    const names = Array.from({ length: 50 }, (_, i) => `wide_${String(i).padStart(2, '0')}`);
    const wide = {
      ...current,
      collections: [
        ...current.collections,
        ...names.map((collection) => ({ ...current.collections[0], collection, schema: { name: collection } })),
      ],
      fields: [
        ...current.fields,
        ...names.flatMap((collection) => [
          { ...pk, collection, schema: { ...(pk as unknown as { schema: object }).schema, table: collection } },
          ...Array.from({ length: 19 }, (_, i) => ({
            ...template,
            collection,
            field: `f_${i}`,
            schema: { ...(template as unknown as { schema: object }).schema, table: collection, name: `f_${i}` },
          })),
        ]),
      ],
    };
    await page.goto(`${studio.baseUrl}/admin/schema`);
    await chooseSnapshot(JSON.stringify(wide));
    const started = Date.now();
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByText('50 collection(s) affected: 50 created, 0 changed, 0 deleted.').waitFor();
    console.log(`50 × 20 plan rendered ${Date.now() - started} ms after Compare (target < 1000 ms)`);
    expect(await page.locator('.plan > li').count()).toBe(50);
    await page.getByRole('list', { name: 'Steps in order' }).getByText('create collection wide_49').waitFor();
  });
});
