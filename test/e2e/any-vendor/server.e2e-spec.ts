import { DataSource } from 'typeorm';
import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';

describe('server endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /server/ping answers pong as text/html, as the reference', async () => {
    const res = await t.as('anonymous').get('/server/ping');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe('pong');
  });

  it('GET /server/health answers only the status to anonymous callers', async () => {
    const res = await t.as('anonymous').get('/server/health');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/health\+json/);
    expect(JSON.parse(res.text)).toEqual({ status: 'ok' });
  });

  it('GET /server/health gives admins the checks', async () => {
    const res = await t.as('admin').get('/server/health');
    const body = JSON.parse(res.text);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      status: expect.stringMatching(/^(ok|warn)$/),
      releaseId: t.config.version,
      serviceId: 'vellum',
    });
    const [check] = Object.values(body.checks as Record<string, { status: string; observedUnit: string }[]>)[0];
    expect(check).toMatchObject({ componentType: 'datastore', observedUnit: 'ms' });
  });

  it('GET /server/info tells anonymous callers the project only', async () => {
    const res = await t.as('anonymous').get('/server/info');
    expect(res.status).toBe(200);
    expect(res.body.data.project.project_name).toBe('Vellum');
    expect(res.body.data.version).toBeUndefined();
  });

  it('GET /server/info tells signed-in users the version and query limits', async () => {
    const res = await t.as('admin').get('/server/info');
    expect(res.body.data).toMatchObject({ version: t.config.version, queryLimit: { default: 100, max: -1 } });
  });

  it('GET /server/specs/oas serves the OpenAPI document', async () => {
    const res = await t.as('anonymous').get('/server/specs/oas');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.info.title).toBe('Vellum');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/server/ping', '/auth/login']));
  });

  it('serves Swagger UI at /docs from local assets', async () => {
    const page = await t.as('anonymous').get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
    const bundle = /src="\.?\/?(?:docs\/)?([^"]*swagger-ui-bundle\.js)"/.exec(page.text)?.[1];
    expect(bundle).toBeDefined();
    const asset = await t.as('anonymous').get(`/docs/${bundle}`);
    expect(asset.status).toBe(200);
    expect(asset.text.length).toBeGreaterThan(100_000);
  });

  it('never advertises the framework', async () => {
    const res = await t.as('anonymous').get('/server/ping');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a sane incoming request id', async () => {
    const res = await t.as('anonymous').get('/server/ping').set('X-Request-Id', 'trace-42');
    expect(res.headers['x-request-id']).toBe('trace-42');
  });

  it.each(['/SERVER/Ping', '/server/ping/'])(
    'routes %s as the reference platform does (case and a trailing slash ignored)',
    async (path) => {
      const res = await t.as('anonymous').get(path);
      expect({ status: res.status, text: res.text }).toEqual({ status: 200, text: 'pong' });
    },
  );

  it('answers HEAD on a read with its headers and no body', async () => {
    const res = await t.as('admin').head('/server/info');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(10);
    expect(res.text).toBeUndefined();
  });
});

describe('server health without a database', () => {
  it('answers 503 with status error when the database connection is gone', async () => {
    const t = await createTestApp();
    try {
      await t.app.get(DataSource).destroy();
      const res = await t.as('anonymous').get('/server/health');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toEqual({ status: 'error' });
    } finally {
      await t.close();
    }
  });
});

describe('token presentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('accepts ?access_token= like the Authorization header', async () => {
    const res = await t.as('anonymous').get(`/server/health?access_token=${t.adminToken}`);
    expect(JSON.parse(res.text).checks).toBeDefined();
  });

  it('refuses a token in both the query and the header', () =>
    expectError(t.as('admin').get(`/server/health?access_token=${t.adminToken}`), 400, 'INVALID_PAYLOAD'));

  it('refuses a forged token with 403 INVALID_TOKEN', () => {
    const [header, payload] = t.adminToken.split('.');
    return expectError(t.as(`${header}.${payload}.forged-signature`).get('/server/health'), 403, 'INVALID_TOKEN');
  });

  it('refuses an unknown static token with 401 INVALID_CREDENTIALS', () =>
    expectError(t.as('not-a-known-static-token').get('/server/info'), 401, 'INVALID_CREDENTIALS'));
});
