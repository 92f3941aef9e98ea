import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { until } from './until';

export type Result = {
  data?: Record<string, any> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
};

/** One operation's results as they come, and how it ended (`complete`, or the protocol's `error`). */
export class Operation {
  readonly results: Result[] = [];
  readonly ended: Promise<{ errors?: unknown }>;
  /** Completes the operation from the client's side. */
  readonly stop: () => void;

  constructor(client: Client, query: string, variables?: Record<string, unknown>) {
    let end: (value: { errors?: unknown }) => void = () => undefined;
    this.ended = new Promise((resolve) => (end = resolve));
    this.stop = client.subscribe(
      { query, variables },
      {
        next: (result) => void this.results.push(result),
        error: (errors) => end({ errors }),
        complete: () => end({}),
      },
    );
  }

  /** Waits until `count` results have come (5 s at most) and hands them out. */
  async take(count: number, ms = 5000): Promise<Result[]> {
    await until(() => this.results.length >= count, `${count} results`, ms).catch(() => {
      throw new Error(`expected ${count} results, got ${JSON.stringify(this.results)}`);
    });
    return this.results.splice(0, count);
  }
}

/**
 * A graphql-ws client (the library the reference platform's suite uses) on a real socket: `connected`
 * settles once the server acknowledged `connection_init`, `closed` with the close code.
 */
export class GqlSocket {
  readonly client: Client;
  readonly connected: Promise<void>;
  readonly closed: Promise<number>;

  constructor(url: string, connectionParams?: Record<string, unknown>) {
    let close: (code: number) => void = () => undefined;
    this.closed = new Promise((resolve) => (close = resolve));
    this.client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams,
      lazy: false,
      retryAttempts: 0,
      onNonLazyError: () => undefined,
      on: { closed: (event) => close((event as { code: number }).code) },
    });
    this.connected = new Promise((resolve, reject) => {
      this.client.on('connected', () => resolve());
      void this.closed.then((code) => reject(new Error(`closed with ${code}`)));
    });
    this.connected.catch(() => undefined);
  }

  static async open(url: string, token?: string): Promise<GqlSocket> {
    const socket = new GqlSocket(url, token ? { access_token: token } : undefined);
    await socket.connected;
    return socket;
  }

  /**
   * Starts an operation, then runs a trivial query after it on the same socket: the server takes up a
   * socket's operations in the order they come, so once that query has completed the subscription
   * before it listens, and a write the test makes next is announced to it (no guessed sleep).
   */
  async run(query: string, variables?: Record<string, unknown>): Promise<Operation> {
    const operation = new Operation(this.client, query, variables);
    await new Operation(this.client, '{ __typename }').ended;
    return operation;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
