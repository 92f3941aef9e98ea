import type { NextFunction, Request, Response } from 'express';
import { runForCaller } from '../caller-scope';
import { accountabilityOf } from '../guards/request-accountability';
import type { RouterLike } from './route-index';

type Handler = (req: Request, res: Response, next: NextFunction) => unknown;
interface RouteLayerLike {
  handle: Handler;
}

/**
 * Every route handler runs in its caller's scope (caller-scope.ts), the caller read from the request
 * once the auth guard has named it. Entered around each route's own handler, after the body is parsed,
 * rather than by a global Nest interceptor: an interceptor puts every request through Nest's observable
 * chain and two AsyncResource bindings, about a tenth of an item read's CPU.
 */
export function enterCallerScopeOnRoutes(root: RouterLike): void {
  for (const layer of root.stack) {
    for (const routeLayer of (layer.route?.stack ?? []) as RouteLayerLike[]) {
      const handle = routeLayer.handle;
      routeLayer.handle = (req, res, next) =>
        runForCaller(
          () => accountabilityOf(req),
          () => handle(req, res, next),
        );
    }
  }
}
