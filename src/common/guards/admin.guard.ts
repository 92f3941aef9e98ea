import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ForbiddenError } from '../errors/errors';
import { accountabilityOf } from './request-accountability';

/**
 * Admin-only routes answer 403 FORBIDDEN to everyone else, anonymous callers included: the reference
 * platform never says 401 for a missing permission (API.md 1.2).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (!accountabilityOf(ctx.switchToHttp().getRequest()).admin) throw new ForbiddenError();
    return true;
  }
}
