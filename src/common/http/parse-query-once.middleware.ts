import type { NextFunction, Request, Response } from 'express';

/**
 * Express 5's `req.query` is a getter that runs the query parser on every access, and a request reads it
 * several times (token, export, the handler's query). Parsed once here, it stays on the request.
 */
export function parseQueryOnce() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    Object.defineProperty(req, 'query', { value: req.query, writable: true, configurable: true, enumerable: true });
    next();
  };
}
