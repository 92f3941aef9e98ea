import axe from 'axe-core';
import { existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { STUDIO_DIST } from '../../src/modules/studio/studio.middleware';

/** Debian's chromium (`apt-get install -y chromium`); never a downloaded browser build. */
const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');

export interface StudioBrowser {
  browser: Browser;
  /** A page in a fresh context: no cookie of an earlier test. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Playwright gives each launch a fresh temporary profile (user-data-dir) and removes it on close. */
export async function launchStudioBrowser(): Promise<StudioBrowser> {
  if (!existsSync(join(STUDIO_DIST, 'index.html'))) throw new Error('admin/dist is missing: run npm run build first');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    newPage: async () => (await browser.newContext()).newPage(),
    close: () => browser.close(),
  };
}

/** A free loopback port, known before the app starts, so that PUBLIC_URL and allow-lists can name it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The axe-core violations of the page that a user of assistive technology would be blocked by. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(() => (globalThis as unknown as { axe: typeof axe }).axe.run());
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The last page of a test, kept for a person to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The end of a test: its last page saved under the test's name, then its browser context closed. */
export async function endTestPage(page: Page | undefined, prefix: string): Promise<void> {
  if (!page) return;
  const words = (expect.getState().currentTestName ?? 'test').split(' ').slice(-3).join('-');
  await saveScreenshot(page, `${prefix}-${words}`);
  await page.context().close();
}

/** Starts the test app's HTTP server on loopback (port 0: any free one) and answers its base URL. */
export async function listenOnLoopback(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** Signs in through the Studio's sign-in page and waits for the content page. */
export async function signInThroughStudio(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/admin/content`);
}
