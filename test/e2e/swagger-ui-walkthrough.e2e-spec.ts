import type { Browser } from 'playwright-core';
import { waitForJob } from '../helpers/export-job';
import { startSwaggerUiApp, SwaggerUi } from '../helpers/swagger-ui';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TestApp } from '../helpers/test-app';

const NOTES = 'walk_notes';

/**
 * A person's first session in Swagger UI (/docs): each step through try-it-out (Try it out, the fields,
 * the body or the file input, Execute, the code the UI shows), then checked through the API as stored.
 * The steps build on each other, in order.
 */
describe('a walkthrough of the API in Swagger UI, in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let ui: SwaggerUi;
  let fileId: string;
  const admin = () => t.as('admin');

  beforeAll(async () => {
    let baseUrl: string;
    ({ t, baseUrl, browser } = await startSwaggerUiApp());
    ui = new SwaggerUi(await browser.newPage(), baseUrl);
    await ui.open();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs in with POST /auth/login and authorizes with the token it answers', async () => {
    const login = await ui.tryOut('login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(login).toEqual(expect.objectContaining({ status: '200' }));
    const token = (JSON.parse(login.text) as { data: { access_token: string } }).data.access_token;
    await ui.authorize(token);
    // The token the UI now sends is a working one.
    expect((await t.as(token).get('/users/me').expect(200)).body.data.email).toBe(ADMIN_EMAIL);
  });

  it('creates a collection (POST /collections)', async () => {
    const created = await ui.tryOut('createCollection', {
      body: { collection: NOTES, schema: {}, meta: { note: 'From Swagger UI' } },
    });
    expect(created).toEqual(expect.objectContaining({ status: '200' }));
    expect((await admin().get(`/collections/${NOTES}`).expect(200)).body.data).toMatchObject({
      collection: NOTES,
      meta: { note: 'From Swagger UI' },
    });
  });

  it('adds a field (POST /fields/{collection})', async () => {
    const field = await ui.tryOut('createField', {
      path: { collection: NOTES },
      body: { field: 'title', type: 'string' },
    });
    expect(field).toEqual(expect.objectContaining({ status: '200' }));
    expect((await admin().get(`/fields/${NOTES}/title`).expect(200)).body.data).toMatchObject({
      field: 'title',
      type: 'string',
    });
  });

  it('creates items (POST /items/{collection})', async () => {
    const created = await ui.tryOut('createItems', {
      path: { collection: NOTES },
      body: [{ title: 'First note' }, { title: 'Second note' }],
    });
    expect(created).toEqual(expect.objectContaining({ status: '200' }));
    const stored = await admin().get(`/items/${NOTES}`).query({ sort: 'id' }).expect(200);
    expect(stored.body.data.map((item: { title: string }) => item.title)).toEqual(['First note', 'Second note']);
  });

  it('lists items with a filter and fields (GET /items/{collection})', async () => {
    const listed = await ui.tryOut('readItems', {
      path: { collection: NOTES },
      query: { filter: '{"title":{"_eq":"Second note"}}', fields: ['id', 'title'] },
    });
    expect(listed).toEqual(expect.objectContaining({ status: '200' }));
    const stored = await admin()
      .get(`/items/${NOTES}`)
      .query({ filter: JSON.stringify({ title: { _eq: 'Second note' } }) })
      .expect(200);
    expect(JSON.parse(listed.text)).toEqual({ data: [{ id: stored.body.data[0].id, title: 'Second note' }] });
  });

  it('uploads a file through the file input (POST /files) and downloads its asset (GET /assets/{id})', async () => {
    const uploaded = await ui.tryOut('uploadFiles', {
      multipart: {
        fields: { title: 'Walkthrough upload' },
        file: { name: 'hello.txt', mimeType: 'text/plain', text: 'Hello from the UI' },
      },
    });
    expect(uploaded).toEqual(expect.objectContaining({ status: '200' }));
    fileId = (JSON.parse(uploaded.text) as { data: { id: string } }).data.id;
    const stored = await admin().get(`/files/${fileId}`).expect(200);
    expect(stored.body.data).toMatchObject({
      title: 'Walkthrough upload',
      filename_download: 'hello.txt',
      type: 'text/plain',
      filesize: 17,
    });

    const asset = await ui.tryOut('readAssetRaw', { path: { id: fileId } });
    expect(asset).toEqual(expect.objectContaining({ status: '200' }));
    expect((await admin().get(`/assets/${fileId}`).expect(200)).text).toBe('Hello from the UI');
  });

  it('starts an export (POST /utils/export/{collection}) and reads its job (GET /utils/jobs/{id})', async () => {
    const started = await ui.tryOut('utilsExport', {
      path: { collection: NOTES },
      body: { format: 'csv', query: { fields: ['title'], sort: ['id'] }, file: { title: 'Notes export' } },
    });
    expect(started).toEqual(expect.objectContaining({ status: '204' }));
    const jobId = /location: \/utils\/jobs\/([0-9a-f-]{36})/i.exec(started.panel)?.[1];
    expect(jobId).toEqual(expect.any(String));

    const job = await ui.tryOut('readJob', { path: { id: jobId! } });
    expect(job).toEqual(expect.objectContaining({ status: '200' }));
    expect(JSON.parse(job.text).data).toMatchObject({ id: jobId, type: 'export', collection: NOTES });
    const done = await waitForJob(t, jobId!);
    expect(done).toMatchObject({ status: 'completed', errors: null });
    expect((await admin().get(`/assets/${done.file}`).expect(200)).text.trim().split(/\r?\n/)).toEqual([
      'title',
      'First note',
      'Second note',
    ]);
  });

  it('imports a small CSV through the file input (POST /utils/import/{collection})', async () => {
    const csv = 'title\nImported one\nImported two\n';
    const imported = await ui.tryOut('utilsImport', {
      path: { collection: NOTES },
      multipart: { file: { name: 'notes.csv', mimeType: 'text/csv', text: csv } },
    });
    expect(imported).toEqual(expect.objectContaining({ status: '200' }));
    const stored = await admin()
      .get(`/items/${NOTES}`)
      .query({ filter: JSON.stringify({ title: { _starts_with: 'Imported' } }), sort: 'id' })
      .expect(200);
    expect(stored.body.data.map((item: { title: string }) => item.title)).toEqual(['Imported one', 'Imported two']);
  });
});
