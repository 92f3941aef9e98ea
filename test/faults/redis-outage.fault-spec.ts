import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/test-app';
import { Api, expectStatus, sleep, waitFor } from './lib/api';
import { Fleet } from './lib/fleet';

/** Small enough to keep the phases short, large enough that one waited-for command shows in the latencies. */
const COMMAND_TIMEOUT_MS = 1500;
/** What a request may take above the timeout on this shared two-core machine: less than a second timeout. */
const MARGIN_MS = 1000;

type Kind = 'sign-in' | 'ping' | 'health' | 'read' | 'write';

interface Sample {
  kind: Kind;
  at: number;
  ms: number;
  status: number;
  health?: string;
  redis?: string;
}

/** One request as a client sees it: status and time, whatever the body (ping answers text). */
async function timed(
  url: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Omit<Sample, 'kind' | 'at'>> {
  const started = Date.now();
  const headers: Record<string, string> = {
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(body ? { 'Content-Type': 'application/json' } : {}),
  };
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null;
    return {
      ms: Date.now() - started,
      status: res.status,
      health: json?.status,
      redis: json?.checks?.['redis:connection']?.[0]?.status,
    };
  } catch {
    return { ms: Date.now() - started, status: 0 };
  }
}

/** One client per kind of request, each sending the next when the last is answered, until `stop`. */
function load(
  url: string,
  token: string,
  credentials: object,
  samples: Sample[],
  stop: () => boolean,
): Promise<void[]> {
  const requests: Record<Kind, () => ReturnType<typeof timed>> = {
    'sign-in': () => timed(url, 'POST', '/auth/login', undefined, credentials),
    ping: () => timed(url, 'GET', '/server/ping'),
    health: () => timed(url, 'GET', '/server/health', token),
    read: () => timed(url, 'GET', '/items/notes?limit=5', token),
    write: () => timed(url, 'POST', '/items/notes', token, { title: 'during the outage' }),
  };
  return Promise.all(
    (Object.keys(requests) as Kind[]).map(async (kind) => {
      while (!stop()) {
        const at = Date.now();
        samples.push({ kind, at, ...(await requests[kind]()) });
        await sleep(50);
      }
    }),
  );
}

function summary(samples: Sample[], phases: [string, number][]): string {
  return phases
    .map(([name, from], i) => {
      const to = phases[i + 1]?.[1] ?? Infinity;
      const inPhase = samples.filter((s) => s.at >= from && s.at < to);
      const kinds = [...new Set(inPhase.map((s) => s.kind))].sort();
      const cells = kinds.map((kind) => {
        const mine = inPhase.filter((s) => s.kind === kind);
        return `${kind} n=${mine.length} max=${Math.max(...mine.map((s) => s.ms))}ms [${[...new Set(mine.map((s) => s.status))].join(',')}]`;
      });
      return `${name.padEnd(8)} ${cells.join(' | ')}`;
    })
    .join('\n');
}

const count = (text: string, pattern: RegExp) => text.split('\n').filter((line) => pattern.test(line)).length;

/**
 * Issue 28: the Redis of one instance stopped, then frozen (SIGSTOP), under sign-ins, reads, writes,
 * pings and health checks: no 500, no request waits on Redis more than REDIS_COMMAND_TIMEOUT, pings not
 * at all, health says `warn`, login lockout goes on per instance, and all is back when Redis is.
 */
describe('fault: Redis stopped and frozen under load', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await Fleet.start({ redis: true });
  }, 60_000);
  afterAll(() => fleet?.close(), 60_000);

  it('keeps answering within the command timeout, reports Redis degraded, and recovers', async () => {
    const server = await fleet.vellum({
      LOG_LEVEL: 'info',
      REDIS_COMMAND_TIMEOUT: String(COMMAND_TIMEOUT_MS),
      RATE_LIMITER_ENABLED: 'true',
      RATE_LIMITER_STORE: 'redis',
      RATE_LIMITER_POINTS: '100000',
      WEBSOCKETS_ENABLED: 'true',
    });
    const api = new Api(server.url);
    const token = expectStatus(await api.login(), 200, 'admin sign-in').body.data.access_token as string;
    const admin = api.as(token);
    expectStatus(
      await admin.post('/collections', { collection: 'notes', meta: {}, fields: [{ field: 'title', type: 'string' }] }),
      200,
      'create notes',
    );
    expectStatus(await admin.patch('/settings', { auth_login_attempts: 3 }), 200, 'lockout after 3 failures');
    expectStatus(
      await admin.post('/users', { email: 'target@example.com', password: 'target-password-1' }),
      200,
      'a user to lock out',
    );

    const samples: Sample[] = [];
    let stopping = false;
    const running = load(server.url, token, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, samples, () => stopping);
    const phases: [string, number][] = [['before', Date.now()]];
    await sleep(1_500);

    phases.push(['stopped', Date.now()]);
    await fleet.redis!.terminate();
    await sleep(3_000);
    phases.push(['back', Date.now()]);
    await fleet.redis!.restart();
    const healthOk = (after: number) => samples.some((s) => s.kind === 'health' && s.at > after && s.redis === 'ok');
    expect(await waitFor(() => healthOk(phases[2][1]), 10_000, 50)).toBe(true);

    phases.push(['frozen', Date.now()]);
    fleet.redis!.freeze();
    await sleep(2 * COMMAND_TIMEOUT_MS + 2_000);
    // Lockout is counted in this instance's memory meanwhile: the fourth sign-in, right password, is refused.
    for (let i = 0; i < 3; i++) expect((await api.login('target@example.com', 'wrong-password')).status).toBe(401);
    expect((await api.login('target@example.com', 'target-password-1')).status).toBe(401);
    phases.push(['thawed', Date.now()]);
    fleet.redis!.thaw();
    expect(await waitFor(() => healthOk(phases[4][1]), 10_000, 50)).toBe(true);
    await sleep(1_000);
    stopping = true;
    await running;
    process.stdout.write(
      `Redis outage, per phase (REDIS_COMMAND_TIMEOUT=${COMMAND_TIMEOUT_MS}):\n${summary(samples, phases)}\n`,
    );

    // Every answer is a success: no 500, none lost, sign-in included.
    expect(samples.filter((s) => s.status !== 200)).toEqual([]);
    // At most one command's timeout per request; a ping does not wait on Redis at all.
    expect(samples.filter((s) => s.ms > COMMAND_TIMEOUT_MS + MARGIN_MS)).toEqual([]);
    expect(Math.max(...samples.filter((s) => s.kind === 'ping').map((s) => s.ms))).toBeLessThan(COMMAND_TIMEOUT_MS);
    // Health says degraded (warn, not error) while Redis is away, in both outages.
    for (const [from, to] of [
      [phases[1][1] + 1_000, phases[2][1]],
      [phases[3][1] + 2 * COMMAND_TIMEOUT_MS, phases[4][1]],
    ]) {
      const checks = samples.filter((s) => s.kind === 'health' && s.at > from && s.at < to);
      expect(checks.length).toBeGreaterThan(0);
      expect(checks.map((s) => `${s.health}/${s.redis}`)).toEqual(checks.map(() => 'warn/warn'));
    }
    // Each outage is logged once, by the connections and by the counters, and so is each recovery.
    const log = server.output();
    expect(count(log, /"msg":"Redis is unreachable: the data cache/)).toBe(2);
    expect(count(log, /"msg":"Redis is unreachable: login lockout/)).toBe(2);
    expect(count(log, /"msg":"Redis is reachable again"/)).toBe(2);
    expect(count(log, /"msg":"Redis is reachable again: login lockout/)).toBe(2);
  }, 90_000);
});
