import type { IncomingMessage, ServerResponse } from 'node:http';

const FRAME_ANCESTORS = /(^|;)\s*frame-ancestors(\s|;|$)/i;

/** A Content-Security-Policy with `frame-ancestors 'none'` added, unless it already names who may frame the page. */
export function withFrameAncestorsNone(policy: string | undefined): string {
  const current = (policy ?? '').trim().replace(/;+$/, '');
  if (current === '') return "frame-ancestors 'none'";
  return FRAME_ANCESTORS.test(current) ? current : `${current}; frame-ancestors 'none'`;
}

/**
 * No other site may show Vellum's own pages (the Studio, Swagger UI) in a frame, where it could lay its
 * own content over them and have a signed-in user click through (clickjacking): CSP `frame-ancestors`
 * for current browsers, `X-Frame-Options` for older ones. Added to the policy the answer has so far.
 */
export function denyFraming(res: ServerResponse): void {
  res.setHeader('X-Frame-Options', 'DENY');
  const policy = res.getHeader('Content-Security-Policy');
  res.setHeader('Content-Security-Policy', withFrameAncestorsNone(typeof policy === 'string' ? policy : undefined));
}

/** denyFraming as a middleware, for pages served by another package (Swagger UI). */
export function denyFramingMiddleware(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
  denyFraming(res);
  next();
}
