import { DataSource } from 'typeorm';
import type { Accountability } from '../../src/common/accountability';
import { JobEntity } from '../../src/modules/utils/entities/job.entity';
import { JobsService } from '../../src/modules/utils/jobs.service';
import { createTestApp, TestApp } from '../helpers/test-app';

/** A job whose instance died (kill -9 during an import) must not stay `running` forever. */
describe('jobs abandoned by a stopped instance', () => {
  let t: TestApp;
  let jobs: JobsService;
  let admin: Accountability;

  const row = (id: string) => t.app.get(DataSource).getRepository(JobEntity).findOneByOrFail({ id });
  /** A job as a killed instance leaves it: running, its heartbeat stopped `ageMs` ago. */
  async function leftRunning(ageMs: number): Promise<string> {
    const job = await jobs.start('import', 'articles', admin, 'csv');
    const beat = new Date(Date.now() - ageMs);
    await t.app
      .get(DataSource)
      .getRepository(JobEntity)
      .update({ id: job.id }, { owner: 'gone-host:4242:deadbeef', updated_on: beat });
    return job.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    jobs = t.app.get(JobsService);
    const me = await t.as('admin').get('/users/me').expect(200);
    admin = {
      user: me.body.data.id,
      role: me.body.data.role,
      admin: true,
      app: true,
      ip: null,
      userAgent: null,
      origin: null,
    };
  });
  afterAll(() => t.close());

  it('records the instance that runs a job', async () => {
    const job = await jobs.start('export', 'articles', admin, 'csv');
    expect((await row(job.id)).owner).toBe(jobs.instance);
    await jobs.run(job, async () => ({ rowsDone: 0 }));
  });

  it('fails a running job whose heartbeat stopped, with the reason, and leaves a live one running', async () => {
    const abandoned = await leftRunning(5 * 60_000);
    const live = await leftRunning(5_000);
    expect(await jobs.failAbandoned()).toEqual([abandoned]);
    const res = await t.as('admin').get(`/utils/jobs/${abandoned}`).expect(200);
    expect(res.body.data.status).toBe('failed');
    expect(res.body.data.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }) }),
    ]);
    expect(res.body.data.errors[0].message).toContain('gone-host:4242:deadbeef');
    expect((await row(live)).status).toBe('running');
  });

  it('is noticed by an instance starting on the same database', async () => {
    const abandoned = await leftRunning(10 * 60_000);
    const restarted = await createTestApp({ database: t.database });
    try {
      const res = await restarted.as('admin').get(`/utils/jobs/${abandoned}`).expect(200);
      expect(res.body.data.status).toBe('failed');
      expect(res.body.data.finished_on).not.toBeNull();
    } finally {
      await restarted.close();
    }
  });
});
