/**
 * The README's screenshots of the Studio: Vellum started on a throw-away SQLite database, seeded with
 * related content, revisions, a comment and files, then photographed in Chromium in the light and the
 * dark theme into docs/screenshots/. Run after `npm run build:admin`: `npm run screenshots`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, Page } from 'playwright-core';
import sharp from 'sharp';
import { freePort } from '../test/helpers/free-port';
import { startServer } from '../test/helpers/spawn-vellum';

const OUT = join(__dirname, '..', 'docs', 'screenshots');
const EMAIL = 'admin@example.com';
const PASSWORD = 'screenshots-password-1';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Call = (method: string, path: string, body?: unknown) => Promise<unknown>;

/** A JSON call as the administrator; any refusal stops the script with the API's answer. */
function caller(url: string, token: string): Call {
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : ((await res.json()) as { data: unknown }).data;
  };
}

async function seedSchema(call: Call): Promise<void> {
  const collection = (name: string, fields: { field: string; type: string }[], meta: Record<string, unknown> = {}) =>
    call('POST', '/collections', { collection: name, meta, fields });
  await collection(
    'authors',
    [
      { field: 'name', type: 'string' },
      { field: 'bio', type: 'text' },
    ],
    { display_template: '{{name}}', icon: 'person' },
  );
  await collection('tags', [{ field: 'label', type: 'string' }], { display_template: '{{label}}' });
  await collection(
    'articles',
    [
      { field: 'title', type: 'string' },
      { field: 'summary', type: 'text' },
      { field: 'views', type: 'integer' },
      { field: 'published_on', type: 'date' },
      { field: 'author', type: 'integer' },
    ],
    { display_template: '{{title}}' },
  );
  await collection(
    'articles_tags',
    [
      { field: 'articles_id', type: 'integer' },
      { field: 'tags_id', type: 'integer' },
    ],
    { hidden: true },
  );
  await call('POST', '/relations', {
    collection: 'articles',
    field: 'author',
    related_collection: 'authors',
    meta: { one_field: 'articles' },
  });
  await call('POST', '/relations', {
    collection: 'articles_tags',
    field: 'articles_id',
    related_collection: 'articles',
    meta: { one_field: 'tags', junction_field: 'tags_id' },
  });
  await call('POST', '/relations', {
    collection: 'articles_tags',
    field: 'tags_id',
    related_collection: 'tags',
    meta: { junction_field: 'articles_id' },
  });
}

const TITLES = [
  'Notes on the Analytical Engine',
  'Computing machinery and intelligence',
  'A mathematical theory of communication',
  'The first compiler',
  'On computable numbers',
  'Go to statement considered harmful',
  'Why functional programming matters',
  'The mythical man-month',
];

async function seedContent(call: Call): Promise<void> {
  await call('POST', '/items/authors', [
    { name: 'Ada Lovelace' },
    { name: 'Alan Turing' },
    { name: 'Grace Hopper' },
    { name: 'Claude Shannon' },
  ]);
  await call('POST', '/items/tags', [{ label: 'History' }, { label: 'Theory' }, { label: 'Languages' }]);
  await call(
    'POST',
    '/items/articles',
    TITLES.map((title, i) => ({
      title,
      summary: `${title}: a short summary of the argument.`,
      views: (i + 1) * 1234,
      published_on: `2026-0${(i % 9) + 1}-1${i}`,
      author: (i % 4) + 1,
    })),
  );
  await call('PATCH', '/items/articles/1', {
    tags: { create: [{ tags_id: 1 }, { tags_id: 2 }], update: [], delete: [] },
  });
  await call('PATCH', '/items/articles/1', { title: 'Notes on the Analytical Engine (draft)', views: 1500 });
  await call('PATCH', '/items/articles/1', {
    title: 'Notes on the Analytical Engine',
    summary: 'The first published program, and what a machine might compute.',
  });
  await call('POST', '/comments', {
    collection: 'articles',
    item: '1',
    comment: 'The summary reads well now; ready to publish.',
  });
}

/** A few small pictures for the files library, drawn as SVG and stored as PNG, as photos would be. */
async function seedFiles(url: string, token: string): Promise<void> {
  const colours = ['#1864ab', '#2b8a3e', '#e67700', '#c2255c', '#5f3dc4', '#0b7285'];
  for (const [i, colour] of colours.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="${colour}"/><circle cx="${80 + i * 30}" cy="100" r="50" fill="#fff" opacity="0.5"/></svg>`;
    const form = new FormData();
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `illustration-${i + 1}.png`);
    const res = await fetch(`${url}/files`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  }
}

const SHOTS: { name: string; path: string; ready: (page: Page) => Promise<unknown>; fullPage?: boolean }[] = [
  {
    name: 'content-table',
    path: '/content/articles',
    ready: (p) => p.getByText('The mythical man-month').first().waitFor(),
  },
  {
    name: 'item-sidebar',
    path: '/content/articles/1',
    ready: (p) => p.getByText('The summary reads well now').waitFor(),
    fullPage: true,
  },
  {
    name: 'files-library',
    path: '/files',
    ready: (p) =>
      p
        .getByRole('img', { name: /illustration 6/i })
        .first()
        .waitFor(),
  },
  { name: 'data-model', path: '/data-model/articles', ready: (p) => p.getByText('published_on').first().waitFor() },
];

async function photograph(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (const theme of ['light', 'dark'] as const) {
      const page = await (
        await browser.newContext({ colorScheme: theme, viewport: { width: 1280, height: 800 } })
      ).newPage();
      await page.goto(`${url}/admin/signin`);
      await page.getByLabel('Email', { exact: true }).fill(EMAIL);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(EMAIL).waitFor();
      for (const shot of SHOTS) {
        await page.goto(`${url}/admin${shot.path}`);
        await shot.ready(page);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(OUT, `${shot.name}-${theme}.png`), fullPage: shot.fullPage });
        console.log(`docs/screenshots/${shot.name}-${theme}.png`);
      }
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vellum-screenshots-'));
  const port = await freePort();
  const server = await startServer(
    {
      DB_CLIENT: 'sqlite',
      DB_FILENAME: join(dir, 'vellum.db'),
      STORAGE_LOCAL_ROOT: join(dir, 'uploads'),
      SECRET: 'screenshots-secret-that-is-long-enough-0123',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    port,
  );
  try {
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const call = caller(server.url, token);
    await seedSchema(call);
    await seedContent(call);
    await seedFiles(server.url, token);
    await photograph(server.url);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
