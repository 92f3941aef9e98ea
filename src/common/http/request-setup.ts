import type { NextFunction, Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { requestId } from '../logging/request-logging';
import { scrubUrl } from '../logging/scrub-url';
import type { AppLogger } from '../logging/app-logger';
import { prepareExport } from './export-response';

export type IdentifiedRequest = Request & { id: string };

/** Parses the Cookie header on first read: only auth routes and cookie sessions look at cookies. */
function defineLazyCookies(req: Request): void {
  let cookies: Record<string, string | undefined> | undefined;
  Object.defineProperty(req, 'cookies', {
    configurable: true,
    enumerable: true,
    get: () => (cookies ??= req.headers.cookie ? parseCookies(req.headers.cookie) : {}),
  });
}

/**
 * Everything each request needs before its route, in one middleware rather than five (each Express layer
 * costs a match and a call per request): its id (echoed as `X-Request-Id`), the default headers, the
 * query parsed once (Express 5's `req.query` getter re-parses on every read, and a request reads it
 * several times), cookies parsed on demand, `?export=`, and one log line per response (its URL without secrets).
 */
export function requestSetup(logger: AppLogger) {
  const logs = logger.pino.isLevelEnabled('info');
  return (req: Request, res: Response, next: NextFunction): void => {
    const id = requestId(req);
    (req as IdentifiedRequest).id = id;
    res.setHeader('X-Request-Id', id);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Origin, Cache-Control');
    Object.defineProperty(req, 'query', { value: req.query, writable: true, configurable: true, enumerable: true });
    defineLazyCookies(req);
    if (logs) {
      const started = performance.now();
      res.once('finish', () => {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        logger.pino.info(
          { reqId: id, method: req.method, url: scrubUrl(req.originalUrl), status: res.statusCode, ms },
          'request',
        );
      });
    }
    if (req.query.export !== undefined) return prepareExport(req, res, next, logger);
    next();
  };
}
