import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import type { JwtPayload } from 'jsonwebtoken';
import { ExtractJwt, JwtFromRequestFunction, Strategy } from 'passport-jwt';
import { InvalidCredentialsError, InvalidPayloadError } from '../../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { SessionsService } from '../../tokens/sessions.service';
import {
  AccessTokenPayload,
  JWT_ISSUER,
  accessTokenClaims,
  verificationError,
  verificationKey,
} from '../../tokens/jwt';
import { VerifiedTokens } from '../lib/verified-tokens';
import { runStrategy } from './run-strategy';

/** Enough for every client of a busy instance; about 1 KB each. */
const VERIFIED_TOKENS_KEPT = 5000;

const passportBearer = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * `?access_token=` from the request's parsed query (passport's extractor would parse the URL once more);
 * a repeated parameter (an array) is no token.
 */
const fromQuery: JwtFromRequestFunction = (req) => {
  const token: unknown = (req as Request).query?.access_token;
  return typeof token === 'string' && token !== '' ? token : null;
};

/** `Authorization: Bearer <token>`: exactly two parts, where passport alone would take the first of more. */
const fromHeader: JwtFromRequestFunction<Request> = (req) => {
  const authorization = req.headers.authorization;
  return authorization && authorization.split(' ').length === 2 ? passportBearer(req) : null;
};

function fromCookie(name: string): JwtFromRequestFunction<Request> {
  return (req) => {
    const token: unknown = (req.cookies as Record<string, unknown> | undefined)?.[name];
    return typeof token === 'string' && token !== '' ? token : null;
  };
}

export interface PresentedToken {
  token: string;
  fromCookie: boolean;
}

/**
 * API.md 1.2: the token comes from `?access_token=`, `Authorization: Bearer`, or the session cookie, in
 * that order; query and header together is an error, the cookie is used only when neither is present.
 */
export function presentedToken(req: Request, sessionCookieName: string): PresentedToken | null {
  const query = fromQuery(req);
  const header = fromHeader(req);
  if (query && header) {
    throw new InvalidPayloadError('The request uses more than one method of including an access token');
  }
  const token = query ?? header;
  if (token) return { token, fromCookie: false };
  const cookie = fromCookie(sessionCookieName)(req);
  return cookie ? { token: cookie, fromCookie: true } : null;
}

/** Verifies Vellum's access tokens (HS256, issuer `vellum`) wherever API.md 1.2 lets a client put them. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly verified = new VerifiedTokens<AccessTokenPayload>(VERIFIED_TOKENS_KEPT);

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionsService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([fromQuery, fromHeader, fromCookie(config.auth.sessionCookie.name)]),
      // A KeyObject, which jsonwebtoken takes as is (the typings only list string | Buffer): given the
      // string, it would try to parse it as a PEM key on every request (see verificationKey).
      secretOrKey: verificationKey(config.secret) as unknown as Buffer,
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
    });
  }

  async validate(payload: JwtPayload): Promise<AccessTokenPayload> {
    const claims = accessTokenClaims(payload);
    await this.assertSessionAlive(claims);
    return claims;
  }

  /** The claims of `token` when this instance verified it before and it has not expired since. */
  async verifiedBefore(token: string): Promise<AccessTokenPayload | undefined> {
    const claims = this.verified.get(token, Date.now());
    if (claims) await this.assertSessionAlive(claims);
    return claims;
  }

  /**
   * The request's access token (`token`, as presentedToken found it), verified: expired → 401
   * TOKEN_EXPIRED, forged or malformed → 403 INVALID_TOKEN.
   */
  async accessToken(req: Request, token: string): Promise<AccessTokenPayload> {
    const outcome = await runStrategy<AccessTokenPayload & Pick<JwtPayload, 'exp'>>(this, req);
    if (!outcome.user) throw verificationError(outcome.challenge);
    this.verified.set(token, outcome.user, outcome.user.exp);
    return outcome.user;
  }

  /** A session-mode token dies with its session (logout), not only when it expires. */
  private async assertSessionAlive(claims: AccessTokenPayload): Promise<void> {
    if (claims.session && !(await this.sessions.isAlive(claims.session))) throw new InvalidCredentialsError();
  }
}
