import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What Nest middlewares (run by @fastify/middie) receive: Node's request, with the members middie copies
 * from Fastify's (client address under `trustProxy`, parsed query, request id).
 */
export type MiddlewareRequest = IncomingMessage & { ip?: string; query?: Record<string, unknown>; id?: string };
export type MiddlewareResponse = ServerResponse;

/** The request's path without its query string (still percent-encoded, as it arrived). */
export function requestPath(req: { url?: string }): string {
  const url = req.url ?? '/';
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/** Whether the request's body is of `type` (e.g. `multipart/form-data`), parameters ignored. */
export function hasContentType(req: { headers: IncomingMessage['headers'] }, type: string): boolean {
  const header = req.headers['content-type'];
  return typeof header === 'string' && header.split(';')[0].trim().toLowerCase() === type;
}
