import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Accountability } from '../accountability';
import { accountabilityOf } from '../guards/request-accountability';

/** The caller's Accountability, set by the global AuthGuard. */
export const Acc = createParamDecorator((_data: unknown, ctx: ExecutionContext): Accountability => {
  return accountabilityOf(ctx.switchToHttp().getRequest());
});
