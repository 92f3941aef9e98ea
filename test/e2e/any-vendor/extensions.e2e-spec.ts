import { createDirectus, isDirectusError, readExtensions, rest, staticToken, updateExtension } from '@directus/sdk';
import type { AddressInfo } from 'node:net';
import { createRole, createUser } from '../../factories/user.factory';
import { expectError } from '../../helpers/expect-error';
import { createTestApp, TestApp } from '../../helpers/test-app';

/** `/extensions` answers as the reference platform does with no extension installed. */
describe('/extensions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists no extensions to administrators and app users, and refuses callers without app access', async () => {
    expect((await t.as('admin').get('/extensions')).body).toEqual({ data: [] });
    const appUser = await createUser(t, await createRole(t, { app_access: true }));
    expect((await t.as(appUser.token).get('/extensions')).body).toEqual({ data: [] });
    const apiUser = await createUser(t, await createRole(t, { app_access: false }));
    await expectError(t.as(apiUser.token).get('/extensions'), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get('/extensions'), 403, 'FORBIDDEN');
  });

  it('has no Studio extension code', async () => {
    await expectError(t.as('admin').get('/extensions/sources/index.js'), 404, 'ROUTE_NOT_FOUND');
  });

  it('refuses to configure an extension: none exists, and only administrators may try', async () => {
    const appUser = await createUser(t, await createRole(t, { app_access: true }));
    await expectError(
      t
        .as(appUser.token)
        .patch('/extensions/some-extension')
        .send({ meta: { enabled: false } }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t
        .as('anonymous')
        .patch('/extensions/bundle/some-extension')
        .send({ meta: { enabled: false } }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t.as('admin').patch('/extensions/some-extension').send({ enabled: false }),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      t
        .as('admin')
        .patch('/extensions/some-extension')
        .send({ meta: { enabled: false } }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      t
        .as('admin')
        .patch('/extensions/bundle/some-extension')
        .send({ meta: { enabled: false } }),
      403,
      'FORBIDDEN',
    );
  });

  it('refuses to uninstall an extension', async () => {
    await expectError(t.as('admin').delete('/extensions/some-extension'), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').delete('/extensions/some-extension'), 403, 'FORBIDDEN');
  });

  it('documents in the OpenAPI document the answers each route gives, and no success the others never give', async () => {
    const doc = (await t.as('admin').get('/server/specs/oas').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const documented = (method: string, path: string) => Object.keys(doc.paths[path][method].responses);
    const answered = {
      'get /extensions': [(await t.as('admin').get('/extensions')).status],
      'get /extensions/sources/{chunk}': [(await t.as('admin').get('/extensions/sources/index.js')).status],
      'patch /extensions/{name}': [
        (await t.as('admin').patch('/extensions/x').send({})).status,
        (await t.as('admin').patch('/extensions/x').send({ meta: {} })).status,
      ],
      'patch /extensions/{bundle}/{name}': [
        (await t.as('admin').patch('/extensions/b/x').send({})).status,
        (await t.as('admin').patch('/extensions/b/x').send({ meta: {} })).status,
      ],
      'delete /extensions/{name}': [(await t.as('admin').delete('/extensions/x')).status],
    };
    for (const [operation, statuses] of Object.entries(answered)) {
      const [method, path] = operation.split(' ');
      const declared = documented(method, path);
      expect([operation, statuses.every((s) => declared.includes(String(s)))]).toEqual([operation, true]);
      const successes = declared.filter((s) => s.startsWith('2'));
      expect([operation, successes]).toEqual([operation, statuses.map(String).filter((s) => s.startsWith('2'))]);
    }
  });

  it("answers the reference SDK's readExtensions and updateExtension", async () => {
    if (!t.server.listening) await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
    const admin = createDirectus(url).with(staticToken(t.adminToken)).with(rest());
    expect(await admin.request(readExtensions())).toEqual([]);
    const refused = await admin
      .request(updateExtension('some-extension', { meta: { enabled: false } }))
      .catch((e: unknown) => e);
    expect(isDirectusError(refused) && refused.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
