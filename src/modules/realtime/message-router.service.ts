import { Inject, Injectable } from '@nestjs/common';
import type { RawData } from 'ws';
import { Accountability, anonymousAccountability } from '../../common/accountability';
import { runAsCaller } from '../../common/caller-scope';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ItemsMessagesService } from './items-messages.service';
import type { AuthMessage, SocketMessage } from './lib/messages';
import { frameText } from './lib/frame-text';
import { parseMessage } from './lib/parse-message';
import { SocketError } from './lib/socket-error';
import { SocketAuth, SocketAuthService } from './socket-auth.service';
import type { SocketClient } from './socket-client';
import { SubscriptionsService } from './subscriptions.service';

type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

/** The messages of an authenticated (or public) connection, each to its handler; errors answered on the socket. */
@Injectable()
export class MessageRouter {
  readonly clients = new Set<SocketClient>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: SocketAuthService,
    private readonly subscriptions: SubscriptionsService,
    private readonly items: ItemsMessagesService,
  ) {}

  /** The handshake's first message: anything but a well-formed auth message fails the handshake. */
  authMessage(text: string): AuthMessage {
    let message: SocketMessage;
    try {
      message = parseMessage(text);
    } catch {
      message = { type: 'other', name: '' };
    }
    if (message.type !== 'auth')
      throw new SocketError('auth', 'AUTH_FAILED', 'Authentication handshake failed.', message.uid);
    return message;
  }

  attach(client: SocketClient, auth: SocketAuth, context: RequestContext): void {
    this.clients.add(client);
    this.watchExpiry(client, auth, context);
    client.ws.on('message', (data) => void this.onMessage(client, data, context));
    client.ws.on('close', () => {
      client.clearExpiry();
      this.clients.delete(client);
      this.subscriptions.unsubscribe(client);
    });
  }

  private async onMessage(client: SocketClient, data: RawData, context: RequestContext): Promise<void> {
    // Any message is a sign of life for the heartbeat.
    client.pending = false;
    let message: SocketMessage;
    try {
      message = parseMessage(frameText(data));
    } catch (e) {
      return client.sendError('server', e);
    }
    try {
      await runAsCaller(client.acc, () => this.route(client, message, context));
    } catch (e) {
      client.sendError(message.type === 'unsubscribe' ? 'subscribe' : message.type, e, message.uid);
    }
  }

  private async route(client: SocketClient, message: SocketMessage, context: RequestContext): Promise<void> {
    switch (message.type) {
      case 'auth':
        return this.reauthenticate(client, message, context);
      case 'ping':
        return client.send('pong', {}, message.uid);
      case 'subscribe':
        return this.subscriptions.subscribe(client, message);
      case 'unsubscribe':
        this.subscriptions.unsubscribe(client, message.uid);
        return client.send('subscription', { event: 'unsubscribe' }, message.uid);
      case 'items':
        return this.items.handle(client, message);
      case 'other':
        return;
    }
  }

  /** A later auth message changes who the connection acts as; a failed one leaves it public (reference). */
  private async reauthenticate(client: SocketClient, message: AuthMessage, context: RequestContext): Promise<void> {
    try {
      const auth = await this.auth.authenticate(message, context);
      client.acc = auth.acc;
      this.watchExpiry(client, auth, context);
      client.authenticated(auth, message.uid);
    } catch (e) {
      client.acc = anonymousAccountability(context);
      client.clearExpiry();
      throw e;
    }
  }

  /**
   * When the token expires the connection drops to the public role and is told TOKEN_EXPIRED; outside
   * public mode it must authenticate again within the auth timeout or be closed (reference).
   */
  private watchExpiry(client: SocketClient, auth: SocketAuth, context: RequestContext): void {
    client.expireAt(auth.expiresAt, () => {
      client.acc = anonymousAccountability(context);
      client.sendError('auth', new SocketError('auth', 'TOKEN_EXPIRED', 'Token expired.'));
      if (this.config.websockets.rest.auth === 'public') return;
      setTimeout(() => {
        if (client.acc.user === null) client.ws.close();
      }, this.config.websockets.rest.authTimeout).unref();
    });
  }
}
