import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { runAsCaller } from '../caller-scope';
import { accountabilityOf } from '../guards/request-accountability';

/**
 * Every route handler runs in its caller's scope (caller-scope.ts). An interceptor, not a middleware:
 * it runs after the auth guard, so the caller is known, and Nest binds the handler to the async context
 * the interceptor's `handle()` is called in.
 */
@Injectable()
export class CallerScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const acc = accountabilityOf(context.switchToHttp().getRequest<Request>());
    return runAsCaller(acc, () => next.handle());
  }
}
