import { randomUUID } from 'node:crypto';
import type { Accountability } from '../../src/common/accountability';
import { AppErrorList } from '../../src/common/errors/app-error';
import { FailedValidationError } from '../../src/common/errors/errors';
import { JobsService } from '../../src/modules/utils/jobs.service';
import { UsersService } from '../../src/modules/users/users.service';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';
import { until } from '../helpers/until';

describe('GET /utils/jobs', () => {
  let t: TestApp;
  let other: TestApp;
  let jobs: JobsService;
  let editor: { token: string; acc: Accountability };
  let intruderToken: string;

  async function signIn(): Promise<{ token: string; acc: Accountability }> {
    const users = t.app.get(UsersService);
    const role = await users.createRole({ name: uniq('editor'), admin_access: false });
    const email = `${uniq('user')}@example.com`;
    const user = await users.createUser({ email, password: 'user-password-1', role: role.id });
    const acc: Accountability = {
      user: user.id,
      role: role.id,
      admin: false,
      app: true,
      ip: null,
      userAgent: null,
      origin: null,
    };
    return { token: await t.login(email, 'user-password-1'), acc };
  }

  beforeAll(async () => {
    t = await createTestApp();
    // A second instance on the same database: any instance can report any job.
    other = await createTestApp({ database: t.database });
    jobs = t.app.get(JobsService);
    editor = await signIn();
    intruderToken = (await signIn()).token;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('shows a finished export with its rows and file to its owner, on any instance', async () => {
    const job = await jobs.start('export', 'articles', editor.acc, 'csv');
    await jobs.run(job, async () => ({ rowsDone: 42 }));
    const res = await other.as(editor.token).get(`/utils/jobs/${job.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: job.id,
      type: 'export',
      collection: 'articles',
      format: 'csv',
      status: 'completed',
      user: editor.acc.user,
      rows_done: 42,
      errors: null,
      file: null,
    });
    expect(new Date(res.body.data.finished_on).getTime()).toBeGreaterThanOrEqual(
      new Date(res.body.data.created_on).getTime(),
    );
  });

  it('shows a running job and then how it failed, with the row errors', async () => {
    const job = await jobs.start('import', 'articles', editor.acc, 'json');
    let fail!: () => void;
    const gate = new Promise<void>((resolve) => (fail = resolve));
    let reported!: () => void;
    const progressed = new Promise<void>((resolve) => (reported = resolve));
    let proceed!: () => void;
    const startSeen = new Promise<void>((resolve) => (proceed = resolve));
    jobs.runInBackground(job, async (report) => {
      await startSeen;
      // Progress writes are throttled to one a second: the app's clock is moved past it.
      t.clock.advance(1000);
      await report(10);
      reported();
      await gate;
      throw new AppErrorList([
        new FailedValidationError({ field: 'title', type: 'required', rows: { type: 'lines', rows: [3, 7] } }),
      ]);
    });
    const started = await t.as(editor.token).get(`/utils/jobs/${job.id}`);
    expect(started.body.data).toMatchObject({ status: 'running', rows_done: 0, finished_on: null });
    proceed();
    await progressed;
    const running = await t.as(editor.token).get(`/utils/jobs/${job.id}`);
    expect(running.body.data).toMatchObject({ status: 'running', rows_done: 10, finished_on: null });

    fail();
    let failed = running;
    await until(
      async () => (failed = await t.as(editor.token).get(`/utils/jobs/${job.id}`)).body.data.status !== 'running',
      'the job ended',
      2_000,
    );
    expect(failed.body.data.status).toBe('failed');
    expect(failed.body.data.errors).toEqual([
      {
        message: expect.any(String),
        extensions: {
          code: 'FAILED_VALIDATION',
          field: 'title',
          type: 'required',
          rows: { type: 'lines', rows: [3, 7] },
        },
      },
    ]);
  });

  it('records an unexpected failure without leaking its message', async () => {
    const job = await jobs.start('export', 'articles', editor.acc, 'xml');
    await expect(jobs.run(job, async () => Promise.reject(new Error('disk on fire at /var/secret')))).rejects.toThrow(
      'disk on fire',
    );
    const res = await t.as(editor.token).get(`/utils/jobs/${job.id}`);
    expect(res.body.data.errors).toEqual([
      { message: expect.not.stringContaining('secret'), extensions: { code: 'INTERNAL_SERVER_ERROR' } },
    ]);
  });

  it("lists only the caller's jobs", async () => {
    const res = await t.as(editor.token).get('/utils/jobs');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBe(3);
    expect(res.body.data.every((j: { user: string }) => j.user === editor.acc.user)).toBe(true);
    expect((await t.as(editor.token).get('/utils/jobs?limit=1')).body.data).toHaveLength(1);
    expect((await t.as(intruderToken).get('/utils/jobs')).body.data).toEqual([]);
  });

  it("is FORBIDDEN for someone else's job, an unknown id, and the public", async () => {
    const [job] = (await t.as(editor.token).get('/utils/jobs')).body.data;
    await expectError(t.as(intruderToken).get(`/utils/jobs/${job.id}`), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get(`/utils/jobs/${job.id}`), 403, 'FORBIDDEN');
    await expectError(t.as(editor.token).get(`/utils/jobs/${randomUUID()}`), 403, 'FORBIDDEN');
    await expectError(t.as(editor.token).get('/utils/jobs/not-a-uuid'), 403, 'FORBIDDEN');
    await expectError(t.as('anonymous').get('/utils/jobs'), 403, 'FORBIDDEN');
    expect((await t.as('admin').get(`/utils/jobs/${job.id}`)).status).toBe(200);
  });

  it.each(['0', '1001', 'many'])('refuses limit=%s with INVALID_QUERY', (limit) =>
    expectError(t.as(editor.token).get(`/utils/jobs?limit=${limit}`), 400, 'INVALID_QUERY'),
  );

  it.each(['limit[a]=1', 'limit[constructor][prototype][polluted]=yes', 'limit[]=5'])(
    'refuses %s (not a number) with INVALID_QUERY',
    (query) => expectError(t.as(editor.token).get(`/utils/jobs?${query}`), 400, 'INVALID_QUERY'),
  );
});
