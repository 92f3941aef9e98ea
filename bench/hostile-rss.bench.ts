import { request, type IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import * as argon2 from 'argon2';
import { bearer, startBuiltServer, type BuiltServer } from './lib';

const CALLERS = 20;
/** KiB the hostile hash asks for; the outside probe used 1048576 (1 GiB), a quarter keeps the run before the fix survivable. */
const HOSTILE_MEMORY_COST = Number(process.env.HOSTILE_MEMORY_COST ?? 262_144);
const FRAME_BYTES = Number(process.env.HOSTILE_FRAME_MB ?? 32) * 1024 * 1024;
const ALIASES = 2000;
const SEED_ROWS = Number(process.env.HOSTILE_SEED_ROWS ?? 100);
const TARGET_GROWTH_MB = 150;
const REQUEST_TIMEOUT_MS = 30_000;
/** The burst is cut off here whatever is still pending; the server is stopped right after. */
const BURST_DEADLINE_MS = 60_000;
const MB = 1024 * 1024;

type Outcomes = Map<string, number>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON POST from `localAddress`; the answer's status, or what ended it instead. */
function post(
  url: string,
  path: string,
  body: unknown,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, {
      method: 'POST',
      localAddress,
      headers: { 'content-type': 'application/json', ...headers },
      timeout: REQUEST_TIMEOUT_MS,
    });
    req.on('response', (res: IncomingMessage) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? e.message));
    req.end(JSON.stringify(body));
  });
}

/** The close code in a server frame, if the chunk starts with a close frame (opcode 8). */
function closeCode(chunk: Buffer): string | null {
  if ((chunk[0] & 0x0f) !== 8) return null;
  return chunk.length >= 4 ? `close ${chunk.readUInt16BE(2)}` : 'close';
}

/**
 * Streams one text frame of FRAME_BYTES as the first message of a /websocket handshake, a megabyte at a
 * time from one reused buffer (the client stays small), until the server closes or the frame is sent.
 */
function hostileFrame(url: string, localAddress: string): Promise<string> {
  return new Promise((resolve) => {
    const key = randomBytes(16).toString('base64');
    const headers = {
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': key,
    };
    const req = request(`${url}/websocket`, { localAddress, headers, timeout: REQUEST_TIMEOUT_MS });
    req.on('response', (res: IncomingMessage) => resolve(`upgrade refused ${res.statusCode}`));
    req.on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? e.message));
    req.on('upgrade', (_res, socket: Duplex) => void streamFrame(socket).then(resolve));
    req.end();
  });
}

async function streamFrame(socket: Duplex): Promise<string> {
  let outcome: string | null = null;
  socket.on('data', (chunk: Buffer) => (outcome ??= closeCode(chunk)));
  socket.on('error', (e) => (outcome ??= (e as NodeJS.ErrnoException).code ?? 'error'));
  socket.on('close', () => (outcome ??= 'closed'));
  const header = Buffer.alloc(14);
  header[0] = 0x81;
  header[1] = 0x80 | 127;
  header.writeBigUInt64BE(BigInt(FRAME_BYTES), 2);
  socket.write(header);
  const chunk = Buffer.alloc(MB, 0x20);
  const deadline = Date.now() + REQUEST_TIMEOUT_MS;
  for (let sent = 0; sent < FRAME_BYTES && outcome === null && Date.now() < deadline; sent += MB) {
    socket.write(chunk);
    // Every write is the same buffer: waiting only keeps the queue short, it costs no memory.
    while (socket.writableLength > 4 * MB && outcome === null && Date.now() < deadline) await pause(10);
  }
  // The whole frame is out: the server now answers it (or has already closed).
  for (let wait = 0; outcome === null && wait < 100; wait++) await pause(50);
  socket.destroy();
  return outcome ?? 'frame sent, no answer';
}

/** A public `hostile` collection of SEED_ROWS rows, what the 2,000-alias document reads. */
async function seed(server: BuiltServer): Promise<void> {
  const headers = { ...bearer(server.token), 'content-type': 'application/json' };
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path} failed: ${res.status} ${await res.text()}`);
  };
  await call('/collections', { collection: 'hostile', fields: [{ field: 'title', type: 'string' }] });
  await call(
    '/items/hostile',
    Array.from({ length: SEED_ROWS }, (_, i) => ({ title: `row ${i}` })),
  );
  await call('/permissions', { role: null, collection: 'hostile', action: 'read', fields: ['*'] });
}

/** Every caller's hostile requests at once, each from its own loopback address; what is unanswered at the deadline is counted so. */
async function attack(url: string, hostileHash: string): Promise<Record<string, Outcomes>> {
  const document = `{ ${Array.from({ length: ALIASES }, (_, i) => `a${i}: hostile(limit: -1) { id title }`).join(' ')} }`;
  const outcomes: Record<string, Outcomes> = {
    'hash verify (hostile m)': new Map(),
    'hash generate (burst)': new Map(),
    'graphql 2000 aliases': new Map(),
    'websocket pre-auth frame': new Map(),
  };
  let open = true;
  const count = (kind: string) => (outcome: string) =>
    open && outcomes[kind].set(outcome, (outcomes[kind].get(outcome) ?? 0) + 1);
  const all = Promise.all(
    Array.from({ length: CALLERS }, (_, i) => {
      const from = `127.0.0.${i + 2}`;
      return Promise.all([
        post(url, '/utils/hash/verify', { string: 'secret', hash: hostileHash }, from).then(
          count('hash verify (hostile m)'),
        ),
        post(url, '/utils/hash/generate', { string: 'secret' }, from).then(count('hash generate (burst)')),
        post(url, '/graphql', { query: document }, from).then(count('graphql 2000 aliases')),
        hostileFrame(url, from).then(count('websocket pre-auth frame')),
      ]);
    }),
  );
  await Promise.race([all, pause(BURST_DEADLINE_MS)]);
  open = false;
  for (const counts of Object.values(outcomes)) {
    const unanswered = CALLERS - [...counts.values()].reduce((sum, n) => sum + n, 0);
    if (unanswered > 0) counts.set(`none by ${BURST_DEADLINE_MS / 1000} s`, unanswered);
  }
  return outcomes;
}

/** The longest /server/ping took while `during` ran. */
async function pingWhile(url: string, during: Promise<unknown>): Promise<number> {
  let done = false;
  void during.finally(() => (done = true));
  let worst = 0;
  while (!done) {
    const started = performance.now();
    await fetch(`${url}/server/ping`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(() => undefined);
    worst = Math.max(worst, performance.now() - started);
    await pause(50);
  }
  return worst;
}

function report(
  idle: number,
  peak: number,
  after: number,
  pingMs: number,
  seconds: number,
  outcomes: Record<string, Outcomes>,
): void {
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
  const out = process.stdout;
  out.write(
    `${CALLERS} callers (127.0.0.2 … 127.0.0.${CALLERS + 1}), each: one hash verify (m=${HOSTILE_MEMORY_COST}), one hash generate, one ${ALIASES}-alias GraphQL document, one ${FRAME_BYTES / MB} MB pre-auth frame\n`,
  );
  for (const [kind, counts] of Object.entries(outcomes)) {
    out.write(`  ${kind.padEnd(28)} ${[...counts].map(([outcome, n]) => `${outcome} ×${n}`).join(', ')}\n`);
  }
  const fiveHundreds = Object.values(outcomes).reduce((sum, counts) => sum + (counts.get('500') ?? 0), 0);
  out.write(`500 answers                   ${fiveHundreds}   target 0 (503 for shed load is allowed)\n`);
  out.write(
    `burst took                    ${seconds.toFixed(1)} s; slowest /server/ping meanwhile ${pingMs.toFixed(0)} ms\n`,
  );
  out.write(`RSS idle → peak → after       ${mb(idle)} → ${mb(peak)} → ${mb(after)}\n`);
  out.write(`peak growth over idle         ${mb(peak - idle)}   target < ${TARGET_GROWTH_MB} MB\n`);
}

/**
 * The resource-limits finding measured on the built server with its default limits and argon2 costs:
 * idle RSS, then every hostile request at once from CALLERS addresses, RSS sampled throughout and two
 * seconds after, every answer counted. Ends by itself; stops only the server it started (SIGKILL by
 * its PID should it not stop within 15 s).
 */
export async function run(): Promise<void> {
  const server = await startBuiltServer({ WEBSOCKETS_ENABLED: 'true' });
  try {
    await seed(server);
    const hostileHash = (await argon2.hash('secret', { memoryCost: 1024, timeCost: 1, parallelism: 1 })).replace(
      /\$m=\d+,[pt]=\d+,[pt]=\d+\$/,
      `$m=${HOSTILE_MEMORY_COST},t=1,p=1$`,
    );
    await pause(1000);
    const idle = server.rss();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 25);
    const started = performance.now();
    const burst = attack(server.url, hostileHash);
    const pingMs = await pingWhile(server.url, burst);
    const outcomes = await burst;
    const seconds = (performance.now() - started) / 1000;
    await pause(2000);
    clearInterval(sampler);
    report(idle, peak, server.rss(), pingMs, seconds, outcomes);
  } finally {
    const stuck = setTimeout(() => process.kill(server.pid, 'SIGKILL'), 15_000);
    await server.close();
    clearTimeout(stuck);
  }
}
