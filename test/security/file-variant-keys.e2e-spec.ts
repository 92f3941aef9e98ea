import { transformKey } from '../../src/modules/files/transform/transform-key';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { makeImage } from '../helpers/images';
import { StorageEnv, storageEnv } from '../helpers/storage-env';
import { createTestApp, TestApp } from '../helpers/test-app';

describe("a client-chosen filename_disk cannot take another file's storage names", () => {
  let t: TestApp;
  let storage: StorageEnv;
  let member: string;
  let adminFile: string;
  let flippedKey: string;
  let evil: Buffer;

  const asset = (url: string) =>
    t
      .as('admin')
      .get(url)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  const upload = (token: string, fields: Record<string, string>, image = evil) => {
    const req = t.as(token).post('/files');
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return req.attach('file', image, { filename: 'evil.jpg', contentType: 'image/jpeg' });
  };

  beforeAll(async () => {
    storage = await storageEnv('local');
    t = await createTestApp({ env: storage.env });
    const role = await createRole(t);
    for (const action of ['create', 'read', 'update'] as const) await grant(t, role, 'svc_files', action);
    member = (await createUser(t, role)).token;
    const res = await t
      .as('admin')
      .post('/files')
      .attach('file', await makeImage(40, 40, 'jpeg'), { filename: 'admin.jpg', contentType: 'image/jpeg' });
    adminFile = res.body.data.id;
    // Anyone can compute where the admin's flipped variant will be stored: the key is a hash of the request.
    flippedKey = transformKey(res.body.data.filename_disk, [['flip']], 'jpeg');
    evil = await makeImage(40, 40, 'jpeg', { exif: { IFD0: { ImageDescription: 'planted by a member' } } });
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it("refuses an upload named as another file's transformation, which then serves the admin's image", async () => {
    await expectError(upload(member, { filename_disk: flippedKey }), 400, 'INVALID_PAYLOAD');
    const res = await asset(`/assets/${adminFile}?transforms=${encodeURIComponent('[["flip"]]')}`);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body, evil)).not.toBe(0);
    expect(res.body.includes('planted by a member')).toBe(false);
  });

  it.each([
    ['a transformation key', () => flippedKey],
    ["another file's name", () => `${adminFile}.jpg`],
    ['a name sharing its transformations', () => `${adminFile}.png`],
    ['an upload in progress', () => `temp_upload_${adminFile}_x`],
  ])('refuses %s on a JSON create, an update and an upload', async (_name, name) => {
    await expectError(
      t.as(member).post('/files').send({ type: 'image/jpeg', storage: 'files', filename_disk: name() }),
      400,
      'INVALID_PAYLOAD',
    );
    const own = (await upload(member, {})).body.data.id;
    await expectError(t.as(member).patch(`/files/${own}`).send({ filename_disk: name() }), 400, 'INVALID_PAYLOAD');
    // An upload onto an existing object is FORBIDDEN, as the reference answers it (API.md 6.2).
    expect([400, 403]).toContain((await upload(member, { filename_disk: name() })).status);
    // The admin's original is untouched.
    const original = await asset(`/assets/${adminFile}`);
    expect(original.body.includes('planted by a member')).toBe(false);
  });

  it('compares names exactly, whatever characters LIKE would treat as patterns', async () => {
    const res = await t
      .as('admin')
      .post('/files')
      .field('filename_disk', 'shared/a_b%c.jpg')
      .attach('file', await makeImage(8, 8, 'jpeg'), { filename: 'a.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(200);
    await expectError(
      t.as(member).post('/files').send({ type: 'image/png', storage: 'files', filename_disk: 'shared/a_b%c.png' }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(
      (
        await t
          .as(member)
          .post('/files')
          .send({ type: 'image/png', storage: 'files', filename_disk: 'shared/aXb%c.png' })
      ).status,
    ).toBe(200);
  });

  it("still accepts a name of the client's own", async () => {
    const res = await upload(member, { filename_disk: 'members/photo-1.jpg' });
    expect(res.status).toBe(200);
    expect(res.body.data.filename_disk).toBe('members/photo-1.jpg');
    const renamed = await t
      .as(member)
      .patch(`/files/${res.body.data.id}`)
      .send({ filename_disk: 'members/photo-2.jpg' });
    expect(renamed.body.data?.filename_disk).toBe('members/photo-2.jpg');
  });
});
