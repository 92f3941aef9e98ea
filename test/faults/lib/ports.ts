import { createServer } from 'node:net';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free loopback port at or above `from` (a random start, so specs run one after the other do not
 * race for the same one); private services must never take the machine's shared ports.
 */
export async function freePort(from = 40000): Promise<number> {
  const start = from + Math.floor(Math.random() * 2000);
  for (let port = start; port < start + 500; port++) if (await isFree(port)) return port;
  throw new Error(`no free port from ${start}`);
}
