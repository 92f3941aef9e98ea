import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { TestApp } from './test-app';

export type Frame = Record<string, any>;

/** The app's socket URL once it listens on loopback (port 0: any free one). */
export async function socketUrl(t: TestApp, path = '/websocket'): Promise<string> {
  if (!t.server.listening) await t.app.listen(0, '127.0.0.1');
  return `ws://127.0.0.1:${(t.server.address() as AddressInfo).port}${path}`;
}

/** A real `ws` client that keeps every frame it receives, so tests can wait for the one they expect. */
export class TestSocket {
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const parsed = JSON.parse((data as Buffer).toString()) as Frame;
      const waiter = this.waiters.find((w) => w.match(parsed));
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(parsed);
      } else {
        this.frames.push(parsed);
      }
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static open(url: string): Promise<TestSocket> {
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Opens and authenticates with the handshake's first message. */
  static async authenticated(url: string, token: string): Promise<TestSocket> {
    const socket = await TestSocket.open(url);
    socket.send({ type: 'auth', access_token: token });
    const answer = await socket.next((f) => f.type === 'auth');
    if (answer.status !== 'ok') throw new Error(`auth failed: ${JSON.stringify(answer)}`);
    return socket;
  }

  send(message: Frame): void {
    this.ws.send(JSON.stringify(message));
  }

  /** The first frame (already received or coming) that matches; fails after `ms`. */
  next(match: (f: Frame) => boolean = () => true, ms = 5000): Promise<Frame> {
    const index = this.frames.findIndex(match);
    if (index >= 0) return Promise.resolve(this.frames.splice(index, 1)[0]);
    return new Promise((resolve, reject) => {
      // Timeout guard: a frame that never comes fails the test rather than hanging it.
      const timer = setTimeout(
        () => reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames)}`)),
        ms,
      );
      this.waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }

  /**
   * Waits for the first frame matching `marker` (a later event the socket must receive) and returns the
   * frames that arrived before it, which it takes off the queue: "nothing else arrived" is checked
   * against what came first, not by waiting a while.
   */
  async framesBefore(marker: (f: Frame) => boolean, ms = 5000): Promise<Frame[]> {
    const found = await this.next(marker, ms);
    return this.frames.splice(0).filter((f) => f !== found);
  }

  /** Sends a message with `uid` and waits for the answer carrying it. */
  async request(message: Frame): Promise<Frame> {
    this.send(message);
    return this.next((f) => f.uid === message.uid);
  }

  close(): void {
    this.ws.terminate();
  }
}
