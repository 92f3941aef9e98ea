import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Accountability, anonymousAccountability } from '../accountability';
import { InvalidCredentialsError, InvalidPayloadError, InvalidTokenError } from '../errors/errors';
import { AccountabilityService } from '../../modules/auth/accountability.service';
import { cookieOptions } from '../../modules/auth/lib/cookie-options';

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
export function extractToken(req: Request, sessionCookieName: string): { token: string; fromCookie: boolean } | null {
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
  const token = queryToken ?? headerToken;
  if (token) return { token, fromCookie: false };
  return cookieToken ? { token: cookieToken, fromCookie: true } : null;
}

/** Global guard: turns the presented token into an Accountability; a bad token fails, no token is public. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly accountability: AccountabilityService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<RequestWithAccountability>();
    const presented = extractToken(req, this.accountability.sessionCookie.name);
    const context = requestContext(req);
    if (!presented) {
      req[ACCOUNTABILITY] = anonymousAccountability(context);
      return true;
    }
    try {
      req[ACCOUNTABILITY] = await this.accountability.forToken(presented.token, context);
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
