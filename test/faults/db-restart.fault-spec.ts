import { Answer, Api, expectStatus, NO_ANSWER, sleep, waitFor } from './lib/api';
import { Fleet } from './lib/fleet';

interface Sample {
  at: number;
  kind: 'write' | 'read' | 'health';
  status: number;
  code?: string;
  n?: number;
  health?: string;
}

/** Writes (each with its own number), reads and health checks, one after the other each, until `stop`. */
function loop(api: Api, kind: Sample['kind'], samples: Sample[], stop: () => boolean): Promise<void> {
  let n = 0;
  const once = async (): Promise<Answer> => {
    if (kind === 'write') return api.request('POST', '/items/events', { n: ++n }, 8_000);
    if (kind === 'read') return api.request('GET', '/items/events?limit=1&sort=-id', undefined, 8_000);
    return api.request('GET', '/server/health', undefined, 8_000);
  };
  return (async () => {
    while (!stop()) {
      const res = await once();
      samples.push({
        at: Date.now(),
        kind,
        status: res.status,
        code: res.body?.errors?.[0]?.extensions?.code,
        n: kind === 'write' ? n : undefined,
        health: res.body?.status,
      });
      await sleep(kind === 'health' ? 100 : 20);
    }
  })();
}

/** Issue 18: the database restarted under load: 503s meanwhile, never 500, and Vellum reconnects by itself. */
describe('fault: PostgreSQL restarted under reads and writes', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await Fleet.start();
  }, 60_000);
  afterAll(() => fleet?.close(), 60_000);

  it('answers 503 during the outage, recovers within seconds, and keeps every acknowledged write', async () => {
    const server = await fleet.vellum();
    const admin = await new Api(server.url).asAdmin();
    expectStatus(
      await admin.post('/collections', { collection: 'events', meta: {}, fields: [{ field: 'n', type: 'integer' }] }),
      200,
      'create events',
    );

    const samples: Sample[] = [];
    let stopping = false;
    const loops = (['write', 'read', 'health'] as const).map((kind) => loop(admin, kind, samples, () => stopping));
    await sleep(1_500);
    const down = Date.now();
    fleet.pg.stop();
    await sleep(3_000);
    fleet.pg.start();
    const up = Date.now();
    const recovered = await waitFor(
      () => samples.some((s) => s.kind === 'write' && s.at > up && s.status === 200),
      10_000,
      50,
    );
    const writeBack = samples.find((s) => s.kind === 'write' && s.at > up && s.status === 200)?.at ?? Infinity;
    await waitFor(() => samples.some((s) => s.kind === 'health' && s.at > writeBack && s.status === 200), 10_000, 50);
    await sleep(500);
    stopping = true;
    await Promise.all(loops);

    const during = samples.filter((s) => s.at > down + 200 && s.at < up);
    const statuses = (list: Sample[]) =>
      [...new Set(list.map((s) => `${s.kind} ${s.status}${s.code ? ` ${s.code}` : ''}`))].sort();
    // Every answer is a success or the standard 503; none is a 500 nor left without an answer.
    expect(
      statuses(samples).filter((s) => !/ (200|503 SERVICE_UNAVAILABLE)$/.test(s) && !/^health (200|503)$/.test(s)),
    ).toEqual([]);
    expect(statuses(during)).toEqual(
      expect.arrayContaining(['write 503 SERVICE_UNAVAILABLE', 'read 503 SERVICE_UNAVAILABLE', 'health 503']),
    );
    expect(samples.filter((s) => s.status === 500 || s.status === NO_ANSWER)).toEqual([]);
    expect(recovered).toBe(true);
    expect(writeBack - up).toBeLessThan(5_000);
    expect(samples.filter((s) => s.kind === 'health' && s.at > writeBack).map((s) => s.health)).toContain('ok');

    // Every write answered 2xx is in the table.
    const acknowledged = samples.filter((s) => s.kind === 'write' && s.status === 200).map((s) => s.n!);
    expect(acknowledged.length).toBeGreaterThan(10);
    const stored = fleet.pg.sql('vellum', `SELECT count(*) FROM events WHERE n IN (${acknowledged.join(',')})`);
    expect(Number(stored)).toBe(acknowledged.length);
  });
});
