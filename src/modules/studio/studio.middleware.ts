import { Injectable, NestMiddleware } from '@nestjs/common';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import serveStatic from 'serve-static';
import { denyFraming } from '../../common/http/frame-guard';

/**
 * The built Studio: found by walking up from this file, because the module runs both from `src/`
 * (tests, through swc) and from `dist/src/` (npm start), at different depths below the root.
 */
function studioRoot(): string | undefined {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) {
      const built = join(dir, 'admin', 'dist');
      if (existsSync(join(built, 'index.html'))) return built;
    }
  }
  return undefined;
}

/** Vite names assets by content hash, so they never change under one URL; index.html must be refetched on each visit. */
function setCacheHeaders(res: ServerResponse, path: string): void {
  const hashed = path.includes(`${join('admin', 'dist', 'assets')}`);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the Studio under /admin on raw Node req/res, so it works on whichever HTTP adapter Nest runs.
 * Paths that are no file (deep links such as /admin/content/posts) answer index.html: the app routes them.
 */
@Injectable()
export class StudioMiddleware implements NestMiddleware {
  private readonly root = studioRoot();
  private readonly files = this.root
    ? serveStatic(this.root, { index: false, fallthrough: true, setHeaders: setCacheHeaders })
    : undefined;

  use(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: (error?: unknown) => void): void {
    const url = req.originalUrl ?? req.url ?? '';
    if (!this.files || !/^\/admin(\/|\?|$)/.test(url) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    denyFraming(res);
    if (url === '/admin' || url.startsWith('/admin?')) {
      res.statusCode = 302;
      res.setHeader('Location', `/admin/${url.slice('/admin'.length)}`);
      return void res.end();
    }
    req.url = url.slice('/admin'.length) || '/';
    const isAsset = req.url.startsWith('/assets/');
    this.files(req, res, () => {
      if (isAsset) return next();
      req.url = '/index.html';
      this.files!(req, res, next);
    });
  }
}
