import { bearer, load, startBenchServer } from './lib';

/** The floor of every request: routing, the auth guard and the error model, without data work. */
export async function run(): Promise<void> {
  const server = await startBenchServer();
  try {
    await load('GET /server/ping', { url: `${server.url}/server/ping` });
    await load('GET /server/health (anonymous)', { url: `${server.url}/server/health` });
    await load('GET /server/info (signed in)', { url: `${server.url}/server/info`, headers: bearer(server.token) });
    // Every answer here is a 404: its "errors" count is the number of requests, by design.
    await load('GET /nowhere (404 error body)', { url: `${server.url}/nowhere` });
  } finally {
    await server.close();
  }
}
