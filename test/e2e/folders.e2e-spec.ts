import { DataSource } from 'typeorm';
import { SettingsEntity } from '../../src/modules/settings/entities/settings.entity';
import { SettingsService } from '../../src/modules/settings/settings.service';
import { grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { StorageEnv, storageEnv } from '../helpers/storage-env';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

describe('/folders and the folder of a file', () => {
  let t: TestApp;
  let storage: StorageEnv;
  beforeAll(async () => {
    storage = await storageEnv('local');
    t = await createTestApp({ env: storage.env });
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it('creates, reads, lists, updates and deletes folders', async () => {
    const name = uniq('photos');
    const created = await t.as('admin').post('/folders').send({ name });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toEqual({ id: expect.any(String), name, parent: null });
    const child = (await t.as('admin').post('/folders').send({ name: 'child', parent: id })).body.data;
    expect(child.parent).toBe(id);
    expect((await t.as('admin').get(`/folders/${id}`)).body.data.name).toBe(name);
    const list = (await t.as('admin').get('/folders')).body.data;
    expect(list.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining([id, child.id]));
    expect(
      (
        await t
          .as('admin')
          .patch(`/folders/${id}`)
          .send({ name: `${name}-2` })
      ).body.data.name,
    ).toBe(`${name}-2`);
    expect((await t.as('admin').delete(`/folders/${id}`)).status).toBe(204);
    await expectError(t.as('admin').get(`/folders/${id}`), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get(`/folders/${child.id}`), 403, 'FORBIDDEN');
  });

  it('validates bodies and hides folders from anonymous callers', async () => {
    await expectError(t.as('admin').post('/folders').send({}), 400, 'INVALID_PAYLOAD');
    await expectError(t.as('admin').post('/folders').send({ name: 'x', parent: 'nope' }), 400, 'INVALID_PAYLOAD');
    await expectError(
      t.as('admin').post('/folders').send({ name: 'x', parent: '00000000-0000-4000-8000-000000000000' }),
      400,
      'INVALID_FOREIGN_KEY',
    );
    await expectError(t.as('anonymous').get('/folders'), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').post('/folders').send({ name: 'x' }), 403, 'FORBIDDEN');
  });

  it('puts files in folders; deleting the folder keeps the file with folder null', async () => {
    const folder = (
      await t
        .as('admin')
        .post('/folders')
        .send({ name: uniq('docs') })
    ).body.data.id;
    const file = await t
      .as('admin')
      .post('/files')
      .field('folder', folder)
      .attach('file', Buffer.from('in a folder'), { filename: 'f.txt', contentType: 'text/plain' });
    expect(file.body.data.folder).toBe(folder);
    const other = (
      await t
        .as('admin')
        .post('/folders')
        .send({ name: uniq('other') })
    ).body.data.id;
    expect((await t.as('admin').patch(`/files/${file.body.data.id}`).send({ folder: other })).body.data.folder).toBe(
      other,
    );
    await expectError(
      t.as('admin').patch(`/files/${file.body.data.id}`).send({ folder: '00000000-0000-4000-8000-000000000000' }),
      400,
      'INVALID_FOREIGN_KEY',
    );
    await t.as('admin').delete(`/folders/${other}`);
    expect((await t.as('admin').get(`/files/${file.body.data.id}`)).body.data.folder).toBeNull();
  });
});

describe('public access and the default folder', () => {
  let t: TestApp;
  let storage: StorageEnv;
  beforeAll(async () => {
    storage = await storageEnv('local');
    t = await createTestApp({ env: storage.env });
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it('puts uploads into settings.storage_default_folder unless a folder is sent', async () => {
    const folder = (
      await t
        .as('admin')
        .post('/folders')
        .send({ name: uniq('inbox') })
    ).body.data.id;
    const { id } = await t.app.get(SettingsService).read();
    await t.app.get(DataSource).getRepository(SettingsEntity).update({ id }, { storage_default_folder: folder });
    try {
      const plain = await t
        .as('admin')
        .post('/files')
        .attach('file', Buffer.from('a'), { filename: 'a.txt', contentType: 'text/plain' });
      expect(plain.body.data.folder).toBe(folder);
      const explicit = await t
        .as('admin')
        .post('/files')
        .field('folder', 'null')
        .attach('file', Buffer.from('b'), { filename: 'b.txt', contentType: 'text/plain' });
      expect(explicit.body.data.folder).toBeNull();
    } finally {
      await t.app.get(DataSource).getRepository(SettingsEntity).update({ id }, { storage_default_folder: null });
    }
  });

  it('lets anonymous callers read files and assets once the public role may read svc_files', async () => {
    const file = (
      await t
        .as('admin')
        .post('/files')
        .attach('file', Buffer.from('public words'), { filename: 'p.txt', contentType: 'text/plain' })
    ).body.data;
    await expectError(t.as('anonymous').get(`/assets/${file.id}`), 403, 'FORBIDDEN');
    // Granted through the API, so every instance reloads the permissions (a bare INSERT would not be seen).
    await grant(t, null, 'svc_files', 'read');
    const asset = await t.as('anonymous').get(`/assets/${file.id}`);
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('public words');
    expect(asset.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect((await t.as('anonymous').get(`/files/${file.id}`)).body.data.id).toBe(file.id);
    await expectError(t.as('anonymous').delete(`/files/${file.id}`), 403, 'FORBIDDEN');
  });
});
