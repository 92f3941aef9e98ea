import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on loopback in front of a database server that can be switched to "accept but never
 * answer": while stalled it still accepts connections and reads what clients send, but forwards nothing
 * either way (what a hung server or a silently dropping network looks like to a driver). Unstalled, it
 * delivers what it held, in order, and forwards again.
 */
export class StallProxy {
  private stalled = false;
  private held: { to: Socket; chunk: Buffer }[] = [];
  private waiting: (() => void)[] = [];
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private readonly target: { host: string; port: number },
  ) {
    server.on('connection', (client) => this.accept(client));
  }

  static async start(target: { host: string; port: number }): Promise<StallProxy> {
    const server = createServer();
    const proxy = new StallProxy(server, target);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  stall(): void {
    this.stalled = true;
  }

  unstall(): void {
    this.stalled = false;
    for (const { to, chunk } of this.held.splice(0)) if (!to.destroyed) to.write(chunk);
    for (const open of this.waiting.splice(0)) open();
  }

  /** Stops listening and destroys every socket it holds, on both sides. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: Socket): void {
    this.track(client);
    const early: Buffer[] = [];
    const keep = (chunk: Buffer) => early.push(chunk);
    client.on('data', keep);
    const open = () => {
      if (client.destroyed) return;
      const upstream = connect(this.target.port, this.target.host);
      this.track(upstream);
      client.off('data', keep);
      for (const chunk of early) upstream.write(chunk);
      this.forward(client, upstream);
      this.forward(upstream, client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    };
    if (this.stalled) this.waiting.push(open);
    else open();
  }

  private forward(from: Socket, to: Socket): void {
    from.on('data', (chunk: Buffer) => {
      if (this.stalled) this.held.push({ to, chunk });
      else to.write(chunk);
    });
  }
}
