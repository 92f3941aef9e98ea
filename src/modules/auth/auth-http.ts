import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { AuthMode, IssuedTokens } from './auth.service';
import { verifyAccessToken } from '../tokens/jwt';
import { cookieOptions } from './lib/cookie-options';

export interface TokenBody {
  expires: number;
  access_token?: string;
  refresh_token?: string;
}

/** The HTTP side of the auth modes (API.md 3.1-3.3), shared by REST and GraphQL. */
@Injectable()
export class AuthHttp {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Sets the mode's cookie and returns the body members the mode shows. */
  respond(res: Response, tokens: IssuedTokens): TokenBody {
    const { refreshCookie, sessionCookie, refreshTokenTtl, sessionCookieTtl } = this.config.auth;
    switch (tokens.mode) {
      case 'json':
        return { expires: tokens.expires, access_token: tokens.accessToken, refresh_token: tokens.token };
      case 'cookie':
        res.cookie(refreshCookie.name, tokens.token, cookieOptions(refreshCookie, refreshTokenTtl));
        return { expires: tokens.expires, access_token: tokens.accessToken };
      case 'session':
        res.cookie(sessionCookie.name, tokens.accessToken, cookieOptions(sessionCookie, sessionCookieTtl));
        return { expires: tokens.expires };
    }
  }

  /**
   * Where refresh and logout find the token: the body (json), the refresh cookie (cookie), or the
   * `session` claim of the session cookie's JWT (session; an expired cookie is TOKEN_EXPIRED).
   */
  presentedToken(req: Request, mode: AuthMode, bodyToken: string | null | undefined): string | undefined {
    const cookies = (req.cookies as Record<string, string> | undefined) ?? {};
    switch (mode) {
      case 'json':
        return bodyToken ?? undefined;
      case 'cookie':
        return cookies[this.config.auth.refreshCookie.name];
      case 'session': {
        const jwt = cookies[this.config.auth.sessionCookie.name];
        return jwt ? verifyAccessToken(jwt, this.config.secret).session : undefined;
      }
    }
  }

  /** Logout clears whichever auth cookies the request carried. */
  clearCookies(req: Request, res: Response): void {
    const cookies = (req.cookies as Record<string, string> | undefined) ?? {};
    for (const cookie of [this.config.auth.refreshCookie, this.config.auth.sessionCookie]) {
      if (cookies[cookie.name] !== undefined) res.clearCookie(cookie.name, cookieOptions(cookie));
    }
  }
}
