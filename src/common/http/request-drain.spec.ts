import { createServer, request, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { RequestDrain } from './request-drain';

interface Reply {
  status: number;
  connection?: string;
}

/** A server whose answers take `?ms=` milliseconds. */
async function slowServer(): Promise<{ server: Server; drain: RequestDrain; port: number }> {
  const server = createServer((req, res) => {
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
    const timer = setTimeout(() => res.end('done'), ms);
    res.on('close', () => clearTimeout(timer));
  });
  const drain = new RequestDrain(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, drain, port: (server.address() as AddressInfo).port };
}

function get(port: number, ms: number): Promise<Reply | Error> {
  return new Promise((resolve) => {
    const req = request(
      { port, host: '127.0.0.1', path: `/?ms=${ms}`, agent: false, headers: { Connection: 'keep-alive' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      },
    );
    req.on('error', resolve);
    req.end();
  });
}

/** Until the server has the request: a fixed pause lost the race on a loaded machine. */
async function arrived(drain: RequestDrain): Promise<void> {
  while (drain.inFlight < 1) await sleep(5);
}

describe(RequestDrain.name, () => {
  it('lets a request in flight finish, closing its connection after it, and refuses new ones', async () => {
    const { drain, port } = await slowServer();
    const inFlight = get(port, 300);
    await arrived(drain);
    expect(drain.inFlight).toBe(1);
    const drained = drain.drain(5000);
    expect(await get(port, 0)).toMatchObject({ code: 'ECONNREFUSED' });
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    expect(await drained).toBe(true);
    drain.cut();
  });

  it('resolves false when a request outlives the timeout, and cut() ends it', async () => {
    const { drain, port } = await slowServer();
    const inFlight = get(port, 5000);
    await arrived(drain);
    const started = Date.now();
    expect(await drain.drain(200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    drain.cut();
    expect(await inFlight).toMatchObject({ code: 'ECONNRESET' });
  });

  it('resolves at once with nothing in flight', async () => {
    const { drain } = await slowServer();
    await expect(drain.drain(5000)).resolves.toBe(true);
  });
});
