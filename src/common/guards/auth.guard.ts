import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Accountability, anonymousAccountability } from '../accountability';
import { InvalidPayloadError } from '../errors/errors';
import { AccountabilityService } from '../../modules/auth/accountability.service';

const ACCOUNTABILITY = Symbol('accountability');
type RequestWithAccountability = Request & { [ACCOUNTABILITY]?: Accountability };

export function accountabilityOf(req: Request): Accountability {
  return (req as RequestWithAccountability)[ACCOUNTABILITY] ?? anonymousAccountability(requestContext(req));
}

export function requestContext(req: Request): Pick<Accountability, 'ip' | 'userAgent' | 'origin'> {
  return {
    ip: req.ip ?? null,
    userAgent: req.headers['user-agent'] ?? null,
    origin: typeof req.headers.origin === 'string' ? req.headers.origin : null,
  };
}

/**
 * API.md 1.2: the token comes from `?access_token=`, `Authorization: Bearer`, or the session cookie, in
 * that order; query and header together is an error, the cookie is used only when neither is present.
 */
export function extractToken(req: Request, sessionCookieName: string): string | null {
  const queryToken = typeof req.query?.access_token === 'string' ? req.query.access_token : null;
  let headerToken: string | null = null;
  const authorization = req.headers.authorization;
  if (authorization) {
    const parts = authorization.split(' ');
    if (parts.length === 2 && parts[0].toLowerCase() === 'bearer') headerToken = parts[1];
  }
  if (queryToken && headerToken) {
    throw new InvalidPayloadError('The request uses more than one method of including an access token');
  }
  const cookieToken = (req as Request & { cookies?: Record<string, string> }).cookies?.[sessionCookieName];
  return queryToken ?? headerToken ?? cookieToken ?? null;
}

/** Global guard: turns the presented token into an Accountability; a bad token fails, no token is public. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly accountability: AccountabilityService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<RequestWithAccountability>();
    const token = extractToken(req, this.accountability.sessionCookieName);
    const context = requestContext(req);
    req[ACCOUNTABILITY] = token
      ? await this.accountability.forToken(token, context)
      : anonymousAccountability(context);
    return true;
  }
}
