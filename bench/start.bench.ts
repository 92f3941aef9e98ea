import { startBuiltServer } from './lib';

const RESTARTS = Number(process.env.BENCH_ROUNDS ?? 3);
const READY_TARGET_MS = 1000;
const IDLE_RSS_TARGET_MB = 120;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Issue 19's cold start: the built server (as `npm start` runs it) from process start to its first 200
 * on /server/ping, and its resident memory once idle. The first start also migrates a fresh database
 * and creates the first admin; the restarts that follow find it ready, as a deployment's restarts do.
 */
export async function run(): Promise<void> {
  const first = await startBuiltServer();
  const database = first.database;
  process.stdout.write(`first start (migrations, first admin)      ${first.readyMs.toFixed(0).padStart(6)} ms\n`);
  await first.close(true);
  const ready: number[] = [];
  const rss: number[] = [];
  try {
    for (let round = 1; round <= RESTARTS; round++) {
      const server = await startBuiltServer({}, undefined, { database });
      ready.push(server.readyMs);
      // Idle: what the process holds once start-up garbage could be collected.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      rss.push(server.rss() / 1024 / 1024);
      process.stdout.write(
        `restart #${round}: ready ${server.readyMs.toFixed(0)} ms, idle RSS ${rss[rss.length - 1].toFixed(0)} MB\n`,
      );
      await server.close(true);
    }
  } finally {
    await database.drop();
  }
  process.stdout.write(
    `restart, median                            ${median(ready).toFixed(0).padStart(6)} ms   target ≤ ${READY_TARGET_MS} ms (issue 19)\n`,
  );
  process.stdout.write(
    `idle RSS after start, median               ${median(rss).toFixed(0).padStart(6)} MB   target ≤ ${IDLE_RSS_TARGET_MB} MB (issue 19)\n`,
  );
}
