import { Inject, Injectable, NestMiddleware, Optional } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { existsSync, readFile } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import serveStatic from 'serve-static';
import { ServiceUnavailableError } from '../../common/errors/errors';
import { sendError } from '../../common/filters/send-error';
import { AppLogger } from '../../common/logging/app-logger';

/** `npm run build` writes the Studio here; from source (tests) and from dist/ the repository root differs by one level. */
export const STUDIO_DIST = resolve(__dirname, __filename.endsWith('.ts') ? '../../..' : '../../../..', 'admin', 'dist');

/** Another folder for the built app (tests of the unbuilt case). */
export const STUDIO_DIR = Symbol('STUDIO_DIR');

const MOUNT = '/admin';
/** Vite names every file under assets/ by its content hash: a changed file is a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isAsset(path: string): boolean {
  return path.startsWith('/assets/');
}

/** The part of the path after /admin, from the original URL (a mounted middleware sees a trimmed req.url). */
function studioPath(req: Request): string {
  const url = req.originalUrl ?? req.url;
  const path = url.slice(MOUNT.length);
  return path === '' || path.startsWith('?') ? `/${path}` : path;
}

/**
 * Serves the built single-page app: files as they are, and index.html for every other GET so that deep
 * links (/admin/content/articles, the reset link of a mail) open the app, which routes in the browser.
 */
@Injectable()
export class StudioMiddleware implements NestMiddleware {
  private readonly dir: string;
  private readonly files: ReturnType<typeof serveStatic<ServerResponse>>;

  constructor(
    private readonly logger: AppLogger,
    @Optional() @Inject(STUDIO_DIR) dir?: string,
  ) {
    this.dir = dir ?? STUDIO_DIST;
    this.files = serveStatic(this.dir, {
      index: false,
      // /admin is the app itself: index.html below, not a redirect to /admin/.
      redirect: false,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('Cache-Control', path.includes('/assets/') ? IMMUTABLE : 'no-cache'),
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const index = join(this.dir, 'index.html');
    if (!existsSync(index)) {
      const error = new ServiceUnavailableError('studio', 'Vellum Studio is not built: run npm run build');
      return sendError(req, res, error, this.logger);
    }
    const path = studioPath(req);
    const url = req.url;
    req.url = path;
    this.files(req, res, () => {
      req.url = url;
      // A missing hashed file is a stale page asking for an old build: a 404, not the app's HTML.
      if (isAsset(path)) return next();
      this.sendIndex(index, res, next);
    });
  }

  private sendIndex(index: string, res: Response, next: NextFunction): void {
    readFile(index, (err, html) => {
      if (err) return next(err);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Content-Length', html.length);
      res.end(html);
    });
  }
}
