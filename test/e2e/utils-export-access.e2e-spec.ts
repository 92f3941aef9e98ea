import { DataSource } from 'typeorm';
import { FileEntity } from '../../src/modules/files/entities/file.entity';
import { JobEntity } from '../../src/modules/utils/entities/job.entity';
import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { exportAndDownload } from '../helpers/export-job';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/**
 * Who may start `POST /utils/export/:collection`: only a caller who may read the collection and create
 * files, as the export needs both. Everyone else gets the answer of a collection that does not exist,
 * and nothing is written for them.
 */
describe('/utils/export refused up front', () => {
  let t: TestApp;
  let notes: string;
  const written = async () => {
    const db = t.app.get(DataSource);
    return { jobs: await db.getRepository(JobEntity).count(), files: await db.getRepository(FileEntity).count() };
  };
  const exportAs = (token: string, collection: string) =>
    t.as(token).post(`/utils/export/${collection}`).send({ format: 'csv', query: {} });

  beforeAll(async () => {
    t = await createTestApp();
    notes = await createCollection(t, uniq('notes'), [{ field: 'title', type: 'string' }]);
    await t
      .as('admin')
      .post(`/items/${notes}`)
      .send([{ title: 'a' }, { title: 'b' }])
      .expect(200);
  });
  afterAll(() => t.close());

  const callers: [string, () => Promise<string>][] = [
    ['an anonymous caller', async () => 'anonymous'],
    ['a user without permissions', async () => (await createUser(t, await createRole(t))).token],
    [
      'a user who may create files but not read the collection',
      async () => {
        const role = await createRole(t);
        await grant(t, role, 'svc_files', 'create');
        return (await createUser(t, role)).token;
      },
    ],
    [
      'a user who may read the collection but not create files',
      async () => {
        const role = await createRole(t);
        await grant(t, role, notes, 'read');
        return (await createUser(t, role)).token;
      },
    ],
  ];

  it.each(callers)(
    '%s gets 403 FORBIDDEN for an existing and a missing collection alike, and nothing is written',
    async (_who, caller) => {
      const token = await caller();
      const before = await written();
      const nothing = uniq('nothing');
      const existing = await exportAs(token, notes);
      const missing = await exportAs(token, nothing);
      expect(existing.status).toBe(403);
      expect(existing.body).toEqual({
        errors: [{ message: expect.any(String), extensions: expect.objectContaining({ code: 'FORBIDDEN' }) }],
      });
      expect(existing.headers.location).toBeUndefined();
      // Each answer may name the collection asked for; apart from that name they are the same.
      const named = (res: { status: number; body: unknown }, name: string) =>
        JSON.stringify({ status: res.status, body: res.body }).replaceAll(name, '<collection>');
      expect(named(missing, nothing)).toBe(named(existing, notes));
      expect(await written()).toEqual(before);
    },
  );

  it('an anonymous caller may export when the public role may read the collection and create files, as in the reference', async () => {
    const publicRead = await grant(t, null, notes, 'read');
    const publicUpload = await grant(t, null, 'svc_files', 'create');
    try {
      const { job, text } = await exportAndDownload(t, notes, { format: 'csv', query: {} }, 'anonymous');
      expect(job).toMatchObject({ rows_done: 2, user: null });
      expect(text.trim().split('\n')).toEqual(['id,title', '1,a', '2,b']);
    } finally {
      for (const id of [publicRead, publicUpload]) await t.as('admin').delete(`/permissions/${id}`).expect(204);
    }
  });
});
