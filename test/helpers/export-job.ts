import type { TestApp } from './test-app';
import { until } from './until';

/** A job as `GET /utils/jobs/:id` answers it: specs read its file and compare the rest whole. */
export interface JobRow extends Record<string, unknown> {
  status: string;
  file: string | null;
}

/**
 * Polls `GET /utils/jobs/:id` as `who` (an administrator by default, who may read every job) until the
 * job has ended; answers the job as it ended.
 */
export async function waitForJob(t: TestApp, id: string, who = 'admin', timeoutMs = 20_000): Promise<JobRow> {
  let job: JobRow | undefined;
  await until(
    async () => {
      const res = await t.as(who).get(`/utils/jobs/${id}`);
      if (res.status !== 200) throw new Error(`job ${id}: ${res.status} ${JSON.stringify(res.body)}`);
      job = res.body.data;
      return job!.status !== 'running';
    },
    `job ${id} ended`,
    timeoutMs,
  );
  return job!;
}

/**
 * `POST /utils/export/:collection` as `who` (`'admin'`, `'anonymous'` or a token), which must start a
 * job; waits for it to complete and downloads its file through `/assets`.
 */
export async function exportAndDownload(
  t: TestApp,
  collection: string,
  body: Record<string, unknown>,
  who = 'admin',
): Promise<{ job: Record<string, unknown>; text: string }> {
  const res = await t.as(who).post(`/utils/export/${collection}`).send(body);
  expect(res.status).toBe(204);
  const job = await waitForJob(t, res.headers.location.slice('/utils/jobs/'.length));
  expect(job).toMatchObject({ status: 'completed', errors: null });
  const file = await t.as('admin').get(`/assets/${job.file}`).buffer(true);
  expect(file.status).toBe(200);
  return { job, text: file.text };
}
