import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppLogger } from './app-logger';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** A request's id: the caller's `X-Request-Id` when sane (so ids follow a request across services), else new. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** One log line per response, with the request id (echoed to the caller as `X-Request-Id`). */
export function registerRequestLogging(fastify: FastifyInstance, logger: AppLogger): void {
  if (!logger.pino.isLevelEnabled('info')) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    logger.pino.info(
      { reqId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}
