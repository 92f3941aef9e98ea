import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** A request's id: the caller's `X-Request-Id` when sane (so ids follow a request across services), else new. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
