import type { NextFunction, Request, Response } from 'express';
import getRawBody from 'raw-body';
import type { AppError } from '../errors/app-error';
import { InvalidPayloadError } from '../errors/errors';
import { bodyTooLarge, parseJsonBody } from './json-body';

/** `application/json` and `application/<anything>+json`, with or without parameters. */
const JSON_MEDIA_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

function hasBody(req: Request): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined ||
    (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')
  );
}

/** raw-body's own failures (too large, shorter than announced, aborted) in the one error model. */
function readError(e: { type?: string; message: string }): AppError {
  // 413 like an upload over FILES_MAX_UPLOAD_SIZE, where the reference answers 400 (docs/API.md, Limits).
  if (e.type === 'entity.too.large') return bodyTooLarge();
  return new InvalidPayloadError(`Request body can't be read: ${e.message}`);
}

/**
 * JSON bodies (`application/json`, `application/*+json`) are read and parsed (see parseJsonBody); every
 * other body is left unread for the routes that stream it themselves (multipart uploads, imports) and is
 * no body for the others, as the reference platform treats it. Requests without a body skip all of it.
 */
export function jsonBody(limit: number) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const type = req.headers['content-type'];
    if (type === undefined || !JSON_MEDIA_TYPE.test(type)) return next();
    if (!hasBody(req)) {
      req.body = {};
      return next();
    }
    getRawBody(req, { limit, length: req.headers['content-length'] }, (err, raw) => {
      if (err) return next(readError(err));
      try {
        req.body = parseJsonBody(raw, req.headers['content-encoding'], limit);
      } catch (e) {
        return next(e);
      }
      next();
    });
  };
}
