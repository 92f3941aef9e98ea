import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  seriousViolations,
  signInAsAdmin,
  startStudioBrowser,
  StudioBrowser,
  studioHooks,
} from '../helpers/studio-browser';
import { createTestApp, TestApp } from '../helpers/test-app';

const png = (color: string) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('Vellum Studio: the file library in Chromium', () => {
  let t: TestApp;
  let studio: StudioBrowser;
  beforeAll(async () => {
    // Loopback is allowed for imports here only: the test's origin server listens on 127.0.0.1.
    t = await createTestApp({ env: { FILES_MAX_UPLOAD_SIZE: '50kb', IMPORT_IP_DENY_LIST: '169.254.169.254' } });
    studio = await startStudioBrowser(t);
    await signInAsAdmin(studio);
  });
  studioHooks(() => ({ studio, t }));
  const files = async () =>
    (await t.as('admin').get('/files?sort=filename_download&fields=id,filename_download,filesize,title')).body.data as {
      id: string;
      filename_download: string;
      title: string;
    }[];

  it('uploads several files with a progress bar each, refuses one too large with its reason, and shows thumbnails', async () => {
    const page = studio.page;
    const blue = await png('#2255cc');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Files' }).click();
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    await page.getByLabel('Upload files (or drop them here)').setInputFiles([
      { name: 'blue.png', mimeType: 'image/png', buffer: blue },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('some notes') },
      { name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(80 * 1024, 1) },
    ]);
    await page.getByRole('status').filter({ hasText: 'blue.png uploaded' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'notes.txt uploaded' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'huge.bin was refused' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Upload of blue.png' }).getAttribute('value')).toBe('1');
    await page.getByRole('status').filter({ hasText: '2 files' }).waitFor();
    const thumbnail = page.getByRole('img', { name: 'Blue' });
    await page.waitForFunction(
      (img) => (img as unknown as { naturalWidth: number }).naturalWidth === 160,
      await thumbnail.elementHandle(),
    );
    expect(await seriousViolations(page)).toEqual([]);
    const stored = await files();
    expect(stored.map((f) => f.filename_download)).toEqual(['blue.png', 'notes.txt']);
    const bytes = await t.as('admin').get(`/assets/${stored[0].id}`).buffer(true);
    expect(Buffer.compare(bytes.body as Buffer, blue)).toBe(0);
    await page.getByRole('button', { name: 'Show as list' }).click();
    await page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'Notes' }).waitFor();
    await page.getByLabel('Search files').fill('notes');
    await page
      .getByRole('status')
      .filter({ hasText: /^1 file$/ })
      .waitFor();
  });

  it('imports a file from a URL and says why another one could not be', async () => {
    const page = studio.page;
    const green = await png('#22aa44');
    const origin: Server = createServer((req, res) => {
      if (req.url === '/green.png') return void res.writeHead(200, { 'Content-Type': 'image/png' }).end(green);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    try {
      await page.goto(`${studio.baseUrl}/admin/files`);
      await page.getByLabel('Import from URL').fill(`${base}/green.png`);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByRole('status').filter({ hasText: 'green.png imported' }).waitFor();
      const imported = (await files()).find((f) => f.filename_download === 'green.png')!;
      const bytes = await t.as('admin').get(`/assets/${imported.id}`).buffer(true);
      expect(Buffer.compare(bytes.body as Buffer, green)).toBe(0);
      await page.getByLabel('Import from URL').fill(`${base}/missing.png`);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByRole('alert').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await t.as('admin').delete(`/files/${imported.id}`).expect(204);
    } finally {
      await new Promise((resolve) => origin.close(resolve));
    }
  });

  it('edits a file, replaces its contents and deletes it with confirmation, read back through the API', async () => {
    const page = studio.page;
    const [blue] = await files();
    await page.goto(`${studio.baseUrl}/admin/files/${blue.id}`);
    await page.getByText('80 × 60').waitFor();
    await page.getByLabel('Title').fill('A blue square');
    await page.getByLabel('Description').fill('For the tests');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await t.as('admin').get(`/files/${blue.id}`)).body.data).toMatchObject({
      title: 'A blue square',
      description: 'For the tests',
    });
    const red = await png('#cc2222');
    await page
      .getByLabel('Replace the contents')
      .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: red });
    await page.getByRole('status').filter({ hasText: 'Contents replaced.' }).waitFor();
    const bytes = await t.as('admin').get(`/assets/${blue.id}`).buffer(true);
    expect(Buffer.compare(bytes.body as Buffer, red)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete file' }).click();
    await page.waitForURL(/\/admin\/files$/);
    expect((await t.as('admin').get(`/files/${blue.id}`)).status).toBe(403);
  });

  it('makes folders, uploads into the open one, filters by kind and moves a file, read back through the API', async () => {
    const page = studio.page;
    const folderId = async (name: string) =>
      (await t.as('admin').get(`/folders?filter[name][_eq]=${name}`)).body.data[0]?.id as string;
    await page.goto(`${studio.baseUrl}/admin/files`);
    await page.getByLabel('New folder here').fill('Photos');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page
      .getByRole('list', { name: 'Folders' })
      .getByRole('link', { name: /Photos/ })
      .click();
    await page.getByLabel('New folder here').fill('2026');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('list', { name: 'Folders' }).getByRole('link', { name: /2026/ }).click();
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: '2026' }).waitFor();
    const photos = await folderId('Photos');
    const year = await folderId('2026');
    expect((await t.as('admin').get(`/folders/${year}`)).body.data.parent).toBe(photos);

    await page
      .getByLabel('Upload files (or drop them here)')
      .setInputFiles([{ name: 'green.png', mimeType: 'image/png', buffer: await png('#22aa44') }]);
    await page.getByRole('status').filter({ hasText: 'green.png uploaded' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^1 file$/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const green = (await t.as('admin').get('/files?filter[filename_download][_eq]=green.png')).body.data[0];
    expect(green.folder).toBe(year);

    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'All files' }).click();
    await page.getByLabel('Kind').selectOption('images');
    await page.getByRole('list', { name: 'Files' }).getByText('Green').waitFor();
    expect(await page.getByRole('list', { name: 'Files' }).getByText('Notes').count()).toBe(0);
    await page.getByLabel('Kind').selectOption('documents');
    await page.getByRole('list', { name: 'Files' }).getByText('Notes').waitFor();
    expect(await page.getByRole('list', { name: 'Files' }).getByText('Green').count()).toBe(0);

    await page.goto(`${studio.baseUrl}/admin/files/${green.id}`);
    await page.getByLabel('Folder').selectOption({ label: 'Photos' });
    await page.getByRole('status').filter({ hasText: 'Moved.' }).waitFor();
    expect((await t.as('admin').get(`/files/${green.id}`)).body.data.folder).toBe(photos);
  });
});
