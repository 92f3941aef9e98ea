import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import WebSocket, { WebSocketServer } from 'ws';
import { anonymousAccountability } from '../../common/accountability';
import { runAsCaller } from '../../common/caller-scope';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { decideUpgrade } from './lib/upgrade-decision';
import { refuseUpgrade, RequestContext, requestContext } from './lib/upgrade-request';
import { limitFrames } from './lib/frame-limit';
import { frameText } from './lib/frame-text';
import { SocketError } from './lib/socket-error';
import { MessageRouter } from './message-router.service';
import { SocketAuth, SocketAuthService } from './socket-auth.service';
import { SocketClient } from './socket-client';
import { UpgradeRoutes } from './upgrade-routes.service';

/**
 * The WebSocket API's transport (WEBSOCKETS_*): upgrades on the configured path (UpgradeRoutes), the three authentication modes, the connection limit and the heartbeat. Messages go to
 * MessageRouter once a connection is authenticated (or public).
 */
@Injectable()
export class RealtimeServerService implements OnApplicationBootstrap, OnModuleDestroy {
  private wss?: WebSocketServer;
  private stopRoute?: () => void;
  private heartbeat?: NodeJS.Timeout;
  /** Connections past the upgrade, authenticated or still in their handshake: what the limit counts. */
  private readonly sockets = new Set<WebSocket>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly routes: UpgradeRoutes,
    private readonly auth: SocketAuthService,
    private readonly router: MessageRouter,
    private readonly logger: AppLogger,
  ) {}

  private get settings() {
    return this.config.websockets;
  }

  onApplicationBootstrap(): void {
    if (!this.settings.enabled || !this.settings.rest.enabled) return;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: this.settings.maxPayload });
    this.stopRoute = this.routes.add(
      this.settings.rest.path,
      (req, socket, head, url) => void this.onUpgrade(req, socket, head, url),
    );
    if (this.settings.heartbeat.enabled) {
      this.heartbeat = setInterval(() => this.pulse(), this.settings.heartbeat.period);
      this.heartbeat.unref();
    }
  }

  /** Before Nest closes the HTTP server: open sockets would keep it (and the process) alive. */
  async onModuleDestroy(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.stopRoute?.();
    for (const client of this.router.clients) client.clearExpiry();
    for (const ws of this.sockets) ws.terminate();
    this.sockets.clear();
    const wss = this.wss;
    this.wss = undefined;
    if (wss) await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  private async onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const token = url.searchParams.get('access_token') || null;
    const rest = this.settings.rest;
    const decision = decideUpgrade({ mode: rest.auth, open: this.sockets.size, limit: rest.connLimit, token });
    const context = requestContext(req);
    switch (decision) {
      case 'refuse-limit':
        return refuseUpgrade(socket, '403 Forbidden');
      case 'refuse-auth':
        return refuseUpgrade(socket, '401 Unauthorized');
      case 'verify-token': {
        const auth = await this.auth.forToken(token!, context).catch(() => null);
        if (!auth?.acc.user) return refuseUpgrade(socket, '401 Unauthorized');
        return this.accept(req, socket, head, (ws) => this.connected(ws, auth, context));
      }
      case 'public':
        return this.accept(req, socket, head, (ws) =>
          this.connected(ws, { acc: anonymousAccountability(context), expiresAt: null }, context),
        );
      case 'handshake':
        return this.accept(req, socket, head, (ws) => this.handshake(ws, context));
    }
  }

  private accept(req: IncomingMessage, socket: Duplex, head: Buffer, then: (ws: WebSocket) => void): void {
    if (!this.wss) return void socket.destroy();
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.sockets.add(ws);
      ws.on('close', () => this.sockets.delete(ws));
      ws.on('error', () => ws.terminate());
      then(ws);
    });
  }

  /**
   * Handshake mode: the first message, within the timeout, must be an auth message that succeeds.
   * Until then a message may be only WEBSOCKETS_PRE_AUTH_MAX_PAYLOAD bytes: a token or a password.
   */
  private handshake(ws: WebSocket, context: RequestContext): void {
    limitFrames(ws, this.settings.preAuthMaxPayload);
    const fail = (error: unknown) => {
      const client = new SocketClient(ws, anonymousAccountability(context), this.logger);
      client.sendError(
        'auth',
        error instanceof SocketError
          ? error
          : new SocketError('auth', 'AUTH_FAILED', 'Authentication handshake failed.'),
      );
      ws.close();
    };
    const timer = setTimeout(() => fail(null), this.settings.rest.authTimeout).unref();
    ws.once('close', () => clearTimeout(timer));
    ws.once('message', (data) => {
      clearTimeout(timer);
      const run = async () => {
        const message = this.router.authMessage(frameText(data));
        const auth = await this.auth.authenticate(message, context);
        limitFrames(ws, this.settings.maxPayload);
        this.connected(ws, auth, context).authenticated(auth, message.uid);
      };
      runAsCaller(anonymousAccountability(context), run).catch(fail);
    });
  }

  private connected(ws: WebSocket, auth: SocketAuth, context: RequestContext): SocketClient {
    const client = new SocketClient(ws, auth.acc, this.logger);
    this.router.attach(client, auth, context);
    return client;
  }

  /** Pings every authenticated client; one still silent since the last ping is closed (reference heartbeat). */
  private pulse(): void {
    for (const client of this.router.clients) {
      if (client.pending) {
        client.ws.close();
        continue;
      }
      client.pending = true;
      client.send('ping');
    }
  }
}
