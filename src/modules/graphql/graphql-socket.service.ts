import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { execute, GraphQLError, subscribe, type ExecutionArgs } from 'graphql';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { anonymousAccountability } from '../../common/accountability';
import { runAsCaller } from '../../common/caller-scope';
import { ErrorCode } from '../../common/errors/error-codes';
import { jsonShapeReason } from '../../common/http/json-body';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { decideUpgrade } from '../realtime/lib/upgrade-decision';
import { refuseUpgrade, requestContext } from '../realtime/lib/upgrade-request';
import { closeAtExpiry } from '../realtime/lib/close-at-expiry';
import { limitFrames } from '../realtime/lib/frame-limit';
import { SocketAuth, SocketAuthService } from '../realtime/socket-auth.service';
import { UpgradeRoutes } from '../realtime/upgrade-routes.service';
import { GraphqlExecutor } from './graphql-executor';
import type { ItemsContext } from './graphql-context';
import { ItemsSchema } from './items/items-schema';

type Ctx = { connectionParams?: Readonly<Record<string, unknown>>; extra: Extra };

/**
 * GraphQL over WebSocket at WEBSOCKETS_GRAPHQL_PATH, the graphql-transport-ws protocol of the
 * `graphql-ws` library, as the reference platform serves it: the caller's /graphql schema (its
 * subscriptions, and queries and mutations too), authenticated by `?access_token=` on the upgrade or
 * `{ access_token }` in `connection_init`. Handshake mode closes a connection_init without a valid
 * token with 4403 Forbidden; one that never comes closes with 4408 after WEBSOCKETS_GRAPHQL_AUTH_TIMEOUT.
 * A connection signed in with an expiring token closes with 4403 when the token expires: its
 * subscriptions would otherwise go on with rights nobody renewed (the client reconnects with a new one).
 */
@Injectable()
export class GraphqlSocketService implements OnApplicationBootstrap, OnModuleDestroy {
  private wss?: WebSocketServer;
  private server?: { dispose(): Promise<void> | void };
  private stopRoute?: () => void;
  /** Who each connection acts as, from its upgrade request on: set by a token on the URL or by connection_init. */
  private readonly acting = new WeakMap<IncomingMessage, SocketAuth>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly routes: UpgradeRoutes,
    private readonly socketAuth: SocketAuthService,
    private readonly itemsSchema: ItemsSchema,
    private readonly executor: GraphqlExecutor,
    private readonly logger: AppLogger,
  ) {}

  private get settings() {
    return this.config.websockets.graphql;
  }

  onApplicationBootstrap(): void {
    const { enabled, graphql, heartbeat } = this.config.websockets;
    if (!enabled || !graphql.enabled) return;
    const wss = new WebSocketServer({ noServer: true, maxPayload: this.config.websockets.maxPayload });
    this.server = useServer(
      {
        connectionInitWaitTimeout: graphql.authTimeout,
        // Resolvers' argon2 work (hashed fields) counts against the connection's caller (caller-scope.ts).
        execute: (args: ExecutionArgs) => runAsCaller((args.contextValue as ItemsContext).acc, () => execute(args)),
        subscribe: (args: ExecutionArgs) => runAsCaller((args.contextValue as ItemsContext).acc, () => subscribe(args)),
        onConnect: (ctx) => this.onConnect(ctx),
        onSubscribe: (ctx, _id, payload) =>
          this.onSubscribe(ctx, payload.query, payload.operationName, payload.variables),
        onNext: (_ctx, _id, _payload, _args, result) => this.executor.format(result),
      },
      wss,
      // The protocol's keep-alive: WebSocket pings, a client silent for a period is dropped.
      heartbeat.enabled ? heartbeat.period : 0,
    );
    this.wss = wss;
    this.stopRoute = this.routes.add(
      graphql.path,
      (req, socket, head, url) => void this.onUpgrade(req, socket, head, url),
    );
  }

  /** Before Nest closes the HTTP server: open sockets would keep it (and the process) alive. */
  async onModuleDestroy(): Promise<void> {
    this.stopRoute?.();
    for (const ws of this.wss?.clients ?? []) ws.terminate();
    await this.server?.dispose();
    this.wss = undefined;
    this.server = undefined;
  }

  private async onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const wss = this.wss;
    if (!wss) return void socket.destroy();
    const token = url.searchParams.get('access_token') || null;
    switch (
      decideUpgrade({ mode: this.settings.auth, open: wss.clients.size, limit: this.settings.connLimit, token })
    ) {
      case 'refuse-limit':
        return refuseUpgrade(socket, '403 Forbidden');
      case 'refuse-auth':
        return refuseUpgrade(socket, '401 Unauthorized');
      case 'verify-token': {
        const auth = await this.verify(token!, req);
        if (!auth) return refuseUpgrade(socket, '401 Unauthorized');
        this.acting.set(req, auth);
        break;
      }
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Until connection_init is acknowledged a message is a token at most (WEBSOCKETS_PRE_AUTH_MAX_PAYLOAD).
      limitFrames(ws, this.config.websockets.preAuthMaxPayload);
      wss.emit('connection', ws, req);
      // graphql-ws prints a socket's errors to stderr with their stack; they are the client's doing (a
      // frame over the limit, a broken frame) and ws has already closed the connection: one debug line.
      ws.removeAllListeners('error');
      ws.on('error', (err: Error & { code?: string }) =>
        this.logger.debug({ code: err.code }, `graphql websocket closed: ${err.message}`),
      );
    });
  }

  /** `connection_init`: true acknowledges it; false closes the connection with 4403 Forbidden. */
  private async onConnect(ctx: Ctx): Promise<boolean> {
    const { request, socket } = ctx.extra;
    let auth = this.acting.get(request);
    const token = ctx.connectionParams?.access_token;
    if (!auth && typeof token === 'string') auth = (await this.verify(token, request)) ?? undefined;
    if (!auth && this.settings.auth === 'public')
      auth = { acc: anonymousAccountability(requestContext(request)), expiresAt: null };
    if (!auth) return false;
    this.acting.set(request, auth);
    limitFrames(socket, this.config.websockets.maxPayload);
    closeAtExpiry(socket, auth.expiresAt);
    return true;
  }

  /** A user's token, checked as REST checks a bearer token; null when it is not one. */
  private async verify(token: string, req: IncomingMessage): Promise<SocketAuth | null> {
    const auth = await this.socketAuth.forToken(token, requestContext(req)).catch(() => null);
    return auth?.acc.user ? auth : null;
  }

  /** The operation against the caller's own /graphql schema, or the reasons it cannot run (the protocol's `error`). */
  private async onSubscribe(
    ctx: Ctx,
    query: string,
    operationName?: string | null,
    variables?: Record<string, unknown> | null,
  ): Promise<ExecutionArgs | GraphQLError[]> {
    // graphql-ws parsed the frame itself: the JSON body's checks on depth and keys did not see these variables.
    const reason = jsonShapeReason(variables, 'The variables');
    if (reason) return [new GraphQLError(reason, { extensions: { code: ErrorCode.InvalidPayload } })];
    const acc = this.acting.get(ctx.extra.request)!.acc;
    const schema = await this.itemsSchema.schemaFor(acc);
    const checked = this.executor.check(schema, query, operationName, 'ws');
    if ('problems' in checked)
      return checked.problems.map(
        (p) => new GraphQLError(p.message, { extensions: { code: ErrorCode.GraphqlValidation } }),
      );
    const contextValue: ItemsContext = { acc };
    return { schema, document: checked.document, operationName, variableValues: variables ?? undefined, contextValue };
  }
}
