import type { Page } from 'playwright-core';
import { endTestPage, launchStudioBrowser, listenOnLoopback, signInThroughStudio, StudioBrowser } from '../helpers/studio-browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TestApp } from '../helpers/test-app';

/** JWT expiry is counted in whole seconds: a token of this TTL lives between 5 and 6 s. */
const TTL_MS = 6000;

describe('Vellum Studio keeps its session alive', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_COOKIE_TTL: `${TTL_MS}ms` } });
    base = await listenOnLoopback(t.server);
    studio = await launchStudioBrowser();
    page = await studio.newPage();
  });
  afterEach(() => endTestPage(page, 'studio-session'));
  afterAll(async () => {
    await studio?.close();
    await t?.close();
  });

  it('refreshes the session cookie before it expires, across a reload, so the user stays signed in', async () => {
    await signInThroughStudio(page, base, ADMIN_EMAIL, ADMIN_PASSWORD);
    const first = (await page.context().cookies()).find((c) => c.name === t.config.auth.sessionCookie.name)!;

    await page.waitForTimeout(TTL_MS / 2);
    await page.reload();
    await page.waitForTimeout(TTL_MS);
    await page.goto(`${base}/admin/content`);
    await page.getByText(ADMIN_EMAIL).waitFor();
    expect(page.url()).toBe(`${base}/admin/content`);
    // The cookie of the sign-in has expired by now: the user is still in only thanks to the refreshes.
    const stale = await t.as('anonymous').get('/users/me').set('Cookie', `${first.name}=${first.value}`);
    expect(stale.status).toBe(401);
  });
});
