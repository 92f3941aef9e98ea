import autocannon from 'autocannon';
import { bearer, startBuiltServer } from './lib';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 50);
const SEED_ROWS = 1000;
const RSS_GROWTH_TARGET = 0.1;

type Request = autocannon.Request;

/**
 * One client's round of twenty requests, the soak's mix: a filtered, sorted page with its count (12),
 * one item (4), a create (3), an update (1). Keys are drawn at random from the seeded rows.
 */
function mix(auth: Record<string, string>): Request[] {
  const headers = { ...auth, 'content-type': 'application/json' };
  const randomKey = () => 1 + Math.floor(Math.random() * SEED_ROWS);
  const list: Request = {
    method: 'GET',
    path: '/items/soak?filter[n][_gte]=500&sort=-n&limit=25&meta=filter_count',
    headers,
  };
  const one: Request = {
    method: 'GET',
    headers,
    setupRequest: (req) => ({ ...req, path: `/items/soak/${randomKey()}` }),
  };
  const create: Request = {
    method: 'POST',
    path: '/items/soak',
    headers,
    body: JSON.stringify({ title: 'soak', n: 7 }),
  };
  const update: Request = {
    method: 'PATCH',
    headers,
    setupRequest: (req) => ({
      ...req,
      path: `/items/soak/${randomKey()}`,
      body: JSON.stringify({ title: `updated ${Date.now()}` }),
    }),
  };
  return [...Array<Request>(12).fill(list), ...Array<Request>(4).fill(one), ...Array<Request>(3).fill(create), update];
}

async function seed(url: string, auth: Record<string, string>): Promise<void> {
  const headers = { ...auth, 'content-type': 'application/json' };
  const fields = [
    { field: 'title', type: 'string' },
    { field: 'n', type: 'integer' },
  ];
  const made = await fetch(`${url}/collections`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ collection: 'soak', fields }),
  });
  if (!made.ok) throw new Error(`creating the collection failed: ${made.status}`);
  const rows = Array.from({ length: SEED_ROWS }, (_, i) => ({ title: `row ${i}`, n: i }));
  const seeded = await fetch(`${url}/items/soak`, { method: 'POST', headers, body: JSON.stringify(rows) });
  if (!seeded.ok) throw new Error(`seeding failed: ${seeded.status}`);
}

/**
 * Issue 18's soak: CLIENTS clients of mixed reads and writes for SECONDS against the built server; the
 * errors (target 0), the p99 latency, and the resident memory after a warm-up against the end (target:
 * under 10% growth), with the peak seen on the way.
 */
export async function run(): Promise<void> {
  const server = await startBuiltServer();
  try {
    const auth = bearer(server.token);
    await seed(server.url, auth);
    // A short warm-up first, so the starting figure is the server's steady state, not its cold heap.
    await autocannon({ url: server.url, connections: CLIENTS, duration: 10, requests: mix(auth) });
    const startRss = server.rss();
    let peakRss = startRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rss())), 1000);
    const result = await autocannon({ url: server.url, connections: CLIENTS, duration: SECONDS, requests: mix(auth) });
    clearInterval(sampler);
    const endRss = server.rss();
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    const growth = (endRss - startRss) / startRss;
    const out = process.stdout;
    out.write(
      `${CLIENTS} clients, ${SECONDS} s, ${result.requests.total} requests (${Math.round(result.requests.average)} req/s)\n`,
    );
    out.write(
      `errors (failed + non-2xx)                  ${String(result.errors + result.non2xx).padStart(6)}      target 0 (issue 18)\n`,
    );
    out.write(`latency p50 / p99                          ${result.latency.p50} / ${result.latency.p99} ms\n`);
    out.write(`RSS after warm-up → end (peak)             ${mb(startRss)} → ${mb(endRss)} MB (${mb(peakRss)} MB)\n`);
    out.write(
      `RSS growth                                 ${(growth * 100).toFixed(1).padStart(6)} %    target < ${RSS_GROWTH_TARGET * 100} % (issue 18)\n`,
    );
  } finally {
    await server.close();
  }
}
