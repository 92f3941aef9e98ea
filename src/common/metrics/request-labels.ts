import { routeTemplate } from '../http/route-index';

export interface RequestLabels {
  method: string;
  route: string;
  status: string;
}

/** Methods Vellum answers; anything else Node's parser lets through is counted as one. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'SEARCH']);

/** Requests no route took: the Studio's files, the root redirect, and everything else in one. */
function unroutedLabel(path: string): string {
  if (path === '/') return '/';
  if (/^\/admin(\/|$)/i.test(path)) return '/admin/*';
  return 'unmatched';
}

/**
 * The labels of one answered request. `route` is the template the request was routed by, never the
 * path it asked for: ids, collection names and made-up paths would let any client grow the registry
 * without end. Every label comes from a set the code fixes.
 */
export function requestLabels(
  req: { method: string; route?: unknown; originalUrl: string },
  status: number,
): RequestLabels {
  const method = METHODS.has(req.method) ? req.method : 'OTHER';
  const route = routeTemplate(req.route) ?? unroutedLabel(req.originalUrl.split('?', 1)[0]);
  return { method, route, status: String(status) };
}
