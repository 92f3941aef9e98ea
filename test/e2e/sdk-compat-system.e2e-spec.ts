import {
  authentication,
  clearCache,
  createDirectus,
  createFolder,
  createFolders,
  customEndpoint,
  deleteFolders,
  graphql,
  importFile,
  randomString,
  readAssetArrayBuffer,
  readAssetRaw,
  readFile,
  readFiles,
  readFolders,
  readGraphqlSdl,
  readPermissions,
  readRoles,
  readUsers,
  rest,
  serverHealth,
  serverInfo,
  serverPing,
  updateFolders,
  updateFoldersBatch,
  uploadFiles,
} from '@directus/sdk';
import { emptyOk, sdkError, streamBytes, useSdkApp } from '../helpers/sdk-compat';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** The SDK's server, files and folders, users and roles, utilities and GraphQL commands. */
describe("@directus/sdk (the reference platform's own client) against Vellum: server, files, users, utilities, GraphQL", () => {
  const sdk = useSdkApp();

  describe('server', () => {
    it('pings, reports health and info', async () => {
      const client = createDirectus(sdk.url).with(rest());
      expect(await client.request(serverPing())).toBe('pong');
      expect(await client.request(serverHealth())).toEqual(expect.objectContaining({ status: 'ok' }));
      expect(await client.request(serverInfo())).toEqual(expect.objectContaining({ project: expect.anything() }));
    });
  });

  describe('files, folders and assets', () => {
    it('createFolder, uploadFiles with title and folder, readFile(s), readAssetRaw with transforms, importFile', async () => {
      const admin = await sdk.adminClient();
      const folder = await admin.request(createFolder({ name: uniq('pictures') }));
      expect(folder).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String) }));

      const form = new FormData();
      form.append('title', 'Harbour at dawn');
      form.append('folder', folder.id);
      form.append('file', new Blob([sdk.png], { type: 'image/png' }), 'harbour.png');
      const file = await admin.request(uploadFiles(form));
      expect(file).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          title: 'Harbour at dawn',
          folder: folder.id,
          type: 'image/png',
          width: 40,
          height: 30,
        }),
      );

      expect(await admin.request(readFile(file.id, { fields: ['title', 'filename_download'] }))).toEqual({
        title: 'Harbour at dawn',
        filename_download: 'harbour.png',
      });
      expect(await admin.request(readFiles({ filter: { folder: { _eq: folder.id } }, fields: ['id'] }))).toEqual([
        { id: file.id },
      ]);

      const original = await streamBytes(await admin.request(readAssetRaw(file.id)));
      expect(original.equals(sdk.png)).toBe(true);
      const small = Buffer.from(
        await admin.request(
          readAssetArrayBuffer(file.id, {
            width: 10,
            height: 10,
            fit: 'cover',
            format: 'webp',
            transforms: [['blur', 1]],
          }),
        ),
      );
      expect(small.subarray(8, 12).toString('ascii')).toBe('WEBP');

      const many = new FormData();
      many.append('title', 'First');
      many.append('file', new Blob(['one'], { type: 'text/plain' }), 'one.txt');
      many.append('title', 'Second');
      many.append('file', new Blob(['two'], { type: 'text/plain' }), 'two.txt');
      // Without `id` among the fields the re-read comes back in database order, not necessarily upload order.
      const uploaded = await admin.request(uploadFiles(many, { fields: ['title', 'filename_download'] }));
      expect(uploaded).toHaveLength(2);
      expect(uploaded).toEqual(
        expect.arrayContaining([
          { title: 'First', filename_download: 'one.txt' },
          { title: 'Second', filename_download: 'two.txt' },
        ]),
      );

      const imported = await admin.request(
        importFile(`${sdk.originUrl}/pictures/harbour.png`, { title: 'Imported harbour' }),
      );
      expect(imported).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          title: 'Imported harbour',
          type: 'image/png',
          filename_download: 'harbour.png',
        }),
      );
    });
  });

  describe('folders in batches (POST with an array, PATCH and DELETE /folders were missing)', () => {
    it('createFolders, updateFolders by keys, updateFoldersBatch, deleteFolders', async () => {
      const admin = await sdk.adminClient();
      const [a, b] = await admin.request(createFolders([{ name: uniq('a') }, { name: uniq('b') }], { fields: ['id'] }));
      const renamed = await admin.request(updateFolders([a.id, b.id], { name: 'same' }, { fields: ['name'] }));
      expect(renamed).toEqual([{ name: 'same' }, { name: 'same' }]);
      expect(await admin.request(updateFoldersBatch([{ id: b.id, parent: a.id }], { fields: ['parent'] }))).toEqual([
        { parent: a.id },
      ]);
      expect((await sdkError(admin.request(updateFolders([a.id], { parent: a.id })))).codes).toEqual([
        'INVALID_PAYLOAD',
      ]);
      expect(await admin.request(deleteFolders([a.id]))).toBeNull();
      expect(await admin.request(readFolders({ filter: { id: { _in: [a.id, b.id] } } }))).toEqual([]);
      expect((await sdkError(admin.request(createFolders([{ name: 'ok' }, { name: '' }])))).codes).toEqual([
        'INVALID_PAYLOAD',
      ]);
      expect(await admin.request(readFolders({ filter: { name: { _eq: 'ok' } } }))).toEqual([]);
    });
  });

  describe('users, roles and permissions', () => {
    it('readRoles, readPermissions, readUsers with queries', async () => {
      const admin = await sdk.adminClient();
      // As on the reference platform, a role is an admin's through the policies attached to it.
      const roles = await admin.request(readRoles({ fields: ['id', 'name', 'policies.policy.admin_access'] } as never));
      expect(roles).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'Administrator', policies: [{ policy: { admin_access: true } }] }),
        ]),
      );
      expect(
        Array.isArray(await admin.request(readPermissions({ fields: ['id', 'collection', 'action'], limit: 5 }))),
      ).toBe(true);
      const users = await admin.request(
        readUsers({
          fields: ['email', 'role.policies.policy.admin_access'],
          filter: { email: { _eq: ADMIN_EMAIL } },
        } as never),
      );
      expect(users).toEqual([{ email: ADMIN_EMAIL, role: { policies: [{ policy: { admin_access: true } }] } }]);
    });
  });

  describe('utilities', () => {
    it('randomString, clearCache, the hash endpoints through customEndpoint', async () => {
      const admin = await sdk.adminClient();
      expect(await admin.request(randomString(12))).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(emptyOk(await admin.request(clearCache()))).toEqual({ status: 200, length: '0' });
      const hash = await admin.request(
        customEndpoint<string>({
          path: '/utils/hash/generate',
          method: 'POST',
          body: JSON.stringify({ string: 'secret' }),
        }),
      );
      expect(hash).toMatch(/^\$argon2id\$/);
      expect(
        await admin.request(
          customEndpoint<boolean>({
            path: '/utils/hash/verify',
            method: 'POST',
            body: JSON.stringify({ string: 'secret', hash }),
          }),
        ),
      ).toBe(true);
    });
  });

  describe('GraphQL', () => {
    it("query(q, vars, 'system') against /graphql/system", async () => {
      const client = createDirectus(sdk.url)
        .with(authentication('json', { autoRefresh: false }))
        .with(graphql())
        .with(rest());
      await client.login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(await client.query<{ server_ping: string }>('query { server_ping }', undefined, 'system')).toEqual({
        server_ping: 'pong',
      });
      const random = await client.query<{ utils_random_string: string }>(
        'mutation Random($length: Int) { utils_random_string(length: $length) }',
        { length: 9 },
        'system',
      );
      expect(random.utils_random_string).toHaveLength(9);
      const sdl = (await client.request(readGraphqlSdl('system'))) as unknown as Response;
      expect(sdl.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.graphql"$/);
      expect(await sdl.text()).toContain('utils_random_string(length: Int): String');
      const e = await sdkError(
        client.query(
          'mutation { auth_login(email: "admin@example.com", password: "wrong") { access_token } }',
          {},
          'system',
        ),
      );
      expect(e.codes).toEqual(['INVALID_CREDENTIALS']);
    });
  });
});
