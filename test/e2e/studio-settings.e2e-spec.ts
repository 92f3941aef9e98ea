import { createCollection } from '../factories/collection.factory';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('Vellum Studio: settings in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_ENABLED: 'true', CACHE_STATUS_HEADER: 'X-Cache' } });
    await createCollection(t, 'notes', [{ field: 'text', type: 'string' }]);
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));

  it('saves the password policy, login attempts and asset presets, which the API then enforces', async () => {
    const page = studio.page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByLabel('Password policy').fill('^.{12,}$');
    await page.getByLabel('Failed sign-ins before the account is locked').fill('5');
    await page.getByLabel('Asset presets (JSON)').fill('not json');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('alert').filter({ hasText: 'Asset presets must be JSON' }).waitFor();
    await page
      .getByLabel('Asset presets (JSON)')
      .fill('[{ "key": "thumb", "width": 64, "height": 64, "fit": "cover" }]');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await t.as('admin').get('/settings')).body.data).toMatchObject({
      auth_password_policy: '^.{12,}$',
      auth_login_attempts: 5,
      storage_asset_presets: [expect.objectContaining({ key: 'thumb', width: 64 })],
    });
    const refused = await t.as('admin').post('/users').send({ email: 'short@example.com', password: 'short' });
    expect(refused.status).toBe(400);
  });

  it('clears the cache: a cached read is answered fresh afterwards', async () => {
    const page = studio.page;
    await t.as('admin').get('/items/notes').expect(200);
    expect((await t.as('admin').get('/items/notes')).headers['x-cache']).toBe('HIT');
    await page.goto(`${studio.baseUrl}/admin/settings`);
    await page.getByRole('button', { name: 'Clear the cache' }).click();
    await page.getByRole('status').filter({ hasText: 'The cache is cleared.' }).waitFor();
    expect((await t.as('admin').get('/items/notes')).headers['x-cache']).toBe('MISS');
  });
});
