import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Accountability, anonymousAccountability } from '../accountability';
import { InvalidCredentialsError, InvalidTokenError } from '../errors/errors';
import { AccountabilityService } from '../../modules/auth/accountability.service';
import { cookieOptions } from '../../modules/auth/lib/cookie-options';
import { presentedToken } from '../../modules/auth/strategies/jwt.strategy';

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
 * Global guard: turns the presented token into an Accountability (Vellum JWTs through JwtStrategy, static
 * tokens by lookup); a bad token fails, no token is public.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly accountability: AccountabilityService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<RequestWithAccountability>();
    const presented = presentedToken(req, this.accountability.sessionCookie.name);
    const context = requestContext(req);
    if (!presented) {
      req[ACCOUNTABILITY] = anonymousAccountability(context);
      return true;
    }
    try {
      req[ACCOUNTABILITY] = await this.accountability.forToken(req, presented.token, context);
    } catch (e) {
      // API.md 1.2: a dead or forged session cookie is removed, so the browser stops sending it;
      // an expired one stays, the app refreshes it.
      if (presented.fromCookie && (e instanceof InvalidCredentialsError || e instanceof InvalidTokenError)) {
        const cookie = this.accountability.sessionCookie;
        ctx.switchToHttp().getResponse<Response>().clearCookie(cookie.name, cookieOptions(cookie));
      }
      throw e;
    }
    return true;
  }
}
