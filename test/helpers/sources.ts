import type { Server } from 'node:http';
import { rawClient, RawResponse } from './raw-http';

export interface Sources {
  /** A JSON POST sent from the local address `from` (any 127/8 address), with a bearer token if given. */
  post(from: string, path: string, body: unknown, token?: string): Promise<RawResponse>;
  close(): void;
}

/** Requests from several real source addresses, as express sees them without any forwarded header. */
export async function sources(server: Server): Promise<Sources> {
  const http = await rawClient(server);
  return {
    post: (from, path, body, token) =>
      http.send({
        method: 'POST',
        path,
        from,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }),
    close: http.close,
  };
}
