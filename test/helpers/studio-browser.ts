import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from './test-app';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'studio');
const AXE = require.resolve('axe-core/axe.min.js');

export interface StudioBrowser {
  baseUrl: string;
  page: Page;
  /** A fresh browser context (no cookies) as the current page. */
  newPage(): Promise<Page>;
  /** Fills and submits the sign-in form of the current page. */
  signIn(email: string, password: string): Promise<void>;
  /** Saves the current page's screenshot under test-artifacts/studio, named after the test. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the app on a loopback port (`port`, when PUBLIC_URL had to name it beforehand; any free one
 * otherwise) and Debian's Chromium, headless, on the built Studio.
 */
export async function startStudioBrowser(t: TestApp, port = 0): Promise<StudioBrowser> {
  if (!existsSync(join(__dirname, '..', '..', 'admin', 'dist', 'index.html'))) {
    throw new Error('admin/dist is missing: run `npm run build` before the Studio tests');
  }
  await t.app.listen(port, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  const browser: Browser = await chromium.launch({
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
  mkdirSync(ARTIFACTS, { recursive: true });
  const studio: StudioBrowser = {
    baseUrl,
    page: await (await browser.newContext()).newPage(),
    async newPage() {
      studio.page = await (await browser.newContext()).newPage();
      return studio.page;
    },
    async signIn(email, password) {
      await studio.page.getByLabel('Email', { exact: true }).fill(email);
      await studio.page.getByLabel('Password', { exact: true }).fill(password);
      await studio.page.getByRole('button', { name: 'Sign in' }).click();
    },
    async screenshot(name) {
      await studio.page.screenshot({
        path: join(ARTIFACTS, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`),
        fullPage: true,
      });
    },
    close: () => browser.close(),
  };
  return studio;
}

/** axe-core's serious and critical violations on the page as it stands, as `rule: target` lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await (
      globalThis as unknown as {
        axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run();
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The path and query of a mailed link, on the test server (the mail carries PUBLIC_URL's origin). */
export function linkIn(text: string, baseUrl: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${path}\\?token=[^\\s"<>]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in the mail`);
  const url = new URL(match[0]);
  return `${baseUrl}${url.pathname}${url.search}`;
}

/** The administrator signed in on the Studio's current page: the set-up most Studio tests share. */
export async function signInAsAdmin(studio: StudioBrowser): Promise<void> {
  await studio.page.goto(`${studio.baseUrl}/admin/signin`);
  await studio.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  await studio.page.getByText(ADMIN_EMAIL).waitFor();
}

/** Jest hooks of a Studio spec: a screenshot of each test's last page, then the browser and the app closed. */
export function studioHooks(current: () => { studio?: StudioBrowser; t?: TestApp }): void {
  afterEach(async () => {
    await current().studio?.screenshot(expect.getState().currentTestName ?? 'test');
  });
  afterAll(async () => {
    const { studio, t } = current();
    await studio?.close();
    await t?.close();
  });
}
