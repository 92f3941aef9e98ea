import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Accountability } from '../../../common/accountability';

export type RequestContext = Pick<Accountability, 'ip' | 'userAgent' | 'origin'>;

/** Who an upgrade request comes from, for the accountability of its socket. */
export function requestContext(req: IncomingMessage): RequestContext {
  const origin = req.headers.origin;
  return {
    ip: req.socket.remoteAddress ?? null,
    userAgent: req.headers['user-agent'] ?? null,
    origin: typeof origin === 'string' ? origin : null,
  };
}

/** Answers an upgrade with a plain HTTP status (401, 403) instead of a socket. */
export function refuseUpgrade(socket: Duplex, status: string): void {
  socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  socket.destroy();
}
