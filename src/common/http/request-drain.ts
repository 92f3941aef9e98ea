import type { Server, ServerResponse } from 'node:http';

/**
 * The requests in flight on an HTTP server, so a shutdown can stop taking new ones and let these
 * finish. WebSocket upgrades are not requests: their sockets are closed by the realtime module.
 */
export class RequestDrain {
  private readonly open = new Set<ServerResponse>();
  private draining = false;
  private idle?: () => void;

  constructor(private readonly server: Server) {
    // First among the listeners, so the header below is set before any handler answers.
    server.prependListener('request', (_req, res: ServerResponse) => {
      if (this.draining) res.setHeader('Connection', 'close');
      this.open.add(res);
      res.once('close', () => {
        this.open.delete(res);
        if (this.open.size === 0) this.idle?.();
      });
    });
  }

  get inFlight(): number {
    return this.open.size;
  }

  /**
   * Stops accepting connections, closes idle keep-alive ones, and has every answer still to come close
   * its connection after it. Resolves true once no request is in flight, false if `timeoutMs` passes first.
   */
  drain(timeoutMs: number): Promise<boolean> {
    this.draining = true;
    this.server.close();
    this.server.closeIdleConnections();
    for (const res of this.open) if (!res.headersSent) res.setHeader('Connection', 'close');
    if (this.open.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idle = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }

  /** Closes every HTTP connection left, answered or not. */
  cut(): void {
    this.server.closeAllConnections();
  }
}
