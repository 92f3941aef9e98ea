import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { Accountability } from '../../common/accountability';
import type { AppLogger } from '../../common/logging/app-logger';
import { MAX_TIMER } from './lib/close-at-expiry';
import { errorFrame, frame, Uid } from './lib/socket-error';

/** One open socket: who it acts as, when that stops, and whether it answered the last heartbeat. */
export class SocketClient {
  readonly id = randomUUID();
  /** Pinged by the heartbeat and silent since. */
  pending = false;
  private expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly ws: WebSocket,
    public acc: Accountability,
    private readonly logger: AppLogger,
  ) {}

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(type: string, data?: Record<string, unknown>, uid?: Uid): void {
    if (this.open) this.ws.send(frame(type, data, uid));
  }

  /** Answers an error as the reference does; an unexpected one is logged and answered as an internal error. */
  sendError(type: string, error: unknown, uid?: Uid): void {
    let text = errorFrame(type, error, uid);
    if (text === null) {
      this.logger.error({ err: error }, `websocket ${type} message failed`);
      text = frame(
        type,
        { status: 'error', error: { code: 'INTERNAL_SERVER_ERROR', message: 'An unexpected error occurred.' } },
        uid,
      );
    }
    if (this.open) this.ws.send(text);
  }

  /** `{type:"auth", status:"ok"}`, with the new refresh token after a login or refresh (reference). */
  authenticated(auth: { refreshToken?: string }, uid?: Uid): void {
    this.send('auth', { status: 'ok', ...(auth.refreshToken ? { refresh_token: auth.refreshToken } : {}) }, uid);
  }

  /** Runs `expired` when the access token behind `acc` expires (ms since the epoch; null: never). */
  expireAt(expiresAt: number | null, expired: () => void): void {
    this.clearExpiry();
    if (expiresAt === null) return;
    const wait = Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER);
    this.expiryTimer = setTimeout(
      () => (Date.now() >= expiresAt ? expired() : this.expireAt(expiresAt, expired)),
      wait,
    );
    // Never what keeps the process alive: shutdown closes the socket anyway.
    this.expiryTimer.unref();
  }

  clearExpiry(): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }
}
