import { expectError } from '../helpers/expect-error';
import { makeImage } from '../helpers/images';
import type { DriverName } from '../helpers/storage-env';
import { useFilesApp } from '../helpers/files-app';
import type { TestApp } from '../helpers/test-app';

describe.each<DriverName>(['local', 's3'])('file records on the %s driver', (driver) => {
  let t: TestApp;
  const files = useFilesApp(driver);
  const { stored, rowCount, upload } = files;
  beforeAll(() => (t = files.t));

  it('creates a record without content from JSON; type is required', async () => {
    const res = await t
      .as('admin')
      .post('/files')
      .send({ type: 'video/mp4', storage: 'files', title: 'External', embed: 'abc' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'video/mp4',
      title: 'External',
      filename_disk: null,
      storage: 'files',
      embed: 'abc',
    });
    const many = await t
      .as('admin')
      .post('/files')
      .send([
        { type: 'text/plain', storage: 'files', filename_download: 'one.txt' },
        { type: 'text/plain', storage: 'files' },
      ]);
    expect(many.body.data.map((f: { title: string | null }) => f.title)).toEqual(['One', null]);
    await expectError(
      t.as('admin').post('/files').send({ id: res.body.data.id, type: 'text/plain', storage: 'files' }),
      400,
      'RECORD_NOT_UNIQUE',
    );
    await expectError(t.as('admin').post('/files').send({ title: 'no type' }), 400, 'INVALID_PAYLOAD');
    // A member that is no field of svc_files is refused, not dropped (as on every system collection).
    const refused = await expectError(
      t.as('admin').post('/files').send({ type: 'x/y', storage: 'files', nope: 1 }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(refused.body.errors[0].message).toContain('"nope"');
  });

  it('refuses a JSON record that names no storage location, as a missing required field', async () => {
    const rows = await rowCount();
    const res = await expectError(
      t.as('admin').post('/files').send({ type: 'text/plain', title: 'Nowhere', filename_download: 'nowhere.txt' }),
      400,
      'FAILED_VALIDATION',
    );
    expect(res.body.errors[0]).toMatchObject({
      message: 'Validation failed for field "storage". Value is required.',
      extensions: { field: 'storage', type: 'required' },
    });
    expect(await rowCount()).toBe(rows);
  });

  it('creates records from a JSON array all or none', async () => {
    const rows = await rowCount();
    await expectError(
      t
        .as('admin')
        .post('/files')
        .send([
          { type: 'text/plain', storage: 'files', title: 'first' },
          { type: 'text/plain', storage: 'files', tags: { a: 1 } },
        ]),
      400,
      'INVALID_PAYLOAD',
    );
    await expectError(
      t
        .as('admin')
        .post('/files')
        .send([{ type: 'text/plain', storage: 'files', title: 'first' }, { title: 'no type' }]),
      400,
      'INVALID_PAYLOAD',
    );
    const taken = (await t.as('admin').post('/files').send({ type: 'text/plain', storage: 'files' })).body.data.id;
    await expectError(
      t
        .as('admin')
        .post('/files')
        .send([
          { type: 'text/plain', storage: 'files', title: 'first' },
          { id: taken, type: 'text/plain', storage: 'files' },
        ]),
      400,
      'RECORD_NOT_UNIQUE',
    );
    expect(await rowCount()).toBe(rows + 1);
  });

  it('refuses a path-traversal filename_disk on upload and on update', async () => {
    const before = await stored();
    await expectError(
      upload(Buffer.from('x'), 'x.txt', 'text/plain', { filename_disk: '../../escape.txt' }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(await stored()).toEqual(before);
    const { body } = await upload(Buffer.from('x'), 'x.txt', 'text/plain');
    await expectError(
      t.as('admin').patch(`/files/${body.data.id}`).send({ filename_disk: '../outside.txt' }),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('GET /files/:id answers the record, with fields; unknown or invalid ids are FORBIDDEN', async () => {
    const { body } = await upload(Buffer.from('abc'), 'a.txt', 'text/plain');
    const res = await t.as('admin').get(`/files/${body.data.id}?fields=id,title`);
    expect(res.body).toEqual({ data: { id: body.data.id, title: 'A' } });
    await expectError(t.as('admin').get('/files/00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get('/files/not-a-uuid'), 403, 'FORBIDDEN');
    await expectError(t.as('admin').get(`/files/${body.data.id}?fields=nope`), 403, 'FORBIDDEN');
  });

  it('PATCH /files/:id with JSON updates fields; a new filename_disk moves the bytes', async () => {
    const { body } = await upload(Buffer.from('move me'), 'm.txt', 'text/plain');
    const res = await t
      .as('admin')
      .patch(`/files/${body.data.id}`)
      .send({ title: 'Renamed', tags: ['a'], filename_disk: `moved-${body.data.id}.txt` });
    expect(res.body.data).toMatchObject({ title: 'Renamed', tags: ['a'], filename_disk: `moved-${body.data.id}.txt` });
    const files = await stored();
    expect(files).toContain(`moved-${body.data.id}.txt`);
    expect(files).not.toContain(body.data.filename_disk);
    const asset = await t.as('admin').get(`/assets/${body.data.id}`).buffer(true);
    expect(asset.text ?? (asset.body as Buffer).toString()).toBe('move me');
  });

  it('PATCH /files/:id multipart replaces the bytes, recomputes size and dimensions, drops variants', async () => {
    const first = await makeImage(80, 40, 'jpeg');
    const { body } = await upload(first, 'photo.jpg', 'image/jpeg', { description: 'kept' });
    const id = body.data.id;
    expect((await t.as('admin').get(`/assets/${id}?width=20`)).status).toBe(200);
    expect((await stored()).filter((key) => key.startsWith(`${id}__`))).toHaveLength(1);

    const replacement = await makeImage(30, 60, 'png');
    const res = await t
      .as('admin')
      .patch(`/files/${id}`)
      .attach('file', replacement, { filename: 'new.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      width: 30,
      height: 60,
      filesize: replacement.length,
      type: 'image/png',
      filename_disk: `${id}.png`,
      description: 'kept',
      title: 'Photo',
    });
    const keys = (await stored()).filter((key) => key.startsWith(id));
    expect(keys).toEqual([`${id}.png`]);
    const asset = await t.as('admin').get(`/assets/${id}`).buffer(true);
    expect(Buffer.compare(asset.body as Buffer, replacement)).toBe(0);
  });

  it('PATCH /files updates by keys and by array', async () => {
    const a = (await upload(Buffer.from('a'), 'a.txt', 'text/plain')).body.data.id;
    const b = (await upload(Buffer.from('b'), 'b.txt', 'text/plain')).body.data.id;
    const byKeys = await t
      .as('admin')
      .patch('/files')
      .send({ keys: [a, b], data: { description: 'bulk' } });
    expect(byKeys.status).toBe(200);
    expect(byKeys.body.data.map((f: { description: string }) => f.description)).toEqual(['bulk', 'bulk']);
    const byArray = await t
      .as('admin')
      .patch('/files')
      .send([
        { id: a, title: 'A2' },
        { id: b, title: 'B2' },
      ]);
    expect(byArray.body.data.map((f: { title: string }) => f.title)).toEqual(['A2', 'B2']);
    await expectError(
      t
        .as('admin')
        .patch('/files')
        .send({ keys: [a, b], data: { filename_disk: 'same.txt' } }),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('DELETE /files/:id and DELETE /files remove rows, bytes and stored transformations', async () => {
    const image = await makeImage(50, 50, 'png');
    const one = (await upload(image, 'one.png', 'image/png')).body.data.id;
    const two = (await upload(image, 'two.png', 'image/png')).body.data.id;
    const three = (await upload(Buffer.from('3'), 'three.txt', 'text/plain')).body.data.id;
    expect((await t.as('admin').get(`/assets/${one}?width=10`)).status).toBe(200);

    expect((await t.as('admin').delete(`/files/${one}`)).status).toBe(204);
    expect((await t.as('admin').delete('/files').send([two])).status).toBe(204);
    expect(
      (
        await t
          .as('admin')
          .delete('/files')
          .send({ keys: [three] })
      ).status,
    ).toBe(204);
    const keys = await stored();
    for (const id of [one, two, three]) expect(keys.filter((key) => key.startsWith(id))).toEqual([]);
    await expectError(t.as('admin').get(`/files/${one}`), 403, 'FORBIDDEN');
    await expectError(t.as('admin').delete(`/files/${one}`), 403, 'FORBIDDEN');
  });

  it('is closed to anonymous callers', async () => {
    const { body } = await upload(Buffer.from('secret'), 's.txt', 'text/plain');
    await expectError(t.as('anonymous').get(`/files/${body.data.id}`), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get(`/assets/${body.data.id}`), 403, 'FORBIDDEN');
    await expectError(
      t
        .as('anonymous')
        .post('/files')
        .attach('file', Buffer.from('x'), { filename: 'x.txt', contentType: 'text/plain' }),
      403,
      'FORBIDDEN',
    );
    await expectError(t.as('anonymous').delete(`/files/${body.data.id}`), 403, 'FORBIDDEN');
  });
});
