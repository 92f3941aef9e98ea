import { createRole, createUser, CreatedUser } from '../factories/user.factory';
import { seriousViolations, startStudioBrowser, StudioBrowser, studioHooks } from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

/** The interface language: chosen on the profile page, saved on the user, applied at once and at every sign-in. */
describe('Vellum Studio: interface language in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  let lena: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    lena = await createUser(t, { role: await createRole(t, { admin: true }), first_name: 'Lena' });
    studio = await startStudioBrowser(t);
  });
  studioHooks(() => ({ studio, t }));

  const html = () => studio.page.evaluate<string>('document.documentElement.lang');

  it('switches to German on the profile page, saves the choice and keeps German after signing in again', async () => {
    const page = studio.page;
    await page.goto(`${studio.baseUrl}/admin/signin?from=/profile`);
    await studio.signIn(lena.email, lena.password);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(await html()).toBe('en');
    await page.getByLabel('Language of the interface').selectOption({ label: 'Deutsch' });
    await page.getByRole('heading', { name: 'Ihr Konto' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Die Sprache der Oberfläche ist geändert.' }).waitFor();
    await page.getByRole('navigation', { name: 'Bereiche' }).getByRole('link', { name: 'Inhalte' }).waitFor();
    expect(await html()).toBe('de');
    expect(await seriousViolations(page)).toEqual([]);
    expect((await t.as('admin').get(`/users/${lena.id}?fields=language`)).body.data.language).toBe('de-DE');

    await page.context().close();
    const again = await studio.newPage();
    await again.goto(`${studio.baseUrl}/admin/signin`);
    await studio.signIn(lena.email, lena.password);
    await again.getByRole('button', { name: 'Abmelden' }).waitFor();
    await again.getByRole('navigation', { name: 'Bereiche' }).getByRole('link', { name: 'Einstellungen' }).waitFor();
    expect(await html()).toBe('de');

    await again.getByRole('link', { name: 'Ihr Konto' }).click();
    await again.getByLabel('Sprache der Oberfläche').selectOption({ label: 'English' });
    await again.getByRole('heading', { name: 'Your account' }).waitFor();
    expect((await t.as('admin').get(`/users/${lena.id}?fields=language`)).body.data.language).toBe('en-US');
  });
});
