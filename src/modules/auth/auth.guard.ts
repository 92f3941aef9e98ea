import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { anonymousAccountability } from '../../common/accountability';
import { InvalidCredentialsError, InvalidTokenError } from '../../common/errors/errors';
import { requestContext, setAccountability } from '../../common/guards/request-accountability';
import { AccountabilityService } from './accountability.service';
import { cookieOptions } from './lib/cookie-options';
import { presentedToken } from './strategies/jwt.strategy';

/**
 * Global guard: turns the presented token into an Accountability (Vellum JWTs through JwtStrategy, static
 * tokens by lookup); a bad token fails, no token is public.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly accountability: AccountabilityService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const presented = presentedToken(req, this.accountability.sessionCookie.name);
    const context = requestContext(req);
    if (!presented) {
      setAccountability(req, anonymousAccountability(context));
      return true;
    }
    try {
      setAccountability(req, await this.accountability.forToken(req, presented.token, context));
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
