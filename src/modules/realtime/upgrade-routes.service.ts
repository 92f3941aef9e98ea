import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => void;

/**
 * The one `upgrade` listener of Nest's HTTP server: each socket (the WebSocket API, GraphQL
 * subscriptions) serves its own path; an upgrade to any other path is dropped, as nothing answers it.
 */
@Injectable()
export class UpgradeRoutes implements OnModuleDestroy {
  private readonly routes = new Map<string, UpgradeHandler>();
  private server?: Server;
  private readonly listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const handler = this.routes.get(url.pathname);
    if (!handler) return void socket.destroy();
    handler(req, socket, head, url);
  };

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** Serves `path` with `handler`; the returned function stops serving it. */
  add(path: string, handler: UpgradeHandler): () => void {
    if (this.routes.has(path)) throw new Error(`Two sockets are configured on the path ${path}`);
    this.routes.set(path, handler);
    if (!this.server) {
      this.server = this.adapterHost.httpAdapter.getHttpServer() as Server;
      this.server.on('upgrade', this.listener);
    }
    return () => {
      this.routes.delete(path);
      if (this.routes.size === 0) this.onModuleDestroy();
    };
  }

  onModuleDestroy(): void {
    this.server?.off('upgrade', this.listener);
    this.server = undefined;
  }
}
