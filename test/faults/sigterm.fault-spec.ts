import { request } from 'node:http';
import { connect } from 'node:net';
import { Answer, Api, expectStatus, NO_ANSWER, sleep, waitFor } from './lib/api';
import { Fleet } from './lib/fleet';
import { READINGS_FIELDS, readingsCsv } from './lib/readings';

const BOUNDARY = 'fault-suite-boundary';
const CHUNK = Buffer.alloc(64 * 1024, 7);

/**
 * POST /files with a multipart body sent one 64 KiB chunk every 20 ms: `chunks` of them, then the end
 * of the body (Infinity: it never ends by itself). Resolves with the answer, or NO_ANSWER when the
 * connection is cut.
 */
function slowUpload(url: string, token: string, chunks: number): Promise<Answer> {
  const req = request(new URL('/files', url), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  const answer = new Promise<Answer>((resolve) => {
    req.on('error', () => resolve({ status: NO_ANSWER, body: null }));
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? NO_ANSWER, body: text ? JSON.parse(text) : null }));
      res.on('error', () => resolve({ status: NO_ANSWER, body: null }));
    });
  });
  req.write(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  void (async () => {
    for (let i = 0; i < Math.min(chunks, 3_000) && !req.destroyed; i++) {
      req.write(CHUNK);
      await sleep(20);
    }
    if (!req.destroyed) req.end(`\r\n--${BOUNDARY}--\r\n`);
  })();
  return answer;
}

/** Whether a new TCP connection to `url` is refused (nothing listens any more). */
function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

/**
 * Issue 28: SIGTERM drains: no new connections, requests in flight get SERVER_SHUTDOWN_TIMEOUT to finish,
 * the jobs of the instance are failed at once, the database and Redis are closed, and the exit code is 0.
 */
describe('fault: SIGTERM under way', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await Fleet.start({ redis: true });
  }, 60_000);
  afterAll(() => fleet?.close(), 60_000);

  it('lets an upload in flight finish with 2xx, refuses new connections, logs the shutdown and exits 0', async () => {
    const server = await fleet.vellum({ LOG_LEVEL: 'info', SERVER_SHUTDOWN_TIMEOUT: '15000' });
    const token = expectStatus(await new Api(server.url).login(), 200, 'sign-in').body.data.access_token as string;
    // About 3 s of sending: it is still under way when the signal comes.
    const upload = slowUpload(server.url, token, 150);
    await sleep(500);
    const signalled = Date.now();
    const stopped = server.stop();
    await sleep(300);
    expect(await refused(server.url)).toBe(true);
    const answer = await upload;
    await stopped;
    expect(answer.status).toBe(200);
    expect(answer.body.data.filesize).toBe(150 * CHUNK.length);
    expect(server.exitCode()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    const log = server.output();
    expect(log).toMatch(
      /"signal":"SIGTERM","inFlight":1,"msg":"SIGTERM received: shutting down, no new connections; requests in flight get 15000 ms to finish"/,
    );
    expect(log).toMatch(/"msg":"Vellum stopped"/);
    // Redis closed without an outage being reported.
    expect(log).not.toMatch(/Redis is unreachable/);
  }, 60_000);

  it('cuts a request still running after SERVER_SHUTDOWN_TIMEOUT and still exits 0', async () => {
    const server = await fleet.vellum({ LOG_LEVEL: 'info', SERVER_SHUTDOWN_TIMEOUT: '1000' });
    const token = expectStatus(await new Api(server.url).login(), 200, 'sign-in').body.data.access_token as string;
    const upload = slowUpload(server.url, token, Infinity);
    await sleep(500);
    const signalled = Date.now();
    await server.stop();
    const took = Date.now() - signalled;
    expect((await upload).status).toBe(NO_ANSWER);
    expect(server.exitCode()).toBe(0);
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took).toBeLessThan(4000);
    expect(server.output()).toMatch(
      /"inFlight":1,"msg":"requests still running after SERVER_SHUTDOWN_TIMEOUT: their connections are closed"/,
    );
  }, 60_000);

  it('fails its running background import at once: none of its rows stay', async () => {
    const server = await fleet.vellum({ LOG_LEVEL: 'info' });
    const admin = await new Api(server.url).asAdmin();
    expectStatus(
      await admin.post('/collections', { collection: 'readings', meta: {}, fields: READINGS_FIELDS }),
      200,
      'create readings',
    );
    const started = expectStatus(
      await admin.upload('/utils/import/readings?background=true', readingsCsv(300_000), 'text/csv', 'readings.csv'),
      200,
      'import',
    );
    const jobId = started.body.data.id as string;
    expect(
      await waitFor(async () => (await admin.get(`/utils/jobs/${jobId}`)).body.data.rows_done > 0, 30_000, 50),
    ).toBe(true);
    await server.stop();
    expect(server.exitCode()).toBe(0);
    // Marked by the instance itself as it stopped, not a minute later by another one.
    const [status, errors] = fleet.pg
      .sql('vellum', `SELECT status, errors FROM svc_jobs WHERE id = '${jobId}'`)
      .split('|');
    expect(status).toBe('failed');
    expect(errors).toContain('shut down before it ended');
    expect(fleet.pg.sql('vellum', 'SELECT count(*) FROM readings')).toBe('0');
    expect(server.output()).toMatch(/"msg":"jobs still running at shutdown marked failed"/);
  }, 90_000);
});
