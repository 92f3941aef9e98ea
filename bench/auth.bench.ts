import autocannon from 'autocannon';
import { load, print, startBenchServer } from './lib';

const CONNECTIONS = 10;
const SECONDS = 5;

/**
 * Logins/s and refreshes/s. argon2 runs with its defaults (argon2id, 64 MiB, t=3, p=4; API.md 2), the
 * cost that dominates a login; LOGIN_STALL_TIME is 0 so the figure is the hashing work, not the stall.
 */
export async function run(): Promise<void> {
  // Every connection comes from 127.0.0.1, one caller: its default share of argon2 slots (one running,
  // eight waiting) would refuse most of them; the total (HASH_MAX_CONCURRENT) keeps its default.
  const server = await startBenchServer({
    LOGIN_STALL_TIME: '0',
    HASH_MAX_CONCURRENT_PER_CALLER: String(CONNECTIONS),
    HASH_MAX_QUEUE: String(CONNECTIONS),
    HASH_MAX_QUEUE_PER_CALLER: String(CONNECTIONS),
  });
  const credentials = JSON.stringify({ email: 'admin@example.com', password: 'bench-admin-password' });
  try {
    await load('POST /auth/login (json mode)', {
      url: `${server.url}/auth/login`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: credentials,
      seconds: SECONDS,
      connections: CONNECTIONS,
    });

    // Refresh tokens rotate on every use: each request takes a live token from the pool and puts back the new one.
    const pool: string[] = [];
    for (let i = 0; i < CONNECTIONS * 2; i++) {
      const res = await fetch(`${server.url}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: credentials,
      });
      pool.push(((await res.json()) as { data: { refresh_token: string } }).data.refresh_token);
    }
    const result = await autocannon({
      url: `${server.url}/auth/refresh`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ refresh_token: pool.shift() }) }),
          onResponse: (status, body) => {
            if (status === 200) pool.push((JSON.parse(body) as { data: { refresh_token: string } }).data.refresh_token);
          },
        },
      ],
    });
    print({
      label: 'POST /auth/refresh (json mode, rotating)',
      requestsPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  } finally {
    await server.close();
  }
}
