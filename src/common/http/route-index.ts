import { Router } from 'express';

interface RouteLike {
  path: unknown;
  stack: unknown[];
  methods: Record<string, boolean>;
}
interface LayerLike {
  route?: RouteLike;
}
export interface RouterLike {
  stack: LayerLike[];
}

/** A first path segment of plain text: no parameter, wildcard, group or pattern character. */
const STATIC_FIRST_SEGMENT = /^\/([A-Za-z0-9_.~-]+)(\/.*)?$/;

/** A route path's first segment (lower case: routing ignores case) and the rest, when that segment is plain text. */
export function splitFirstSegment(path: unknown): { prefix: string; rest: string } | null {
  if (typeof path !== 'string') return null;
  const match = STATIC_FIRST_SEGMENT.exec(path);
  return match ? { prefix: match[1].toLowerCase(), rest: match[2] ?? '/' } : null;
}

/** The path each regrouped route was declared with, which its group's route no longer shows. */
const declaredPaths = new WeakMap<object, string>();

/**
 * The path template a request was routed by (`/items/:collection/:id`), from Express's `req.route`;
 * undefined for a request no route took. Never the request's own path, so it names a bounded set.
 */
export function routeTemplate(route: unknown): string | undefined {
  if (!route || typeof route !== 'object') return undefined;
  const declared = declaredPaths.get(route);
  if (declared !== undefined) return declared;
  const path = (route as { path?: unknown }).path;
  return typeof path === 'string' ? path : undefined;
}

function mountLayer(prefix: string, group: Router): LayerLike {
  const mount = Router();
  mount.use(`/${prefix}`, group);
  return (mount as unknown as RouterLike).stack[0];
}

/**
 * Express tries a request against every route in the order they were added, and Vellum has about 130:
 * a request to `/server/ping` ran 100 path matches before its own (about a third of a bare Express
 * app's own time with that many routes). The routes are regrouped by their first path segment into one
 * router per segment, so a request is tried against each segment once and then only its own routes.
 * Order is kept where it matters: two routes with different plain first segments never match the same
 * path, and grouping restarts after any other layer (a middleware, a route whose path starts with a
 * parameter), which stays where it was.
 */
export function indexRoutesByFirstSegment(root: RouterLike): void {
  const indexed: LayerLike[] = [];
  let groups = new Map<string, Router>();
  for (const layer of root.stack) {
    const split = layer.route ? splitFirstSegment(layer.route.path) : null;
    if (!layer.route || !split) {
      indexed.push(layer);
      groups = new Map();
      continue;
    }
    let group = groups.get(split.prefix);
    if (!group) {
      group = Router({ caseSensitive: false, strict: false });
      groups.set(split.prefix, group);
      indexed.push(mountLayer(split.prefix, group));
    }
    const route = group.route(split.rest) as unknown as RouteLike;
    route.stack = layer.route.stack;
    route.methods = layer.route.methods;
    if (typeof layer.route.path === 'string') declaredPaths.set(route, layer.route.path);
  }
  root.stack.splice(0, root.stack.length, ...indexed);
}

/** The request's whole path as it arrived: inside a segment's router, `req.path` is only the part after it. */
export function fullPath(req: { baseUrl: string; path: string }): string {
  return req.baseUrl + req.path;
}
