import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { bearer, BuiltServer, startBuiltServer } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Unmeasured load before each measurement: the first seconds after start cost more (functions compiled
 * and optimised, the body read from storage into the cache; 0.27-0.30 ms of CPU per request for the
 * original on 85 KB against 0.17-0.18 ms after), and the target is the cost of serving, not of starting.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CPU_TARGET_MS = 0.25;

/** A photograph-like JPEG (noise compresses like detail does) of width × height. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 9) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function upload(server: BuiltServer, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${server.url}/files`, { method: 'POST', headers: bearer(server.token), body: form });
  if (!res.ok) throw new Error(`Upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** Requests per second and the server process's CPU per request while 10 clients fetch `path`. */
async function measure(
  server: BuiltServer,
  label: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const probe = await fetch(`${server.url}${path}`, { headers: { ...bearer(server.token), ...headers } });
  const bytes = (await probe.arrayBuffer()).byteLength;
  if (WARMUP_SECONDS > 0)
    await autocannon({
      url: `${server.url}${path}`,
      headers: { ...bearer(server.token), ...headers },
      duration: WARMUP_SECONDS,
      connections: 10,
    });
  const cpuBefore = server.cpuMs();
  const result = await autocannon({
    url: `${server.url}${path}`,
    headers: { ...bearer(server.token), ...headers },
    duration: SECONDS,
    connections: 10,
  });
  const perRequest = (server.cpuMs() - cpuBefore) / Math.max(1, result.requests.total);
  // autocannon counts a 304 among its non-2xx answers: only the probe's own status is expected.
  const errors = result.errors + (probe.status === 304 ? 0 : result.non2xx);
  process.stdout.write(
    `${`${label} (${probe.status}, ${Math.round(bytes / 1024)} KB)`.padEnd(56)} ${String(Math.round(result.requests.average)).padStart(6)} req/s ` +
      `${perRequest.toFixed(3).padStart(7)} ms CPU/req   target ≤ ${CPU_TARGET_MS} (issue 19)   errors ${errors}\n`,
  );
}

/**
 * Issue 19's assets target: the built server's own CPU (utime + stime from /proc, so the load
 * generator's is not counted) per request for an original and for a stored variant, plus a 304.
 */
export async function run(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'vellum-bench-assets-'));
  const server = await startBuiltServer({ STORAGE_LOCATIONS: 'local', STORAGE_LOCAL_ROOT: root });
  try {
    const id = await upload(server, await photo(480, 360));
    const variant = `/assets/${id}?width=200`;
    await (await fetch(`${server.url}${variant}`, { headers: bearer(server.token) })).arrayBuffer();
    const original = await fetch(`${server.url}/assets/${id}`, { headers: bearer(server.token) });
    await original.arrayBuffer();
    await measure(server, 'GET /assets/:id original', `/assets/${id}`);
    await measure(server, 'GET /assets/:id?width=200 stored variant', variant);
    await measure(server, 'GET /assets/:id revalidated (If-None-Match)', `/assets/${id}`, {
      'If-None-Match': original.headers.get('etag') ?? '',
    });
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}
