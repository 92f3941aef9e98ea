import type { NextFunction, Request, Response } from 'express';

/**
 * `GET /` sends a browser to ROOT_REDIRECT (the Studio, `./admin`, by default) with a 302, as the
 * reference platform does; every other path and method goes on untouched.
 */
export function rootRedirect(location: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
    res.statusCode = 302;
    res.setHeader('Location', location);
    res.end();
  };
}
